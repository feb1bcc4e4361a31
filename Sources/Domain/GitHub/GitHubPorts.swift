import Foundation

/// A repository's issues on GitHub, page by page.
///
/// ```swift
/// var page = try await issues.firstPage(of: repository, matching: IssueFilter(state: .all))
/// while let next = page.next { page = try await issues.page(after: next) }
/// ```
public protocol GitHubIssueRepository: Sendable {
    /// The first page of `repository`'s issues that match `filter`.
    /// - Throws: ``GitHubError/unauthorized(message:)``, ``GitHubError/notFound(message:)`` for a
    ///   repository the token may not see, ``GitHubError/rateLimited(until:)``,
    ///   ``GitHubError/transport(_:)``, ``GitHubError/server(status:message:)``,
    ///   ``GitHubError/status(_:message:)`` or ``GitHubError/decoding(field:reason:)``.
    /// - Complexity: one request; a page holds at most 100 issues.
    func firstPage(of repository: GitHubRepositoryName, matching filter: IssueFilter) async throws(GitHubError) -> IssuePage
    /// The page after the one `cursor` came with.
    /// - Throws: As ``firstPage(of:matching:)``, and ``GitHubError/foreignLink(host:)`` when the
    ///   cursor points at another host than the API's.
    /// - Complexity: one request.
    func page(after cursor: IssuePage.Cursor) async throws(GitHubError) -> IssuePage
    /// Opens or closes an issue; closing says it was completed.
    /// - Throws: As ``firstPage(of:matching:)``; ``GitHubError/notFound(message:)`` for an issue
    ///   that does not exist.
    /// - Complexity: one request.
    func setState(_ state: GitHubIssue.State, ofIssue number: Int, in repository: GitHubRepositoryName)
        async throws(GitHubError) -> GitHubIssue
}

/// Who a token belongs to.
public protocol GitHubAccountRepository: Sendable {
    /// The user the token signs in as, and the rate limit left (`GET /user`).
    /// - Throws: ``GitHubError/unauthorized(message:)`` for a token that is wrong, expired or
    ///   revoked, ``GitHubError/rateLimited(until:)``, ``GitHubError/transport(_:)``,
    ///   ``GitHubError/server(status:message:)``, ``GitHubError/status(_:message:)`` or
    ///   ``GitHubError/decoding(field:reason:)``.
    func currentUser(with token: AccessToken) async throws(GitHubError) -> (user: GitHubUser, rateLimit: RateLimit?)
}

/// A stored sign-in: the token, whose it is, and for which API.
public struct GitHubCredential: Sendable, Hashable {
    /// The token requests carry.
    public var token: AccessToken
    /// The login the token belongs to, `octocat`.
    public var login: String
    /// The API the token is for, e.g. `https://api.github.com`.
    public var apiURL: URL

    /// A sign-in of `login` with `token`, for the API at `apiURL`.
    public init(token: AccessToken, login: String, apiURL: URL) {
        self.token = token
        self.login = login
        self.apiURL = apiURL
    }
}

/// Where the sign-in is kept: the Keychain in an app, a `0600` file for `pm`.
public protocol GitHubCredentialStore: Sendable {
    /// The stored sign-in, or `nil` when signed out.
    /// - Throws: ``GitHubError/credentialStorage(reason:)`` when it cannot be read,
    ///   ``GitHubError/unreadableCredential(file:)`` when it is not in a shape this engine reads.
    /// - Complexity: One read of the store (the Keychain, a file).
    func load() throws(GitHubError) -> GitHubCredential?
    /// Stores `credential`, replacing any other.
    /// - Throws: ``GitHubError/credentialStorage(reason:)`` when it cannot be written.
    func save(_ credential: GitHubCredential) throws(GitHubError)
    /// Forgets the sign-in; `true` when there was one.
    /// - Throws: ``GitHubError/credentialStorage(reason:)`` when it cannot be removed.
    @discardableResult
    func remove() throws(GitHubError) -> Bool
}
