import Foundation

/// A comment on a card: free text, by the account that wrote it, dated.
///
/// A comment is written by the account signed in (``author``), or by nobody when no one is; one
/// brought in from elsewhere, such as a Trello export, has no account but the name it had there
/// (``authorName``). Only its author may edit or delete it. It stands on its card's board
/// (``boardID``), and moves with the card.
/// ```swift
/// let comment = try await postComment("Booked for Friday.\nRoom 4.", on: card.id)
/// try await editComment(comment.id, to: "Booked for Friday. Room 5.")
/// ```
public struct Comment: Identifiable, Hashable, Sendable, Codable {
    /// A comment's identity.
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

    /// The comment's identity.
    public let id: ID
    /// The card the comment is on.
    public let projectID: Project.ID
    /// The card's board: it changes when the card moves to another board.
    public var boardID: Board.ID
    /// The account that wrote it, or `nil` when nobody was signed in, or for an imported comment.
    public let author: Account.ID?
    /// The name of an imported comment's author, who is no account here; `nil` otherwise.
    public let authorName: String?
    /// The text: not empty, at most ``ProjectRules/bodyLimit`` characters, line breaks allowed.
    public var text: String
    /// When it was written.
    public let createdAt: Date
    /// When its text last changed, or `nil` when it never did.
    public var editedAt: Date?

    /// A comment of `text` on the card `projectID` of `boardID`, by `author`.
    public init(
        id: ID, projectID: Project.ID, boardID: Board.ID, author: Account.ID?, authorName: String? = nil, text: String,
        createdAt: Date, editedAt: Date? = nil
    ) {
        self.id = id
        self.projectID = projectID
        self.boardID = boardID
        self.author = author
        self.authorName = authorName
        self.text = text
        self.createdAt = createdAt
        self.editedAt = editedAt
    }

    /// Whether `viewer` (`nil`: nobody signed in) may edit or delete the comment: they wrote it.
    public func isEditable(by viewer: Account.ID?) -> Bool {
        author == viewer
    }
}
