import ProjectManagerDomain

/// The create form: editable at once; `save` creates the project, `cancel` saves nothing.
public struct CreateMode: EditMode {
    private let createProject: CreateProject
    private let board: Board.ID
    private let state: ProjectState
    private let draft: ProjectDraft

    /// A create form that adds the project last in `state`'s column of `board`.
    /// - Parameter draft: What the fields show when the form opens.
    public init(
        createProject: CreateProject, board: Board.ID = .default, state: ProjectState = .todo,
        draft: ProjectDraft = ProjectDraft()
    ) {
        self.createProject = createProject
        self.board = board
        self.state = state
        self.draft = draft
    }

    public var isInitiallyEditable: Bool { true }

    public var title: Phrase { .newProjectTitle }

    public func begin() async throws(RepositoryError) -> Session {
        Session(initialDraft: draft, createProject: createProject, board: board, state: state)
    }

    /// A create form's session: nothing exists until ``commit(_:)``.
    public struct Session: EditSession {
        public let initialDraft: ProjectDraft
        let createProject: CreateProject
        let board: Board.ID
        let state: ProjectState

        public func commit(_ draft: ProjectDraft) async throws(RepositoryError) -> Project {
            try await createProject(draft, on: board, in: state)
        }

        public func discard() async {}
    }
}
