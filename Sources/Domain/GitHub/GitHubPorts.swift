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
    func firstPage(of repository: GitHubRepositoryName, matching filter: IssueFilter) async throws(GitHubError)
        -> IssuePage
    /// The page after the one `cursor` came with.
    /// - Throws: As ``firstPage(of:matching:)``, and ``GitHubError/foreignLink(host:)`` when the
    ///   cursor points at another host than the API's.
    /// - Complexity: one request.
    func page(after cursor: IssuePage.Cursor) async throws(GitHubError) -> IssuePage
    /// Changes an issue's title, body or state, in one request (`PATCH`).
    /// - Throws: ``GitHubError/changeNotApplied(issue:field:)`` when GitHub answers with an issue
    ///   that does not have the change, or the request's error (as ``firstPage(of:matching:)``;
    ///   ``GitHubError/notFound(message:)`` for an issue that does not exist).
    /// - Complexity: one request.
    func update(issue number: Int, in repository: GitHubRepositoryName, with change: IssueChange)
        async throws(GitHubError) -> GitHubIssue
    /// Opens an issue (`POST`).
    /// - Throws: ``GitHubError/changeNotApplied(issue:field:)`` when the issue GitHub made does not
    ///   have the title sent, or the request's error (as ``firstPage(of:matching:)``).
    /// - Complexity: one request.
    func create(_ issue: NewIssue, in repository: GitHubRepositoryName) async throws(GitHubError) -> GitHubIssue
}

extension GitHubIssueRepository {
    /// Opens or closes an issue; closing says it was completed.
    /// - Throws: As ``update(issue:in:with:)``.
    /// - Complexity: one request.
    public func setState(_ state: GitHubIssue.State, ofIssue number: Int, in repository: GitHubRepositoryName)
        async throws(GitHubError) -> GitHubIssue
    {
        try await update(
            issue: number, in: repository, with: IssueChange(state: state == .closed ? .closed(.completed) : .open))
    }
}

/// What to change in an issue: the fields that are not `nil`.
public struct IssueChange: Hashable, Sendable {
    /// Why an issue is closed, as GitHub's `state_reason` says it.
    public enum CloseReason: String, Hashable, Sendable {
        /// Done as planned.
        case completed
        /// Not to be done: a duplicate, or a card deleted.
        case notPlanned = "not_planned"
    }

    /// An issue's state with the reason GitHub records for it.
    public enum State: Hashable, Sendable {
        /// Open (`state_reason` `reopened`).
        case open
        /// Closed, for this reason.
        case closed(CloseReason)

        /// The state alone.
        public var state: GitHubIssue.State {
            switch self {
            case .open: .open
            case .closed: .closed
            }
        }
    }

    /// The new title.
    public var title: String?
    /// The new body.
    public var body: String?
    /// The new state, with its reason.
    public var state: State?

    /// A change of the fields given.
    public init(title: String? = nil, body: String? = nil, state: State? = nil) {
        self.title = title
        self.body = body
        self.state = state
    }

    /// Whether nothing would change.
    public var isEmpty: Bool { title == nil && body == nil && state == nil }

    /// The first field that `issue` does not have as this change set it, or `nil` when it has
    /// them all: what a client checks GitHub's answer with.
    public func fieldNotApplied(to issue: GitHubIssue) -> String? {
        if let state, issue.state != state.state { return "state" }
        if let title, issue.title != title { return "title" }
        if let body, GitHubText.normalizedBody(issue.body) != GitHubText.normalizedBody(body) { return "body" }
        return nil
    }
}

/// An issue to open.
public struct NewIssue: Hashable, Sendable {
    /// The issue's title.
    public var title: String
    /// The issue's body.
    public var body: String

    /// An issue with `title` and `body`.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

/// Who a token belongs to.
public protocol GitHubAccountRepository: Sendable {
    /// The user the token signs in as, and the rate limit left (`GET /user`).
    /// - Throws: ``GitHubError/unauthorized(message:)`` for a token that is wrong, expired or
    ///   revoked, ``GitHubError/rateLimited(until:)``, ``GitHubError/transport(_:)``,
    ///   ``GitHubError/server(status:message:)``, ``GitHubError/status(_:message:)`` or
    ///   ``GitHubError/decoding(field:reason:)``.
    func currentUser(with token: AccessToken) async throws(GitHubError) -> (user: GitHubUser, rateLimit: RateLimit?)
    /// The user the token signs in as and the scopes GitHub says it has (`X-OAuth-Scopes`; `nil`
    /// for a token without scopes, such as a fine-grained one).
    /// - Throws: As ``currentUser(with:)``.
    /// - Complexity: one request.
    func tokenCheck(_ token: AccessToken) async throws(GitHubError) -> GitHubTokenCheck
}

extension GitHubAccountRepository {
    /// The user alone, with no word on scopes.
    /// - Throws: As ``currentUser(with:)``.
    public func tokenCheck(_ token: AccessToken) async throws(GitHubError) -> GitHubTokenCheck {
        GitHubTokenCheck(user: try await currentUser(with: token).user, scopes: nil)
    }
}

/// Who a token signs in as, and what it may do.
public struct GitHubTokenCheck: Hashable, Sendable {
    /// Who the token signs in as.
    public var user: GitHubUser
    /// The token's OAuth scopes, or `nil` when GitHub names none (a fine-grained token, a GitHub
    /// App's token), whose permissions show only when they are used.
    public var scopes: [String]?

    /// What GitHub said of a token.
    public init(user: GitHubUser, scopes: [String]?) {
        self.user = user
        self.scopes = scopes
    }

    /// The scopes of `needed` the token lacks; a scope is also granted by the one that contains
    /// it (`repo` contains `public_repo`, `repo:status`, …). Empty when GitHub names no scopes.
    public func missing(_ needed: [String]) -> [String] {
        guard let scopes else { return [] }
        return needed.filter { scope in
            !scopes.contains(scope)
                && !scopes.contains { scope.hasPrefix($0 + ":") || ($0 == "repo" && scope == "public_repo") }
        }
    }
}

/// A web-flow sign-in under way, for apps: open ``authorizeURL`` in a browser, then hand the
/// redirect GitHub comes back with to ``complete(callback:)``.
public protocol GitHubWebSignIn: Sendable {
    /// The page to open in the browser.
    var authorizeURL: URL { get }
    /// Where GitHub sends the browser back.
    var redirectURL: URL { get }
    /// Exchanges the code the callback carries for a token.
    /// - Throws: ``GitHubError/stateMismatch`` when the callback is not this sign-in's,
    ///   ``GitHubError/accessDenied``, ``GitHubError/oauth(code:description:)``.
    func complete(callback: URL) async throws(GitHubError) -> AccessToken
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
