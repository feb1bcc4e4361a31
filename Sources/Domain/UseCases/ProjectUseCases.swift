import Foundation

/// Creates a project from a validated draft, in a column of a board (last, or at an index).
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

    /// - Parameter index: The index in the column; `nil` or past the end places it last.
    /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule,
    ///   ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n*) for a column of *n* projects, plus one save.
    public func callAsFunction(
        _ draft: ProjectDraft, on board: Board.ID = .default, in state: ProjectState = .todo, at index: Int? = nil
    ) async throws(RepositoryError) -> Project {
        let project = try ProjectDraft.validated(draft).project(
            id: Project.ID(rawValue: environment.makeID()), on: board, in: state, at: environment.now(),
            today: environment.today())
        return try await projects.insert(project, at: index)
    }
}

/// Creates many projects as one save and one undo step: an import from a backup, a CSV or a
/// repository's issues.
///
/// ```swift
/// let imported = try await importProjects(drafts, on: board.id)
/// ```
public struct ImportProjects: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// Validates every draft, then appends them, in order, to the end of their column.
    /// - Returns: The saved projects, in the drafts' order.
    /// - Throws: ``RepositoryError/invalid(_:)`` with the rules the first failing draft breaks
    ///   (nothing is saved), ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*k* log *n*) for *k* drafts, plus one save.
    public func callAsFunction(
        _ drafts: [ProjectDraft], on board: Board.ID = .default, in state: ProjectState = .todo
    ) async throws(RepositoryError) -> [Project] {
        let now = environment.now()
        let today = environment.today()
        var batch: [Project] = []
        batch.reserveCapacity(drafts.count)
        for draft in drafts {
            batch.append(try ProjectDraft.validated(draft).project(
                id: Project.ID(rawValue: environment.makeID()), on: board, in: state, at: now, today: today))
        }
        return try await projects.insert(batch)
    }
}

/// Replaces a project's title, body, deadline and repeat rule, after validating them (a repeating
/// project's deadline and schedule follow ``ProjectSchedule``).
public struct UpdateProject: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Returns: The project, and whether the draft changed anything (nothing is saved if not).
    /// - Throws: ``RepositoryError/invalid(_:)`` (a broken rule, or a repeat rule with no day
    ///   left), ``RepositoryError/notFound(_:)``.
    @discardableResult
    public func callAsFunction(_ id: Project.ID, with draft: ProjectDraft) async throws(RepositoryError) -> ProjectChange {
        try await projects.edit(id, to: ProjectDraft.validated(draft), now: environment.now())
    }
}

/// Deletes a project; the others keep their places.
public struct DeleteProject: Sendable {
    private let projects: any ProjectRepository

    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// - Returns: The deleted project.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    @discardableResult
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> Project {
        try await projects.delete(id)
    }
}

/// Moves a project to a state and an index in that state's column, on its board or another.
///
/// The one operation behind the long-press state menu, reordering, and drag and drop:
/// ```swift
/// try await moveProject(id, to: .doing)        // last in Doing
/// try await moveProject(id, to: .todo, at: 0)  // first in To Do
/// ```
/// Only the moved project is written: it takes a rank between its new neighbours.
///
/// Moving a repeating project to Done completes the occurrence it waits for: while its schedule
/// has another, it goes back to To Do due on that one (see ``ProjectRepository/move(_:to:at:now:)``).
/// After the last (`COUNT`, `UNTIL`) it stays in Done.
public struct MoveProject: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Parameter index: The index in the destination column, counted without the moved project;
    ///   `nil` or past the end places it last.
    /// - Returns: The project, and whether it moved (a move to where it stands saves nothing and
    ///   records no history).
    /// - Throws: ``RepositoryError/notFound(_:)``.
    /// - Complexity: O(log *n*) for a column of *n* projects, plus one save.
    @discardableResult
    public func callAsFunction(
        _ id: Project.ID, to state: ProjectState, at index: Int? = nil
    ) async throws(RepositoryError) -> ProjectChange {
        try await projects.move(id, to: state, at: index, now: environment.now())
    }

    /// Moves a project to another board, at an index of one of its columns: Krello's "Move card"
    /// to a board, or a drag from one board's screen to another's.
    ///
    /// ```swift
    /// try await moveProject(card.id, toBoard: work.id)                    // last, in its own column
    /// try await moveProject(card.id, toBoard: work.id, in: .doing, at: 0) // first in Doing
    /// ```
    /// Only the moved project is written, with a rank between its new neighbours; both boards'
    /// histories record it, and the board it left can undo it (an undo that would overwrite a later
    /// change on the other board throws ``RepositoryError/undoConflict(_:)``).
    /// - Parameters:
    ///   - board: The board to move it to; its own board moves it within it.
    ///   - state: The column there; `nil` keeps the one it stands in.
    ///   - index: The index in that column, counted without the moved project; `nil` or past the
    ///     end places it last.
    /// - Returns: The project, and whether it moved.
    /// - Throws: ``RepositoryError/notFound(_:)`` for the project or the board (also when either
    ///   is another account's).
    /// - Complexity: O(log *n*) for a column of *n* projects, plus one save.
    @discardableResult
    public func callAsFunction(
        _ id: Project.ID, toBoard board: Board.ID, in state: ProjectState? = nil, at index: Int? = nil
    ) async throws(RepositoryError) -> ProjectChange {
        try await projects.move(id, toBoard: board, in: state, at: index, now: environment.now())
    }
}

/// Skips the occurrence a repeating project waits for: "not this one". The day becomes an
/// exception of its schedule (`EXDATE`) and the project is due on the next occurrence; when the
/// schedule has no other, the project is done.
///
/// ```swift
/// let change = try await skipOccurrence(id)   // change.project.deadline: the next occurrence
/// ```
/// Only the project is written, with one history entry; undo puts the occurrence back.
public struct SkipOccurrence: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Returns: The project as saved.
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/noOccurrenceToSkip`` when
    ///   the project does not repeat or is done, ``RepositoryError/notFound(_:)``.
    /// - Complexity: the cost of finding one occurrence, plus one save.
    @discardableResult
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> ProjectChange {
        try await projects.skipOccurrence(id, now: environment.now())
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

    /// Where the project stands: its column, its index there, and the column's size.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    public func place(of id: Project.ID) async throws(RepositoryError) -> ProjectPlace {
        try await projects.place(of: id)
    }
}

/// Reads a board as its screen shows it: three columns, counts, and overdue flags for today.
public struct FetchBoard: Sendable {
    let boards: any BoardRepository
    let projects: any ProjectRepository
    let environment: EngineEnvironment

    public init(boards: any BoardRepository, projects: any ProjectRepository, environment: EngineEnvironment) {
        self.boards = boards
        self.projects = projects
        self.environment = environment
    }

    /// - Parameter window: How many projects of each column to read from its top (`nil`: all);
    ///   each column's ``BoardOverview/Column/count`` is its whole size either way.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*k*) for the *k* projects read.
    public func callAsFunction(_ id: Board.ID = .default, window: Int? = nil) async throws(RepositoryError) -> BoardOverview {
        let board = try await boards.board(id: id)
        var columns: [ColumnWindow] = []
        for state in ProjectState.allCases {
            columns.append(try await projects.column(state, onBoard: id, offset: 0, limit: window))
        }
        return BoardOverview(board: board, columns: columns, today: environment.today())
    }

    /// A further window of one column, for a screen that scrolls.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func column(
        _ state: ProjectState, on id: Board.ID = .default, offset: Int, limit: Int
    ) async throws(RepositoryError) -> BoardOverview.Column {
        BoardOverview.Column(
            try await projects.column(state, onBoard: id, offset: offset, limit: limit), today: environment.today())
    }
}
