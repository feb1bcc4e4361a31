import ProjectManager

extension ProjectState {
    /// The stage's word on the command line: `open` (To Do), `active` (Doing), `done`.
    var stageWord: String {
        switch self {
        case .todo: "open"
        case .doing: "active"
        case .done: "done"
        }
    }

    /// The stage words, in order: `open`, `active`, `done`.
    static var stageWords: [String] { allCases.map(\.stageWord) }

    /// A stage argument: `open`, `active` or `done`, in any case; the column words `todo` and
    /// `doing` are taken too.
    ///
    /// - Parameter option: The option's name (`--stage`), or what the argument is, for the message.
    /// - Throws: ``CommandLineError/usage(_:)`` naming the word.
    static func stage(parsing text: String, option: String) throws(CommandLineError) -> ProjectState {
        let word = text.lowercased()
        guard let stage = allCases.first(where: { $0.stageWord == word }) ?? ProjectState(rawValue: word) else {
            throw .usage("bad \(option) '\(text)': use open, active or done")
        }
        return stage
    }
}
