/// A board as a screen shows it: its three columns in order, each with its projects (all of them,
/// or a window from the top) in rank order, its count, and which projects are overdue today.
public struct BoardOverview: Hashable, Sendable {
    /// One column of the board, or a window of it.
    public struct Column: Hashable, Sendable, Identifiable {
        /// One project in a column, with its position and whether it is overdue today.
        public struct Item: Hashable, Sendable, Identifiable {
            /// The project as read.
            public let project: Project
            /// The project's index in the whole column, from 0: derived from the ranks.
            public let position: Int
            /// Whether it is late on ``BoardOverview/today``: see ``Project/isOverdue(on:)``.
            public let isOverdue: Bool
            public var id: Project.ID { project.id }
        }

        /// The column's state: To Do, Doing or Done.
        public let state: ProjectState
        /// The projects read, in order; the whole column unless the board was read in windows.
        public let items: [Item]
        /// The number of projects in the whole column.
        public let count: Int
        public var id: ProjectState { state }

        /// Lays out a window of a column for `today`.
        public init(_ window: ColumnWindow, today: Day) {
            state = window.state
            count = window.count
            items = window.projects.enumerated().map { offset, project in
                Item(project: project, position: window.offset + offset, isOverdue: project.isOverdue(on: today))
            }
        }
    }

    /// The board read.
    public let board: Board
    /// The day the overdue flags were computed for.
    public let today: Day
    /// To Do, Doing and Done, in that order.
    public let columns: [Column]

    /// Lays out columns read from a repository for `today`.
    public init(board: Board, columns: [ColumnWindow], today: Day) {
        self.board = board
        self.today = today
        self.columns = ProjectState.allCases.map { state in
            Column(
                columns.first { $0.state == state } ?? ColumnWindow(state: state, offset: 0, projects: [], count: 0),
                today: today)
        }
    }

    /// Lays out a board's projects, in any order, for `today`: each column sorted by rank.
    ///
    /// - Complexity: O(*n* log *n*) for *n* projects.
    public init(board: Board, projects: [Project], today: Day) {
        let columns = ProjectState.allCases.map { state in
            let column = projects.filter { $0.state == state }.sorted {
                $0.rank != $1.rank ? $0.rank < $1.rank : $0.id.description < $1.id.description
            }
            return ColumnWindow(state: state, offset: 0, projects: column, count: column.count)
        }
        self.init(board: board, columns: columns, today: today)
    }

    /// The column for a state.
    public func column(_ state: ProjectState) -> Column {
        columns.first { $0.state == state }
            ?? Column(ColumnWindow(state: state, offset: 0, projects: [], count: 0), today: today)
    }

    /// Every project read, column by column.
    public var projects: [Project] { columns.flatMap { $0.items.map(\.project) } }
}
