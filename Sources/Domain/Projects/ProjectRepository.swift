import Foundation

/// Where projects are kept: the storage verbs the use cases read projects through.
///
/// The port reads; it decides nothing. A use case reads a card and its neighbours' ranks here,
/// decides what changes (``MoveProject``, ``Project/occurrenceCompleted(byMovingTo:today:)``), and saves the result as one
/// ``ChangeSet`` through ``ChangeRecording``. Implementations keep an ordered index of each
/// column, so that a one-card change reads that card and two neighbours. Every method is safe to
/// call from any task.
public protocol ProjectRepository: Sendable {
    /// The project with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    /// - Complexity: O(1).
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

    /// The gap at `index` of a column, counted without the project `moving` (last when `nil` or
    /// past the end): the ranks of the projects on either side of it, and where `moving` stands
    /// in the column now, if it is there.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n*) for a column of *n* projects.
    func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) async throws(RepositoryError) -> ColumnGap

    /// A stream of every save from now on, whoever made it; it ends when the repository goes away.
    func changes() -> AsyncStream<RepositoryChange>
}

/// A place between two projects of a column, where a project is put.
public struct ColumnGap: Hashable, Sendable {
    /// The gap's index: the index the project put there takes, counted without it.
    public let index: Int
    /// The rank of the project before the gap, if any.
    public let before: Rank?
    /// The rank of the project after the gap, if any.
    public let after: Rank?
    /// The index in the column of the project that moves, when it is in this column.
    public let current: Int?

    /// A gap at `index`, between the ranks `before` and `after`, the moving project at `current`.
    public init(index: Int, before: Rank?, after: Rank?, current: Int?) {
        self.index = index
        self.before = before
        self.after = after
        self.current = current
    }

    /// Whether the gap is where the moving project already stands: a move there changes nothing.
    public var isCurrentPlace: Bool { current == index }

    /// A rank between the gap's neighbours.
    public var rank: Rank { Rank.between(before, after) }

    /// The gap at `index` of `column`, a whole column in order, counted without the project
    /// `moving` (last when `nil` or past the end).
    /// - Complexity: O(*n*) for a column of *n* projects.
    public init(at index: Int?, in column: [Project], moving: Project.ID?) {
        let current = moving.flatMap { id in column.firstIndex { $0.id == id } }
        let others = column.filter { $0.id != moving }
        let gap = min(max(index ?? others.count, 0), others.count)
        self.init(
            index: gap, before: gap > 0 ? others[gap - 1].rank : nil,
            after: gap < others.count ? others[gap].rank : nil,
            current: current)
    }
}

extension ProjectRepository {
    /// The gap, found by reading the whole column: enough for a small store, such as a test's.
    /// A store with an ordered index of each column implements it in O(log *n*).
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*n*) for a column of *n* projects.
    public func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) async throws(RepositoryError) -> ColumnGap {
        ColumnGap(
            at: index, in: try await column(state, onBoard: board, offset: 0, limit: nil).projects, moving: moving)
    }

    /// Every project on the board, column by column, each column in order.
    /// - Complexity: O(*n*) for *n* projects on the board.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
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

    /// A project at `index` of the `state` column of `count` projects.
    public init(state: ProjectState, index: Int, count: Int) {
        self.state = state
        self.index = index
        self.count = count
    }
}

/// A window of a column: some of its projects, in order, and how many it holds in all.
public struct ColumnWindow: Hashable, Sendable {
    /// The column.
    public let state: ProjectState
    /// The index in the column of the first project of ``projects``.
    public let offset: Int
    /// The projects of the window, in order.
    public let projects: [Project]
    /// The number of projects in the whole column.
    public let count: Int

    /// A window of `projects` from `offset` of the `state` column of `count` projects.
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

    /// The project as saved, or as it was when `isChanged` is `false`.
    public init(project: Project, isChanged: Bool) {
        self.project = project
        self.isChanged = isChanged
    }
}
