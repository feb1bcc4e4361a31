import Foundation
import ProjectManagerDomain

/// What the accounts folder holds, one file each, so that a failed sign-in touches neither the
/// accounts nor the session:
///
/// - `accounts.json`: every account with its salted password hash;
/// - `session.json`: the signed-in account, until sign-out or its expiry;
/// - `sign-in-failures.json`: failed sign-ins in a row per email, for the backoff.
enum AccountFiles {
    /// The current layout of each file.
    static let format = 1

    struct Accounts: Codable, Sendable {
        var format = AccountFiles.format
        var accounts: [StoredAccount] = []
    }

    struct StoredAccount: Codable, Hashable, Sendable {
        var account: Account
        var password: PasswordHash
    }

    struct StoredSession: Codable, Sendable {
        var format = AccountFiles.format
        var accountID: Account.ID
        var signedInAt: Date
        var expiresAt: Date?
    }

    struct Failures: Codable, Sendable {
        var format = AccountFiles.format
        /// Keyed by the email as stored (``EmailAddress/description``).
        var failures: [String: FailedSignIns] = [:]
    }
}
