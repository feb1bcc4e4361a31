/// What a list screen shows: its rows, and what it says when there are none.
public struct RowList<Row: Hashable & Sendable>: Hashable, Sendable {
    /// The rows, in the screen's order.
    public let rows: [Row]
    /// What the screen says when ``rows`` is empty; `nil` otherwise.
    public let emptyText: String?

    /// The rows, with `emptyText` shown only when there are none.
    init(rows: [Row], emptyText: String) {
        self.rows = rows
        self.emptyText = rows.isEmpty ? emptyText : nil
    }
}
