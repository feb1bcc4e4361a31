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

    /// A window of the board's first list of `state` that is not archived, in order: the projects
    /// from `offset`, at most `limit` (`nil`: all). A board without such a list has an empty one.
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

    /// The board's lists in the board's order, archived ones included; a board whose lists were
    /// never changed has its three standard lists (``BoardList/standard(on:)``).
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    func lists(onBoard board: Board.ID) async throws(RepositoryError) -> [BoardList]

    /// The board's cards that wait on a deadline on or before `day` (``Project/waits(through:)``)
    /// in its open lists, earliest deadline first (ties by id): what the today summary reads.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n* + *k*) for *k* cards returned, where the store keeps cards by deadline.
    func projects(dueThrough day: Day, onBoard board: Board.ID) async throws(RepositoryError) -> [Project]

    /// A window of one list, in order: the projects from `offset`, at most `limit` (`nil`: all).
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    /// - Complexity: O(log *n* + *k*) for *k* projects returned.
    func column(
        list: BoardList.ID, onBoard board: Board.ID, offset: Int, limit: Int?
    ) async throws(RepositoryError) -> ColumnWindow

    /// The board's labels, by name.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    func labels(onBoard board: Board.ID) async throws(RepositoryError) -> [Label]

    /// The archived projects of a list, in order.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    func archived(inList list: BoardList.ID, onBoard board: Board.ID) async throws(RepositoryError) -> [Project]
    /// The card's checklist, in order.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* items, through an ordered index of each card's checklist.
    func checklist(of card: Project.ID) async throws(RepositoryError) -> [ChecklistItem]

    /// The card's comments, newest first.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* comments, through an ordered index of each card's comments.
    func comments(of card: Project.ID) async throws(RepositoryError) -> [Comment]

    /// How much of each card's checklist is done, for the cards of `board` that have one (a board's
    /// rows); a card not on the board has none.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: One count per card through the checklists' ordered index, and one read of
    ///   the items of each card that has some.
    func checklistProgress(of cards: [Project.ID], onBoard board: Board.ID) async throws(RepositoryError)
        -> [Project.ID: ChecklistProgress]
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
    /// Every open list read whole and filtered: a repository written before it kept cards by deadline.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*n* log *n*) for *n* cards on the board.
    public func projects(dueThrough day: Day, onBoard board: Board.ID) async throws(RepositoryError) -> [Project] {
        var found: [Project] = []
        for list in try await lists(onBoard: board).open {
            found += try await column(list: list.id, onBoard: board, offset: 0, limit: nil).projects.filter {
                $0.waits(through: day)
            }
        }
        return found.sorted(by: Project.byDeadline)
    }

    /// The three standard lists: a repository written before boards had lists of their own.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board (or the list) does not exist.
    public func lists(onBoard board: Board.ID) async throws(RepositoryError) -> [BoardList] {
        BoardList.standard(on: board)
    }

    /// Each card's checklist read in turn: a repository written before it could read them at once.
    /// - Throws: ``RepositoryError/notFound(_:)`` when a card does not exist.
    public func checklistProgress(of cards: [Project.ID], onBoard board: Board.ID) async throws(RepositoryError)
        -> [Project.ID: ChecklistProgress]
    {
        var progress: [Project.ID: ChecklistProgress] = [:]
        for card in cards where try await project(id: card).boardID == board {
            let items = try await checklist(of: card)
            if !items.isEmpty { progress[card] = ChecklistProgress(items) }
        }
        return progress
    }

    /// No labels: a repository written before boards had labels.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board (or the list) does not exist.
    public func labels(onBoard board: Board.ID) async throws(RepositoryError) -> [Label] { [] }

    /// No archived projects: a repository written before projects could be archived.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board (or the list) does not exist.
    public func archived(inList list: BoardList.ID, onBoard board: Board.ID) async throws(RepositoryError)
        -> [Project]
    { [] }

    /// A standard list's window, read as the column of its stage: a repository written before
    /// boards had lists of their own.
    /// - Throws: ``RepositoryError/notFound(_:)`` for any other list.
    public func column(
        list: BoardList.ID, onBoard board: Board.ID, offset: Int, limit: Int?
    ) async throws(RepositoryError) -> ColumnWindow {
        guard let stage = list.standardStage(on: board) else { throw .notFound(.list(list)) }
        return try await column(stage, onBoard: board, offset: offset, limit: limit)
    }

    /// No items: a repository written before cards had checklists reads none.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    public func checklist(of card: Project.ID) async throws(RepositoryError) -> [ChecklistItem] {
        _ = try await project(id: card)
        return []
    }

    /// No comments: a repository written before cards had comments reads none.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    public func comments(of card: Project.ID) async throws(RepositoryError) -> [Comment] {
        _ = try await project(id: card)
        return []
    }

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

    /// Every project on the board, list by list in the board's order (archived lists included),
    /// each list in order.
    /// - Complexity: O(*n*) for *n* projects on the board.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func projects(onBoard board: Board.ID) async throws(RepositoryError) -> [Project] {
        var projects: [Project] = []
        for list in try await lists(onBoard: board) {
            projects += try await column(list: list.id, onBoard: board, offset: 0, limit: nil).projects
        }
        return projects
    }
}

/// Where a project stands on its board.
public struct ProjectPlace: Hashable, Sendable {
    /// The stage of the project's list.
    public let state: ProjectState
    /// The project's list.
    public let list: BoardList.ID
    /// The project's index in the list, from 0.
    public let index: Int
    /// The number of projects in the list.
    public let count: Int

    /// A project at `index` of `list`, of stage `state`, of `count` projects.
    public init(state: ProjectState, list: BoardList.ID, index: Int, count: Int) {
        self.state = state
        self.list = list
        self.index = index
        self.count = count
    }
}

/// A window of a list: some of its projects, in order, and how many it holds in all.
public struct ColumnWindow: Hashable, Sendable {
    /// The list.
    public let list: BoardList
    /// The index in the list of the first project of ``projects``.
    public let offset: Int
    /// The projects of the window, in order.
    public let projects: [Project]
    /// The number of projects in the whole list.
    public let count: Int

    /// The stage of the list.
    public var state: ProjectState { list.stage }

    /// A window of `projects` from `offset` of `list`, which holds `count` projects.
    public init(list: BoardList, offset: Int, projects: [Project], count: Int) {
        self.list = list
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
