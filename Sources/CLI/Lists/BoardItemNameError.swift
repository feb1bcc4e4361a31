import ProjectManager

/// Why a name on the command line finds no list or no label of the board.
///
/// `pm` says it in one line and exits 1, as for an id that finds no project; nothing is changed.
enum BoardItemNameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No list of the board `board` has this name; `nearest` are the names it may be a typo of.
    case unknownList(String, board: String, nearest: [String])
    /// No label of the board `board` has this name; `nearest` are the names it may be a typo of.
    case unknownLabel(String, board: String, nearest: [String])

    var description: String {
        switch self {
        case .unknownList(let name, let board, let nearest):
            "no list is named '\(TerminalText.sanitized(name))' on board '\(TerminalText.sanitized(board))'"
                + Self.suggestion(nearest) + ": pm lists shows them"
        case .unknownLabel(let name, let board, let nearest):
            "no label is named '\(TerminalText.sanitized(name))' on board '\(TerminalText.sanitized(board))'"
                + Self.suggestion(nearest) + ": pm labels shows them"
        }
    }

    private static func suggestion(_ nearest: [String]) -> String {
        guard !nearest.isEmpty else { return "" }
        return " (did you mean " + nearest.map { "'\(TerminalText.sanitized($0))'" }.joined(separator: " or ") + "?)"
    }
}

extension Array where Element == BoardList {
    /// The list `name` finds (one not archived first, in any case), on the board titled `board`.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` with ``BoardItemNameError/unknownList(_:board:nearest:)``.
    /// - Complexity: O(*l*) for *l* lists; a suggestion O(*l* · *n*²) for names of *n* characters.
    func list(named name: ListName, onBoard board: String) throws(CommandLineError) -> BoardList {
        guard let list = named(name.text) else {
            let nearest = Suggestion.nearest(to: name.text, among: map(\.title))
            throw .runtime(BoardItemNameError.unknownList(name.text, board: board, nearest: nearest).description)
        }
        return list
    }
}

extension Array where Element == Label {
    /// The label `name` finds (in any case; an unnamed label by its colour), on the board titled
    /// `board`.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` with ``BoardItemNameError/unknownLabel(_:board:nearest:)``.
    func label(named name: String, onBoard board: String) throws(CommandLineError) -> Label {
        guard let label = named(name) else {
            let nearest = Suggestion.nearest(to: name, among: map(\.displayName))
            throw .runtime(BoardItemNameError.unknownLabel(name, board: board, nearest: nearest).description)
        }
        return label
    }
}
