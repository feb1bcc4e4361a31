/// A change to a board's label, as ``EditLabel`` makes it.
public enum LabelEdit: Hashable, Sendable {
    /// Give the label a new name (empty for a label known by its colour).
    case rename(String)
    /// Give the label a new colour.
    case colour(LabelColour)
    /// Delete the label and take it off every card.
    case delete
}
