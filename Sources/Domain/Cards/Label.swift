import Foundation

/// A label of a board: a name and a colour, put on any of the board's cards (Trello's labels).
public struct Label: Identifiable, Hashable, Sendable, Codable {
    /// A label's identity.
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

    /// The label's identity.
    public let id: ID
    /// The board whose cards it may label.
    public let boardID: Board.ID
    /// The label's name; empty for a label known by its colour alone, as Trello allows.
    public var name: String
    /// The label's colour.
    public var colour: LabelColour

    /// A label of `board`.
    public init(id: ID, boardID: Board.ID, name: String, colour: LabelColour) {
        self.id = id
        self.boardID = boardID
        self.name = name
        self.colour = colour
    }

    /// The name, or the colour's when the label has none.
    public var displayName: String { name.isEmpty ? colour.rawValue : name }
}

extension Array where Element == Label {
    /// The label named `name`, compared without case; else the unnamed label of the colour so named.
    public func named(_ name: String) -> Label? {
        let key = name.lowercased()
        return first { $0.name.lowercased() == key } ?? first { $0.name.isEmpty && $0.colour.rawValue == key }
    }
}
