/// A change to one list, as ``EditList`` makes it.
public enum ListEdit: Hashable, Sendable {
    /// Give the list a new name.
    case rename(String)
    /// Give the list a new stage; its cards take the stage with them.
    case stage(ProjectState)
    /// Set the list's soft limit, or take it off with `nil`.
    case limit(Int?)
    /// Move the list to this index among the board's lists that are not archived (from 0).
    case move(to: Int)
    /// Archive the list with its cards.
    case archive
    /// Put the list back on the board, last.
    case restore
}
