import ProjectManagerDomain

/// One column of the board as a table section: its title, its count and its rows.
public struct BoardSection: Hashable, Sendable, Identifiable {
    /// The column's state.
    public let state: ProjectState
    /// The state's name for the locale: "To Do", "할 일".
    public let title: String
    /// The projects of the column, in order.
    public let rows: [BoardRow]

    /// Makes a section value; the board view model makes sections from a board.
    public init(state: ProjectState, title: String, rows: [BoardRow]) {
        self.state = state
        self.title = title
        self.rows = rows
    }

    /// The number of projects in the column.
    public var count: Int { rows.count }

    /// The column's state.
    public var id: ProjectState { state }
}
