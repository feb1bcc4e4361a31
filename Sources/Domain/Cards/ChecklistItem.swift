import Foundation

/// One item of a card's checklist: a line of text, ticked or not, in the order the user sets.
///
/// An item belongs to a card (``projectID``) and stands on the card's board (``boardID``), so
/// that it is scoped, saved and undone with the board; moving the card to another board takes its
/// items with it. Each change to an item writes the item alone.
/// ```swift
/// let item = try await addChecklistItem("Book the room", to: card.id)
/// try await editChecklistItem(item.id, .done(true))
/// ```
public struct ChecklistItem: Identifiable, Hashable, Sendable, Codable {
    /// An item's identity.
    public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The identifier's UUID.
        public let rawValue: UUID

        /// The identifier of `rawValue`.
        public init(rawValue: UUID) { self.rawValue = rawValue }

        /// The lowercase UUID.
        public var description: String { rawValue.uuidString.lowercased() }

        /// Decodes the UUID.
        /// - Throws: `DecodingError` when the value is not of this shape.
        public init(from decoder: any Decoder) throws {
            rawValue = try UUIDCoding.decode(from: decoder)
        }

        /// Encodes the UUID.
        /// - Throws: The encoder's error.
        public func encode(to encoder: any Encoder) throws {
            try UUIDCoding.encode(rawValue, to: encoder)
        }
    }

    /// The item's identity.
    public let id: ID
    /// The card the item is on.
    public let projectID: Project.ID
    /// The card's board: it changes when the card moves to another board.
    public var boardID: Board.ID
    /// One line, as a card's title: at most ``ProjectRules/titleLimit`` characters.
    public var text: String
    /// Whether the item is ticked.
    public var isDone: Bool
    /// The item's place in the card's checklist.
    public var rank: Rank

    /// An item of `text` on the card `projectID` of `boardID`.
    public init(
        id: ID, projectID: Project.ID, boardID: Board.ID, text: String, isDone: Bool = false, rank: Rank = .initial
    ) {
        self.id = id
        self.projectID = projectID
        self.boardID = boardID
        self.text = text
        self.isDone = isDone
        self.rank = rank
    }
}
