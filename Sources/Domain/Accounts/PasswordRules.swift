import Foundation

/// NIST SP 800-63B's rules for a password a user chooses (§3.1.1.2): a length, no composition
/// rules (any character, spaces included, counted as the user sees characters), and no password
/// that is common or that repeats the account's email.
public enum PasswordRules {
    /// The fewest characters a password may have.
    public static let minimumLength = 8
    /// The most characters a password may have; NIST asks that at least 64 be accepted.
    public static let maximumLength = 256

    /// The first rule `password` breaks for an account with `email` (as typed), or `nil`.
    ///
    /// The rules, in the order they are checked: not empty; at least ``minimumLength`` and at most
    /// ``maximumLength`` characters (`Character`s: "é" and "👍🏽" count one each); not the email or
    /// its local part, ignoring case; not on ``CommonPasswords``, ignoring case.
    public static func failure(in password: String, email: String) -> PasswordFailure? {
        if password.isEmpty { return .empty }
        let length = password.count
        if length < minimumLength { return .tooShort(minimum: minimumLength) }
        if length > maximumLength { return .tooLong(maximum: maximumLength) }
        let lowered = password.lowercased()
        let address = email.trimmingWhitespace.lowercased()
        let localPart = address.split(separator: "@", omittingEmptySubsequences: false).first.map(String.init)
        if !address.isEmpty, lowered == address || lowered == localPart { return .sameAsEmail }
        if CommonPasswords.contains(password) { return .common }
        return nil
    }
}

/// The rule a new password breaks (Firebase's `WEAK_PASSWORD`, with the reason).
public enum PasswordFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing was typed (Krello's "required").
    case empty
    /// It has fewer than `minimum` characters.
    case tooShort(minimum: Int)
    /// It has more than `maximum` characters.
    case tooLong(maximum: Int)
    /// It is the account's email, or the part before its `@`.
    case sameAsEmail
    /// It is on the list of commonly used passwords.
    case common

    public var description: String {
        switch self {
        case .empty: "the password is empty: type a password"
        case .tooShort(let minimum): "the password has fewer than \(minimum) characters: make it longer"
        case .tooLong(let maximum): "the password has more than \(maximum) characters: shorten it"
        case .sameAsEmail: "the password is your email: choose another"
        case .common: "the password is too common: choose one that is harder to guess"
        }
    }
}
