/// A change to one checklist item, as ``EditChecklistItem`` makes it.
public enum ChecklistEdit: Hashable, Sendable {
    /// Give the item new text.
    case text(String)
    /// Tick the item (`true`) or untick it (`false`).
    case done(Bool)
    /// Move the item to this index of its checklist (from 0; past the end is last).
    case move(to: Int)
    /// Take the item off its card.
    case delete
}
