import Foundation

/// A board as a screen shows it: its lists that are not archived, in order, each with its projects
/// (all of them, or a window from the top) in rank order, its count, and which projects are
/// overdue today.
public struct BoardOverview: Hashable, Sendable {
    /// One list of the board, or a window of it.
    public struct Column: Hashable, Sendable, Identifiable {
        /// One project in a list, with its position and whether it is overdue today.
        public struct Item: Hashable, Sendable, Identifiable {
            /// The project as read.
            public let project: Project
            /// The project's index in the whole list, from 0: derived from the ranks.
            public let position: Int
            /// Whether it is late on ``BoardOverview/today``: see ``Project/isOverdue(on:)``.
            public let isOverdue: Bool
            /// How much of its checklist is done; `nil` when it has none, or when it was not read.
            public var checklist: ChecklistProgress?
            /// The project's id.
            public var id: Project.ID { project.id }
        }

        /// The list.
        public let list: BoardList
        /// The projects read, in order; the whole list unless the board was read in windows.
        public var items: [Item]
        /// The number of projects in the whole list.
        public let count: Int
        /// The list's id.
        public var id: BoardList.ID { list.id }
        /// The list's stage: To Do, Doing or Done.
        public var state: ProjectState { list.stage }
        /// Whether the list holds more cards than its limit.
        public var isOverLimit: Bool { list.isOver(count: count) }

        /// Lays out a window of a list for `today`, and for `now` when given: a project due at a
        /// time of day is overdue once the time has passed (``Project/isOverdue(at:today:)``).
        public init(_ window: ColumnWindow, today: Day, now: Date? = nil) {
            list = window.list
            count = window.count
            items = window.projects.enumerated().map { offset, project in
                let overdue = now.map { project.isOverdue(at: $0, today: today) } ?? project.isOverdue(on: today)
                return Item(project: project, position: window.offset + offset, isOverdue: overdue)
            }
        }
    }

    /// The board.
    public let board: Board
    /// The day overdue is judged on.
    public let today: Day
    /// The board's lists that are not archived, in order.
    public var columns: [Column]
    /// The board's labels, by name, for the labels on its cards; empty when they were not read.
    public var labels: [Label] = []

    /// Lays out windows of lists, in the order given, for `today` (and `now`, for due times).
    public init(board: Board, columns: [ColumnWindow], today: Day, now: Date? = nil) {
        self.board = board
        self.today = today
        self.columns = columns.map { Column($0, today: today, now: now) }
    }

    /// Lays out whole lists from `projects` for `today`: the board's `lists` that are not
    /// archived (its standard lists when `nil`), each in rank order, ties by id.
    public init(board: Board, projects: [Project], today: Day, lists: [BoardList]? = nil) {
        var byList: [BoardList.ID: [Project]] = [:]
        for project in projects { byList[project.listID, default: []].append(project) }
        let windows = (lists ?? BoardList.standard(on: board.id)).open.map { list in
            let column = (byList[list.id] ?? []).sorted { first, second in
                first.rank != second.rank ? first.rank < second.rank : first.id.description < second.id.description
            }
            return ColumnWindow(list: list, offset: 0, projects: column, count: column.count)
        }
        self.init(board: board, columns: windows, today: today)
    }

    /// The first list of `state`; an empty standard list when the board has none.
    public func column(_ state: ProjectState) -> Column {
        columns.first { $0.state == state }
            ?? Column(
                ColumnWindow(list: BoardList.standard(on: board.id, state), offset: 0, projects: [], count: 0),
                today: today)
    }

    /// The list with this id, when it is on the board and not archived.
    public func column(list id: BoardList.ID) -> Column? {
        columns.first { $0.id == id }
    }

    /// Every project read, list by list.
    public var projects: [Project] { columns.flatMap { $0.items.map(\.project) } }
}
