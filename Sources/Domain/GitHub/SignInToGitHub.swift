import Foundation

/// Checks a token with GitHub and keeps it: who it signs in as, and that it has the scopes a
/// sync needs.
///
/// ```swift
/// let user = try await signIn(AccessToken(pasted))
/// ```
public struct SignInToGitHub: Sendable {
    /// The scopes a token needs: `repo`, to read and change issues of private repositories too.
    public static let requiredScopes = ["repo"]

    private let accounts: any GitHubAccountRepository
    private let credentials: any GitHubCredentialStore
    private let apiURL: URL

    /// A sign-in that asks `accounts` and keeps the sign-in for `apiURL` in `credentials`.
    public init(accounts: any GitHubAccountRepository, credentials: any GitHubCredentialStore, apiURL: URL) {
        self.accounts = accounts
        self.credentials = credentials
        self.apiURL = apiURL
    }

    /// Asks GitHub who `token` signs in as and stores the sign-in; nothing is stored when it fails.
    /// - Throws: ``GitHubError/missingScopes(needed:granted:)`` when GitHub names the token's
    ///   scopes and ``requiredScopes`` are not among them, or the request's error.
    @discardableResult
    public func callAsFunction(_ token: AccessToken) async throws(GitHubError) -> GitHubUser {
        let check = try await accounts.tokenCheck(token)
        let missing = check.missing(Self.requiredScopes)
        guard missing.isEmpty else { throw .missingScopes(needed: missing, granted: check.scopes ?? []) }
        try credentials.save(GitHubCredential(token: token, login: check.user.login, apiURL: apiURL))
        return check.user
    }
}
