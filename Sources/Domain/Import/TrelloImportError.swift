/// Why a Trello export could not be read as a board.
///
/// Each case says where: a ``invalidField(path:reason:)`` path reads like the JSON it names,
/// `cards[12].due` being the `due` of the export's thirteenth card. Its ``description`` is one line
/// of English facts, for logs; a front end puts the case in its own words.
///
/// ```swift
/// do {
///     let board = try TrelloBoard.decode(data)
/// } catch .invalidField(let path, let reason) {
///     print("\(path): \(reason)")
/// } catch {
///     print(error)
/// }
/// ```
public enum TrelloImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The export is `bytes` long, more than `limit`: it was refused before it was read.
    case tooLarge(bytes: Int, limit: Int)
    /// The bytes are not JSON; `reason` is the JSON reader's, in English.
    case notJSON(reason: String)
    /// The JSON is not a Trello board: it has no `missing` field at its top (`lists`, `cards`, `id`
    /// or `name`), or its top is not an object.
    case notABoard(missing: String)
    /// The value at `path` (`cards[12].due`) is missing or is not what Trello writes there; `reason`
    /// says how, in English.
    case invalidField(path: String, reason: String)
    /// The card named `card` is in the list whose id is `list`, and the export has no such list.
    case unknownList(card: String, list: String)

    /// What is wrong, in one line of English, for logs.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "the Trello export is \(bytes) bytes long, more than the \(limit) bytes allowed"
        case .notJSON(let reason):
            "the file is not JSON: \(reason)"
        case .notABoard(let missing):
            "the JSON is not a Trello board: it has no '\(missing)'"
        case .invalidField(let path, let reason):
            "the Trello export's \(path) is \(reason)"
        case .unknownList(let card, let list):
            "the card '\(card)' is in the list '\(list)', which is not in the Trello export"
        }
    }
}
