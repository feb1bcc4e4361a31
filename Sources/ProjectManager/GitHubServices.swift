import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerPresentation

/// A web-flow sign-in: open its `authorizeURL`, then `complete(callback:)` with the redirect.
public typealias WebSignIn = ProjectManagerData.WebSignIn

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

    /// Issues, read and changed with `credential`'s token.
    public func issues(signedInAs credential: GitHubCredential) -> any GitHubIssueRepository {
        connection.issues(signedInAs: credential)
    }

    /// The device-flow sign-in, waiting between polls with `sleep`.
    /// - Throws: ``GitHubError/oauth(code:description:)`` (`missing_client_id`) when the
    ///   configuration has no client id.
    public func deviceSignIn(sleep: @escaping @Sendable (Duration) async -> Void) throws(GitHubError) -> SignInWithDevice {
        SignInWithDevice(flow: try connection.deviceFlow(), sleep: sleep)
    }

    /// Starts a web-flow sign-in that comes back to `redirectURL`.
    /// - Throws: ``GitHubError/oauth(code:description:)`` when the configuration has no client id
    ///   (`missing_client_id`) or its web host cannot take a path (`invalid_web_url`).
    public func beginWebSignIn(redirectURL: URL, scope: String, clientSecret: String? = nil) throws(GitHubError) -> WebSignIn {
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
