/// A board as a screen shows it: its three columns in order, each with its projects in position
/// order, a count, and which projects are overdue today.
public struct BoardOverview: Hashable, Sendable {
    /// One column of the board.
    public struct Column: Hashable, Sendable, Identifiable {
        /// One project in a column, with whether it is overdue today.
        public struct Item: Hashable, Sendable, Identifiable {
            public let project: Project
            public let isOverdue: Bool
            public var id: Project.ID { project.id }
        }

        public let state: ProjectState
        public let items: [Item]
        public var id: ProjectState { state }
        /// The number of projects in the column.
        public var count: Int { items.count }
    }

    public let board: Board
    /// The day the overdue flags were computed for.
    public let today: Day
    /// To Do, Doing and Done, in that order.
    public let columns: [Column]

    /// Lays out a board's projects for `today`.
    ///
    /// - Complexity: O(*n* log *n*) for *n* projects.
    public init(board: Board, projects: [Project], today: Day) {
        let layout = BoardProjects(boardID: board.id, projects: projects)
        self.board = board
        self.today = today
        self.columns = ProjectState.allCases.map { state in
            Column(
                state: state,
                items: layout.column(state).map {
                    Column.Item(project: $0, isOverdue: $0.isOverdue(on: today))
                })
        }
    }

    /// The column for a state.
    public func column(_ state: ProjectState) -> Column {
        columns.first { $0.state == state } ?? Column(state: state, items: [])
    }

    /// Every project on the board, column by column.
    public var projects: [Project] { columns.flatMap { $0.items.map(\.project) } }
}
