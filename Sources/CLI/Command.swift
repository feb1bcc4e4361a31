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
}

/// The fields `pm edit` changes; `nil` leaves a field as it is.
struct ProjectEdit: Hashable, Sendable {
    var title: String?
    var body: String?
    /// `.some(nil)` removes the deadline.
    var deadline: Day??

    /// Whether the edit changes nothing at all.
    var isEmpty: Bool { title == nil && body == nil && deadline == nil }

    /// `draft` with this edit's fields put in.
    func applied(to draft: ProjectDraft) -> ProjectDraft {
        var draft = draft
        if let title { draft.title = title }
        if let body { draft.body = body }
        if let deadline { draft.deadline = deadline }
        return draft
    }
}

extension ProjectState {
    /// The column's name as the board shows it: "To Do", "Doing", "Done".
    var columnTitle: String {
        switch self {
        case .todo: "To Do"
        case .doing: "Doing"
        case .done: "Done"
        }
    }
}
