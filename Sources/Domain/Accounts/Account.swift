import Foundation

/// A person who signs in: an id that never changes and the email they signed up with.
public struct Account: Identifiable, Hashable, Sendable, Codable {
    /// An account's identifier (Krello's stored uid).
    public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The identifier's UUID.
        public let rawValue: UUID

        /// Wraps a UUID.
        public init(rawValue: UUID) { self.rawValue = rawValue }

        public var description: String { rawValue.uuidString.lowercased() }

        public init(from decoder: any Decoder) throws {
            rawValue = try UUIDCoding.decode(from: decoder)
        }

        public func encode(to encoder: any Encoder) throws {
            try UUIDCoding.encode(rawValue, to: encoder)
        }
    }

    public let id: ID
    /// The address the account signs in with.
    public let email: EmailAddress
    /// When the account was made.
    public let createdAt: Date

    /// An account as the authentication provider made it.
    public init(id: ID, email: EmailAddress, createdAt: Date) {
        self.id = id
        self.email = email
        self.createdAt = createdAt
    }
}

/// A signed-in account, kept until sign-out or ``expiresAt``.
public struct Session: Hashable, Sendable, Codable {
    /// Who is signed in.
    public let account: Account
    /// When they signed in.
    public let signedInAt: Date
    /// When the session ends by itself; `nil` keeps it until sign-out.
    public let expiresAt: Date?

    /// A session of `account` that began at `signedInAt` and ends at `expiresAt` (`nil`: at sign-out).
    public init(account: Account, signedInAt: Date, expiresAt: Date?) {
        self.account = account
        self.signedInAt = signedInAt
        self.expiresAt = expiresAt
    }

    /// Whether the session still holds at `now`.
    public func isValid(at now: Date) -> Bool {
        expiresAt.map { now < $0 } ?? true
    }
}
