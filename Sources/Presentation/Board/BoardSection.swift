import ProjectManagerDomain

/// One list of the board as a table section: its title, its rows, and its limit.
public struct BoardSection: Hashable, Sendable, Identifiable {
    /// The list.
    public let list: BoardList.ID
    /// The list's stage.
    public let state: ProjectState
    /// The list's name: for a standard list as made, its stage's name for the locale ("To Do",
    /// "할 일"); else the name the user gave it.
    public let title: String
    /// The projects of the list read, in order.
    public let rows: [BoardRow]
    /// The number of projects in the whole list (more than ``rows`` when the board was read in
    /// windows, or filtered).
    public let total: Int
    /// The list's soft limit, if it has one.
    public let limit: Int?
    /// What to say about the limit when the list is over it, for the locale; `nil` when it is not.
    public let overLimitNote: String?

    /// Makes a section value; the board view model makes sections from a board.
    public init(
        list: BoardList.ID, state: ProjectState, title: String, rows: [BoardRow], total: Int? = nil,
        limit: Int? = nil, overLimitNote: String? = nil
    ) {
        self.list = list
        self.state = state
        self.title = title
        self.rows = rows
        self.total = total ?? rows.count
        self.limit = limit
        self.overLimitNote = overLimitNote
    }

    /// A section of the default board's standard list of `state`.
    public init(state: ProjectState, title: String, rows: [BoardRow]) {
        self.init(list: .standard(on: .default, state), state: state, title: title, rows: rows)
    }

    /// The number of projects in the section.
    public var count: Int { rows.count }

    /// Whether the list holds more cards than its limit.
    public var isOverLimit: Bool { overLimitNote != nil }

    /// The list's id.
    public var id: BoardList.ID { list }
}
