/// How much of a card's checklist is ticked: the badge a card shows, "2/5".
public struct ChecklistProgress: Hashable, Sendable, CustomStringConvertible {
    /// The items ticked.
    public let done: Int
    /// All the items.
    public let total: Int

    /// `done` items ticked of `total`.
    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }

    /// The progress of `items`.
    /// - Complexity: O(*n*) for *n* items.
    public init(_ items: [ChecklistItem]) {
        self.init(done: items.count { $0.isDone }, total: items.count)
    }

    /// Whether the checklist has items and every one is ticked.
    public var isComplete: Bool { total > 0 && done == total }

    /// The items ticked and all the items: `2/5`.
    public var description: String { "\(done)/\(total)" }
}
