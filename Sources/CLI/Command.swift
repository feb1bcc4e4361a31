import ProjectManager

/// A command line, parsed: what to do, and the store named with `--store` if any.
struct Invocation: Hashable, Sendable {
    var command: Command
    /// The path given with `--store`, before the environment is consulted.
    var storePath: String?
}

/// One thing `pm` can do, with its arguments checked and typed.
enum Command: Hashable, Sendable {
    /// Print the help text.
    case help
    /// Walk through the main story on a temporary store.
    case demo
    /// Draw the board.
    case board
    /// Add a project to To Do.
    case add(ProjectDraft)
    /// Describe one project.
    case show(ProjectIDPrefix)
    /// Change some of a project's fields.
    case edit(ProjectIDPrefix, ProjectEdit)
    /// Move a project to a column; `position` counts from 1, `nil` is last.
    case move(ProjectIDPrefix, to: ProjectState, position: Int?)
    /// Delete a project.
    case delete(ProjectIDPrefix)
    /// List what happened, newest first; `limit` entries at most, all when `nil`.
    case history(limit: Int?)
    /// Revert the last action.
    case undo
    /// Repeat the last undone action.
    case redo
}
