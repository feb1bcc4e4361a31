import Foundation

/// A named set of projects laid out in three columns: To Do, Doing and Done.
///
/// One board, ``Board/ID/default``, always exists: it is the single board of the
/// ProjectManager app. Kanban front ends make more with ``CreateBoard``.
///
/// A board belongs to the account that made it (``owner``), or to nobody: the default board and
/// every board made while no one is signed in. The engine shows each viewer only their own boards
/// and those they are a member of (see ``Board/isVisible(to:)``).
public struct Board: Identifiable, Hashable, Sendable, Codable {
    /// A board's identifier.
    public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The identifier's UUID.
        public let rawValue: UUID

        /// Wraps a UUID.
        public init(rawValue: UUID) { self.rawValue = rawValue }

        /// The board that always exists.
        public static let `default` = ID(rawValue: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)))

        public var description: String { rawValue.uuidString.lowercased() }

        public init(from decoder: any Decoder) throws {
            rawValue = try UUIDCoding.decode(from: decoder)
        }

        public func encode(to encoder: any Encoder) throws {
            try UUIDCoding.encode(rawValue, to: encoder)
        }
    }

    /// The title of the default board when a store is new.
    public static let defaultTitle = "Projects"

    public let id: ID
    /// The board's name, one line of at most ``ProjectRules/titleLimit`` characters.
    public var title: String
    /// When the board was made.
    public let createdAt: Date
    /// The account the board belongs to; `nil` for a board of no account (the default board, and
    /// boards made while signed out). It never changes.
    public let owner: Account.ID?
    /// The accounts besides the owner that may use the board; a card's assignees are among the
    /// owner and them. A board without an owner has none.
    public var members: [Account.ID]

    /// Makes a board value; use ``CreateBoard`` to make and save one with validation.
    public init(id: ID, title: String, createdAt: Date, owner: Account.ID? = nil, members: [Account.ID] = []) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
        self.owner = owner
        self.members = owner == nil ? [] : members
    }

    private enum CodingKeys: String, CodingKey { case id, title, createdAt, owner, members }

    /// Decodes a board; one written before boards had members has none.
    /// - Throws: `DecodingError` when the value is not of this shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(ID.self, forKey: .id), title: try container.decode(String.self, forKey: .title),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            owner: try container.decodeIfPresent(Account.ID.self, forKey: .owner),
            members: try container.decodeIfPresent([Account.ID].self, forKey: .members) ?? [])
    }

    /// Whether `account` may assign cards of the board: its owner or a member.
    public func mayBeAssigned(_ account: Account.ID) -> Bool {
        owner == account || members.contains(account)
    }

    /// Whether `viewer` may see and change the board: a signed-in account sees the boards it owns
    /// or is a member of, and nobody else's; signed out (`nil`), one sees the boards of no account.
    ///
    /// ```swift
    /// defaultBoard.isVisible(to: nil)     // true: it is no account's
    /// workBoard.isVisible(to: ada.id)     // true when Ada made it
    /// workBoard.isVisible(to: nil)        // false: Ada's board is hers alone
    /// ```
    public func isVisible(to viewer: Account.ID?) -> Bool {
        owner == viewer || (viewer.map(members.contains) ?? false)
    }
}
