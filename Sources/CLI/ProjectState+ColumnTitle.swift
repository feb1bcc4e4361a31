import ProjectManager

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
