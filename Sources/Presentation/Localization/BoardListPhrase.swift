import ProjectManagerDomain

/// The text of the board list, as a key with its arguments.
public enum BoardListPhrase: Hashable, Sendable {
    /// The screen's title.
    case title
    /// The button that makes a new board.
    case create
    /// The control that renames a board.
    case rename
    /// The field where a board's name is typed.
    case nameField
    /// What the list says when there is no board (while an account's first one is made).
    case empty
    /// How many projects a board holds: "3 projects".
    case projectCount(Int)
    /// How many projects each column holds: "To Do 1 · Doing 0 · Done 2".
    case columnCounts(todo: Int, doing: Int, done: Int)
    /// The question before a board is deleted, with what goes with it.
    case confirmDelete(board: String, projects: Int)
    /// What to do about a board name that breaks a rule.
    case invalidName(ValidationFailure)
}
