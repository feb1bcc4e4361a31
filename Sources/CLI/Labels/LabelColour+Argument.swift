import ProjectManager

extension LabelColour {
    /// The colours' words, in Trello's order, then `none`.
    static var words: [String] { allCases.map(\.rawValue) }

    /// A colour argument: one of Trello's ten colours (`green` … `black`) or `none`, in any case;
    /// Trello's shades (`green_light`, `red_dark`) read as their colour.
    ///
    /// - Parameter option: The option's name (`--color`), or what the argument is, for the message.
    /// - Throws: ``CommandLineError/usage(_:)`` naming the word and the colours there are.
    static func colour(parsing text: String, option: String) throws(CommandLineError) -> LabelColour {
        let word = text.lowercased()
        if word == LabelColour.none.rawValue { return .none }
        guard let colour = LabelColour(trelloName: word) else {
            throw .usage("bad \(option) '\(text)': use \(words.dropLast().joined(separator: ", ")) or none")
        }
        return colour
    }
}
