import ProjectManagerDomain

/// The create form: editable at once; `save` creates the project, `cancel` saves nothing.
public struct CreateMode: EditMode {
    private let createProject: CreateProject
    private let board: Board.ID
    private let state: ProjectState
    private let list: BoardList.ID?
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
        self.list = nil
        self.draft = draft
    }

    /// A create form that adds the project last in `list`, one of `board`'s lists (Trello's "Add a
    /// card" at a list's foot).
    /// - Parameter draft: What the fields show when the form opens.
    public init(
        createProject: CreateProject, board: Board.ID = .default, list: BoardList.ID,
        draft: ProjectDraft = ProjectDraft()
    ) {
        self.createProject = createProject
        self.board = board
        self.state = .todo
        self.list = list
        self.draft = draft
    }

    public var isInitiallyEditable: Bool { true }

    public var title: Phrase { .newProjectTitle }

    public func begin() async throws(RepositoryError) -> Session {
        Session(initialDraft: draft, createProject: createProject, board: board, state: state, list: list)
    }

    /// A create form's session: nothing exists until ``commit(_:)``.
    public struct Session: EditSession {
        public let initialDraft: ProjectDraft
        let createProject: CreateProject
        let board: Board.ID
        let state: ProjectState
        let list: BoardList.ID?

        /// Creates the project last in the session's list, else in its state's column.
        /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule,
        ///   ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
        public func commit(_ draft: ProjectDraft) async throws(RepositoryError) -> Project {
            if let list { return try await createProject(draft, on: board, inList: list) }
            return try await createProject(draft, on: board, in: state)
        }

        public func discard() async {}
    }
}
