import Foundation

/// A password's salted PBKDF2-HMAC-SHA256 hash, as the accounts file keeps it: never the password.
struct PasswordHash: Codable, Hashable, Sendable {
    /// The only algorithm written; kept in the file so that a later one can be told apart.
    static let algorithmName = "PBKDF2-HMAC-SHA256"
    /// OWASP's recommended work factor for PBKDF2-HMAC-SHA256 (2023).
    static let defaultRounds = 600_000
    /// Bytes of salt per account.
    static let saltByteCount = 16

    var algorithm: String
    var rounds: Int
    /// Base64 of the salt.
    var salt: String
    /// Base64 of the 32-byte derived key.
    var hash: String

    /// Hashes `password` with a fresh random salt.
    init(password: String, rounds: Int) {
        let salt = SecureRandom.bytes(count: Self.saltByteCount)
        self.init(password: password, salt: salt, rounds: rounds)
    }

    private init(password: String, salt: [UInt8], rounds: Int) {
        algorithm = Self.algorithmName
        self.rounds = rounds
        self.salt = Data(salt).base64EncodedString()
        hash = Self.derive(password, salt: salt, rounds: rounds).withUnsafeBytes { Data($0) }.base64EncodedString()
    }

    /// Whether `password` hashes to this hash, compared in constant time; `false` for a record
    /// this version cannot read.
    func verifies(_ password: String) -> Bool {
        guard algorithm == Self.algorithmName, rounds > 0,
            let salt = Data(base64Encoded: salt), let expected = Data(base64Encoded: hash)
        else { return false }
        return ConstantTime.isEqual(Self.derive(password, salt: Array(salt), rounds: rounds), expected)
    }

    /// Spends the time of one verification, for an email with no account, so that the time taken
    /// does not tell whether an account exists.
    static func spendVerificationTime(rounds: Int) {
        _ = derive("", salt: [UInt8](repeating: 0, count: saltByteCount), rounds: rounds)
    }

    /// The key, after NFKC normalisation (NIST SP 800-63B §5.1.1.2), so that "é" typed composed or
    /// decomposed is one password.
    private static func derive(_ password: String, salt: [UInt8], rounds: Int) -> SymmetricKey {
        let normalized = Array(password.precomposedStringWithCompatibilityMapping.utf8)
        return PBKDF2.deriveKeyUsingHMACSHA256(from: normalized, salt: salt, rounds: rounds, outputByteCount: 32)
    }
}

extension PasswordHash: CustomStringConvertible, CustomReflectable {
    var description: String { "PasswordHash(\(algorithm), \(rounds) rounds, redacted)" }
    var customMirror: Mirror { Mirror(self, children: []) }
}
