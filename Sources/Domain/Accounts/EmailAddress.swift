import Foundation

/// An email address that follows ``EmailAddress/failure(in:)``'s rules: trimmed, one `@`, a local
/// part, a domain with a dot, no spaces or control characters, at most 254 characters.
///
/// Two addresses are the same account when their local parts are equal and their domains are equal
/// ignoring case: the domain is kept lowercased.
/// ```swift
/// let email = try EmailAddress(" Ada@Example.COM ")
/// email.description  // "Ada@example.com"
/// ```
public struct EmailAddress: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The longest address accepted, in characters (RFC 5321's path limit less its brackets).
    public static let lengthLimit = 254

    /// The part before the `@`, as typed.
    public let localPart: String
    /// The part after the `@`, lowercased.
    public let domain: String

    /// The address in `text`, trimmed of surrounding whitespace.
    /// - Throws: the first ``EmailFailure`` rule `text` breaks; ``EmailFailure/empty`` when blank.
    public init(_ text: String) throws(EmailFailure) {
        if let failure = Self.failure(in: text) { throw failure }
        let trimmed = text.trimmingWhitespace
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        localPart = String(parts[0])
        domain = parts[1].lowercased()
    }

    /// The first rule `text` breaks once trimmed, or `nil` when it is an address.
    ///
    /// The rules, in the order they are checked: not empty; no spaces or control characters
    /// inside; at most ``lengthLimit`` characters; exactly one `@`; something before it; after it,
    /// a domain of two or more dot-separated labels, none empty.
    public static func failure(in text: String) -> EmailFailure? {
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty { return .empty }
        if trimmed.unicodeScalars.contains(where: {
            CharacterSet.whitespacesAndNewlines.contains($0)
                || CharacterSet.controlCharacters.contains($0)
        }) {
            return .spaceOrControlCharacter
        }
        if trimmed.count > lengthLimit { return .tooLong(limit: lengthLimit) }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count < 2 { return .missingAt }
        if parts.count > 2 { return .moreThanOneAt }
        if parts[0].isEmpty { return .missingLocalPart }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 || labels.contains(where: \.isEmpty) { return .invalidDomain }
        return nil
    }

    /// The address as it is stored: the local part as typed, `@`, the domain lowercased.
    public var description: String { "\(localPart)@\(domain)" }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "'\(text)' is not an email address: \(error)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The rule an email address breaks.
public enum EmailFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing was typed (Krello's "required").
    case empty
    /// It holds a space, a line break or a control character.
    case spaceOrControlCharacter
    /// It is longer than `limit` characters.
    case tooLong(limit: Int)
    /// It has no `@`.
    case missingAt
    /// It has more than one `@`.
    case moreThanOneAt
    /// Nothing comes before the `@`.
    case missingLocalPart
    /// What follows the `@` is not a domain with a dot, such as `example.com`.
    case invalidDomain
    /// An account with this address already exists (Firebase's `EMAIL_EXISTS`).
    case taken

    public var description: String {
        switch self {
        case .empty: "the email is empty: type your email address"
        case .spaceOrControlCharacter: "the email has a space or a control character: remove it"
        case .tooLong(let limit): "the email is longer than \(limit) characters"
        case .missingAt: "the email has no '@': type it as name@example.com"
        case .moreThanOneAt: "the email has more than one '@': keep one"
        case .missingLocalPart: "the email has nothing before the '@': type it as name@example.com"
        case .invalidDomain: "the email's domain needs a dot, such as example.com"
        case .taken: "an account with this email already exists: sign in instead"
        }
    }
}
