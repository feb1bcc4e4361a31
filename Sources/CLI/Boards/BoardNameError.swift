/// Why a board's name on the command line names no board, or cannot be given to one.
enum BoardNameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No board of the viewer's has this name; `nearest` are the names it may be a typo of.
    case unknown(String, nearest: [String])
    /// Several boards have this name in different cases, none exactly.
    case ambiguous(String, matches: [String])
    /// Another board of the viewer's already has this name.
    case taken(String)
    /// The viewer has no board at all.
    case noBoards

    var description: String {
        switch self {
        case .unknown(let name, let nearest) where nearest.isEmpty:
            "no board is named '\(TerminalText.sanitized(name))': pm boards lists them"
        case .unknown(let name, let nearest):
            "no board is named '\(TerminalText.sanitized(name))': did you mean "
                + nearest.map { "'\(TerminalText.sanitized($0))'" }.joined(separator: " or ") + "? pm boards lists them"
        case .ambiguous(let name, let matches):
            "'\(TerminalText.sanitized(name))' could be \(matches.map { "'\(TerminalText.sanitized($0))'" }.joined(separator: " or ")): give the name as it is written"
        case .taken(let name):
            "a board is already named '\(TerminalText.sanitized(name))': choose another name (pm boards lists them)"
        case .noBoards:
            "there is no board yet: pm board new NAME makes one"
        }
    }
}
