import ProjectManager

/// A list's name as the user typed it: `Review`, `in progress`. Two names are the same in any
/// case, as the board finds its lists.
///
/// ```swift
/// ListName("DOING") == ListName("Doing")   // true
/// ListName("doing").columnWord              // .doing
/// ```
struct ListName: Hashable, Sendable, CustomStringConvertible {
    /// The name as typed.
    let text: String

    /// The name `text`.
    init(_ text: String) {
        self.text = text
    }

    /// The column word the name also is (`todo`, `doing` or `done`, in any case), if it is one.
    var columnWord: ProjectState? { ProjectState(rawValue: text.lowercased()) }

    /// The name as typed.
    var description: String { text }

    static func == (lhs: ListName, rhs: ListName) -> Bool {
        lhs.text.lowercased() == rhs.text.lowercased()
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text.lowercased())
    }
}
