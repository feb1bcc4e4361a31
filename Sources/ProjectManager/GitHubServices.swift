import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerPresentation

/// GitHub for an app or `pm`: the sign-in kept in a credential store, and the repositories and
/// sign-in flows over one connection.
///
/// ```swift
/// let github = GitHubServices(configuration: GitHubConfiguration(), credentials: FileCredentialStore(...))
/// let credential = try github.signedIn()
/// let list = IssueListViewModel(repository: repo, issues: github.issues(signedInAs: credential), localizer: localizer)
/// ```
public struct GitHubServices: Sendable {
    private let connection: GitHubConnection
    /// Where the sign-in is kept.
    public let credentials: any GitHubCredentialStore

    /// Services for `configuration`.
    ///
    /// - Parameters:
    ///   - configuration: Where GitHub is, the OAuth app's client id, and the requests' timeout.
    ///   - credentials: The sign-in's store; ``fileCredentials(environment:)`` for a `0600` file.
    ///   - cacheFile: Where answers and their `ETag`s are kept between runs; `nil`: in memory.
    ///   - now: The clock, for `retry-after`.
    ///   - warn: Told when the cache file cannot be read or written.
    public init(
        configuration: GitHubConfiguration, credentials: any GitHubCredentialStore, cacheFile: URL? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        connection = GitHubConnection(configuration: configuration, cacheFile: cacheFile, now: now, warn: warn)
        self.credentials = credentials
    }

    /// The sign-in kept in `$XDG_CONFIG_HOME/projectmanager/github.json` (or `~/.config/…`), mode `0600`.
    public static func fileCredentials(environment: [String: String]) -> any GitHubCredentialStore {
        FileCredentialStore(file: FileCredentialStore.defaultFile(environment: environment))
    }

    /// The token in `GH_TOKEN` (else `GITHUB_TOKEN`) for `apiURL`, when the environment holds one,
    /// before the sign-in kept in the file of ``fileCredentials(environment:)``; the
    /// environment's token is never written to the file.
    public static func credentials(environment: [String: String], apiURL: URL) -> any GitHubCredentialStore {
        EnvironmentCredentialStore(
            environment: environment, apiURL: apiURL, stored: fileCredentials(environment: environment))
    }

    /// `$XDG_CACHE_HOME/projectmanager/github-cache.json`, or `~/.cache/…`: where `pm` keeps answers.
    public static func defaultCacheFile(environment: [String: String]) -> URL {
        FileCredentialStore.userFolder("XDG_CACHE_HOME", else: ".cache", environment: environment)
            .appendingPathComponent("github-cache.json")
    }

    /// The configuration requests go by.
    public var configuration: GitHubConfiguration { connection.configuration }

    /// The stored sign-in.
    /// - Throws: ``GitHubError/notSignedIn`` when there is none, or the store's error.
    public func signedIn() throws(GitHubError) -> GitHubCredential {
        guard let credential = try credentials.load() else { throw .notSignedIn }
        return credential
    }

    /// Who a token belongs to.
    public var accounts: any GitHubAccountRepository { connection.accounts }

    /// Checks `token` with GitHub (who it is, and that it has ``SignInToGitHub/requiredScopes``)
    /// and keeps the sign-in.
    /// - Throws: ``GitHubError/missingScopes(needed:granted:)``, or the request's or the
    ///   store's error; nothing is kept then.
    @discardableResult
    public func signIn(with token: AccessToken) async throws(GitHubError) -> GitHubUser {
        try await SignInToGitHub(accounts: connection.accounts, credentials: credentials, apiURL: configuration.apiURL)(
            token)
    }

    /// Forgets the sign-in and every answer kept for conditional requests (private issues'
    /// bodies among them).
    /// - Returns: The sign-in that was forgotten, if there was one.
    /// - Throws: ``GitHubError/credentialStorage(reason:)`` when the sign-in or the cache file
    ///   cannot be removed, ``GitHubError/unreadableCredential(file:)``.
    @discardableResult
    public func signOut() throws(GitHubError) -> GitHubCredential? {
        let removed = try credentials.load()
        try credentials.remove()
        try connection.forgetKeptAnswers()
        return removed
    }

    /// Issues, read and changed with `credential`'s token.
    public func issues(signedInAs credential: GitHubCredential) -> any GitHubIssueRepository {
        connection.issues(signedInAs: credential)
    }

    /// The device-flow sign-in, waiting between polls with `sleep`.
    /// - Throws: ``GitHubError/oauth(code:description:)`` (`missing_client_id`) when the
    ///   configuration has no client id.
    public func deviceSignIn(sleep: @escaping @Sendable (Duration) async -> Void) throws(GitHubError)
        -> SignInWithDevice
    {
        SignInWithDevice(flow: try connection.deviceFlow(), sleep: sleep)
    }

    /// Starts a web-flow sign-in that comes back to `redirectURL`; `clientSecret` is the OAuth
    /// app's, which GitHub requires for the exchange.
    /// - Throws: ``GitHubError/oauth(code:description:)`` when the configuration has no client id
    ///   (`missing_client_id`), the secret is empty (`missing_client_secret`) or the web host cannot
    ///   take a path (`invalid_web_url`).
    public func beginWebSignIn(redirectURL: URL, scope: String, clientSecret: String) throws(GitHubError)
        -> any GitHubWebSignIn
    {
        try connection.beginWebSignIn(redirectURL: redirectURL, scope: scope, clientSecret: clientSecret)
    }
}

extension ViewModelFactory {
    /// The issue list of `repository`, over `issues`.
    public func makeIssueList(
        of repository: GitHubRepositoryName, filter: IssueFilter = IssueFilter(), issues: any GitHubIssueRepository
    ) -> IssueListViewModel {
        IssueListViewModel(repository: repository, filter: filter, issues: issues, localizer: localizer)
    }

    /// The board's GitHub settings: its link to a repository, and its sync over `issues` (the
    /// signed-in user's; `nil` when no one is signed in to GitHub, so that only linking works).
    public func makeGitHubBoard(issues: (any GitHubIssueRepository)?) -> GitHubBoardViewModel {
        GitHubBoardViewModel(
            board: board, link: engine.linkBoardToGitHub, sync: issues.map { engine.syncWithGitHub(over: $0) },
            localizer: localizer)
    }
}
