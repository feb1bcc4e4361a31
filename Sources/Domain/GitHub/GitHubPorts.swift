import Foundation

/// A repository's issues on GitHub, page by page.
///
/// ```swift
/// var page = try await issues.firstPage(of: repository, matching: IssueFilter(state: .all))
/// while let next = page.next { page = try await issues.page(after: next) }
/// ```
public protocol GitHubIssueRepository: Sendable {
    /// The first page of `repository`'s issues that match `filter`.
    func firstPage(of repository: GitHubRepositoryName, matching filter: IssueFilter) async throws(GitHubError) -> IssuePage
    /// The page after the one `cursor` came with.
    func page(after cursor: IssuePage.Cursor) async throws(GitHubError) -> IssuePage
    /// Opens or closes an issue; closing says it was completed.
    func setState(_ state: GitHubIssue.State, ofIssue number: Int, in repository: GitHubRepositoryName)
        async throws(GitHubError) -> GitHubIssue
}

/// Who a token belongs to.
public protocol GitHubAccountRepository: Sendable {
    /// The user the token signs in as, and the rate limit left (`GET /user`).
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
    func load() throws(GitHubError) -> GitHubCredential?
    /// Stores `credential`, replacing any other.
    func save(_ credential: GitHubCredential) throws(GitHubError)
    /// Forgets the sign-in; `true` when there was one.
    @discardableResult
    func remove() throws(GitHubError) -> Bool
}
