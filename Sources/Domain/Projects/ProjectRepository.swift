import Foundation

/// Where projects are kept: the port the use cases read and write projects through.
///
/// Each write is one operation on one card (insert at an index, move to an index, edit, delete) or
/// one batch (an import), saved atomically; the repository resolves the card's neighbours through
/// an ordered index of each column, so a one-card change reads and writes that card alone.
/// Implementations live in the Data layer. Every method is safe to call from any task, and writes
/// never interleave.
public protocol ProjectRepository: Sendable {
    /// The project with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    func project(id: Project.ID) async throws(RepositoryError) -> Project

    /// Where a project stands: its column, its index there and the column's size.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    /// - Complexity: O(log *n*) for a column of *n* projects.
    func place(of id: Project.ID) async throws(RepositoryError) -> ProjectPlace

    /// A window of a column, in order: the projects from `offset`, at most `limit` (`nil`: all).
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n* + *k*) for *k* projects returned.
    func column(
        _ state: ProjectState, onBoard board: Board.ID, offset: Int, limit: Int?
    ) async throws(RepositoryError) -> ColumnWindow

    /// Saves a new project at `index` in its column (last when `nil` or past the end), ranked
    /// between its neighbours; nothing else is written but its activity.
    /// - Returns: The project as saved, with its rank.
    /// - Throws: ``RepositoryError/notFound(_:)`` when its board does not exist,
    ///   ``RepositoryError/storage(_:)``.
    func insert(_ project: Project, at index: Int?) async throws(RepositoryError) -> Project

    /// Saves new projects as one save and one undo step, each appended to its column in order.
    /// - Returns: The projects as saved, in the order given.
    /// - Throws: as ``insert(_:at:)``; nothing is saved when any project cannot be.
    func insert(_ projects: [Project]) async throws(RepositoryError) -> [Project]

    /// Moves a project to `index` in the column of `state`, counted without the project itself
    /// (last when `nil` or past the end). A move to where the project already stands saves nothing.
    ///
    /// A repeating project moved to Done completes the occurrence it waits for instead, while
    /// its schedule has another (``Project/nextOccurrenceAfterCompleting(today:)``, `today` the
    /// user's day at `now`): it goes back to To Do (where it stands when it is there, else last),
    /// due on the next occurrence, recorded as ``Activity/Kind/occurrenceCompleted(_:next:)``.
    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(_:)``.
    func move(
        _ id: Project.ID, to state: ProjectState, at index: Int?, now: Date
    ) async throws(RepositoryError) -> ProjectChange

    /// Moves a project to another board, at `index` in the column of `state` there (the column it
    /// stands in when `state` is `nil`; last when `index` is `nil` or past the end), ranked between
    /// its new neighbours: one save, one project written, an activity on each board
    /// (``Activity/Kind/movedToBoard(_:title:from:to:)`` on the board it leaves,
    /// ``Activity/Kind/movedFromBoard(_:title:from:to:)`` on the one it joins), and one undo step
    /// of the board it leaves. A move to its own board is ``move(_:to:at:now:)``.
    /// - Throws: ``RepositoryError/notFound(_:)`` for the project or the board,
    ///   ``RepositoryError/storage(_:)``.
    /// - Complexity: O(log *n*) for a destination column of *n* projects, plus one save.
    func move(
        _ id: Project.ID, toBoard board: Board.ID, in state: ProjectState?, at index: Int?, now: Date
    ) async throws(RepositoryError) -> ProjectChange

    /// Replaces a project's title, body, deadline and repeat rule with the draft's (already
    /// validated), its schedule as ``Project/applying(_:today:)`` gives it on the user's day at
    /// `now`; a draft equal to the project's saves nothing.
    /// - Throws: ``RepositoryError/invalid(_:)`` when the repeat rule has no day left,
    ///   ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(_:)``.
    func edit(_ id: Project.ID, to draft: ProjectDraft, now: Date) async throws(RepositoryError) -> ProjectChange

    /// Skips the occurrence a repeating project waits for (``Project/skippingOccurrence(today:)``,
    /// `today` the user's day at `now`): its day becomes an exception and the project is due on
    /// the next occurrence, or, when the schedule has ended, goes last in Done; recorded as
    /// ``Activity/Kind/occurrenceSkipped(_:next:)``.
    /// - Throws: ``RepositoryError/invalid(_:)`` when the project does not repeat or is done,
    ///   ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(_:)``.
    func skipOccurrence(_ id: Project.ID, now: Date) async throws(RepositoryError) -> ProjectChange

    /// Deletes a project; the others keep their ranks.
    /// - Returns: The deleted project.
    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(_:)``.
    func delete(_ id: Project.ID) async throws(RepositoryError) -> Project

    /// A stream of every save from now on, whoever made it; it ends when the repository goes away.
    func changes() -> AsyncStream<RepositoryChange>
}

extension ProjectRepository {
    /// Every project on the board, column by column, each column in order.
    /// - Complexity: O(*n*) for *n* projects on the board.
    public func projects(onBoard board: Board.ID) async throws(RepositoryError) -> [Project] {
        var projects: [Project] = []
        for state in ProjectState.allCases {
            projects += try await column(state, onBoard: board, offset: 0, limit: nil).projects
        }
        return projects
    }
}

/// Where a project stands on its board.
public struct ProjectPlace: Hashable, Sendable {
    /// The column.
    public let state: ProjectState
    /// The project's index in the column, from 0.
    public let index: Int
    /// The number of projects in the column.
    public let count: Int

    public init(state: ProjectState, index: Int, count: Int) {
        self.state = state
        self.index = index
        self.count = count
    }
}

/// A window of a column: some of its projects, in order, and how many it holds in all.
public struct ColumnWindow: Hashable, Sendable {
    public let state: ProjectState
    /// The index in the column of the first project of ``projects``.
    public let offset: Int
    /// The projects of the window, in order.
    public let projects: [Project]
    /// The number of projects in the whole column.
    public let count: Int

    public init(state: ProjectState, offset: Int, projects: [Project], count: Int) {
        self.state = state
        self.offset = offset
        self.projects = projects
        self.count = count
    }
}

/// What a move or an edit did: the project as it is now, and whether anything changed.
public struct ProjectChange: Hashable, Sendable {
    /// The project after the operation.
    public let project: Project
    /// `false` when the project already was as asked, and nothing was saved.
    public let isChanged: Bool

    public init(project: Project, isChanged: Bool) {
        self.project = project
        self.isChanged = isChanged
    }
}
