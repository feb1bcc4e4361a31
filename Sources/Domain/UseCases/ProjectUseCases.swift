import Foundation

/// Creates a project from a validated draft, last in a column of a board.
///
/// ```swift
/// let project = try await createProject(ProjectDraft(title: "Write report"))
/// ```
public struct CreateProject: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule,
    ///   ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func callAsFunction(
        _ draft: ProjectDraft, on board: Board.ID = .default, in state: ProjectState = .todo
    ) async throws(RepositoryError) -> Project {
        let failures = draft.failures
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        let now = environment.now()
        let project = Project(
            id: Project.ID(rawValue: environment.makeID()), boardID: board,
            title: draft.normalizedTitle, body: draft.body, deadline: draft.deadline,
            state: state, createdAt: now)
        return try await projects.updateProjects(onBoard: board) { board throws(RepositoryError) in
            board.insert(project)
            return board.project(id: project.id) ?? project
        }
    }
}

/// Replaces a project's title, body and deadline, after validating them.
public struct UpdateProject: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Returns: The saved project.
    /// - Throws: ``RepositoryError/invalid(_:)``, ``RepositoryError/notFound(_:)``.
    public func callAsFunction(_ id: Project.ID, with draft: ProjectDraft) async throws(RepositoryError) -> Project {
        let failures = draft.failures
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        let current = try await projects.project(id: id)
        let now = environment.now()
        return try await projects.updateProjects(onBoard: current.boardID) { board throws(RepositoryError) in
            try board.edit(id, with: draft, now: now)
        }
    }
}

/// Deletes a project; the projects after it in its column move up.
public struct DeleteProject: Sendable {
    private let projects: any ProjectRepository

    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// - Returns: The deleted project.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    @discardableResult
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> Project {
        let current = try await projects.project(id: id)
        return try await projects.updateProjects(onBoard: current.boardID) { board throws(RepositoryError) in
            try board.remove(id)
        }
    }
}

/// Moves a project to a state and an index in that state's column.
///
/// The one operation behind the long-press state menu, reordering, and drag and drop:
/// ```swift
/// try await moveProject(id, to: .doing)        // last in Doing
/// try await moveProject(id, to: .todo, at: 0)  // first in To Do
/// ```
public struct MoveProject: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Parameter index: The index in the destination column, counted without the moved project;
    ///   `nil` or past the end places it last.
    /// - Returns: The moved project.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    @discardableResult
    public func callAsFunction(
        _ id: Project.ID, to state: ProjectState, at index: Int? = nil
    ) async throws(RepositoryError) -> Project {
        let current = try await projects.project(id: id)
        let now = environment.now()
        return try await projects.updateProjects(onBoard: current.boardID) { board throws(RepositoryError) in
            try board.move(id, to: state, at: index, now: now)
        }
    }
}

/// Reads one project.
public struct FetchProject: Sendable {
    private let projects: any ProjectRepository

    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// - Throws: ``RepositoryError/notFound(_:)``.
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> Project {
        try await projects.project(id: id)
    }
}

/// Reads a board as its screen shows it: three columns, counts, and overdue flags for today.
public struct FetchBoard: Sendable {
    private let boards: any BoardRepository
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(boards: any BoardRepository, projects: any ProjectRepository, environment: EngineEnvironment) {
        self.boards = boards
        self.projects = projects
        self.environment = environment
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func callAsFunction(_ id: Board.ID = .default) async throws(RepositoryError) -> BoardOverview {
        let board = try await boards.board(id: id)
        let items = try await projects.projects(onBoard: id)
        return BoardOverview(board: board, projects: items, today: environment.today())
    }
}
