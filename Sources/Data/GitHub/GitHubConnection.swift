import Foundation
import ProjectManagerDomain

/// The way to GitHub: one configuration, one `URLSession`, one cache of conditional answers,
/// and the repositories and sign-in flows over them.
///
/// ```swift
/// let github = GitHubConnection(configuration: GitHubConfiguration(), cacheFile: nil)
/// let user = try await github.accounts.currentUser(with: token).user
/// let page = try await github.issues(signedInAs: credential).firstPage(of: repository, matching: IssueFilter())
/// ```
public struct GitHubConnection: Sendable {
    let provider: GitHubProvider

    /// A connection to the GitHub `configuration` names.
    ///
    /// - Parameters:
    ///   - cacheFile: Where to keep answers and their `ETag`s between runs (a `0600` file); `nil`
    ///     keeps them in memory for this connection's life.
    ///   - now: The clock, for `retry-after`.
    ///   - warn: Told when the cache file could not be read or written (requests still succeed).
    public init(
        configuration: GitHubConfiguration, cacheFile: URL?, now: @escaping @Sendable () -> Date = { Date() },
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        let cache: any HTTPResponseCache =
            cacheFile.map { FileResponseCache(file: $0, warn: warn) } ?? InMemoryResponseCache()
        provider = GitHubProvider(configuration: configuration, cache: cache, now: now)
    }

    /// The configuration requests go by.
    public var configuration: GitHubConfiguration { provider.configuration }

    /// Issues, read and changed with `credential`'s token.
    public func issues(signedInAs credential: GitHubCredential) -> some GitHubIssueRepository {
        RESTIssueRepository(provider: provider, credential: credential)
    }

    /// Who a token belongs to.
    public var accounts: some GitHubAccountRepository { RESTAccountRepository(provider: provider) }

    /// Forgets every kept answer (issue bodies among them), the cache file too.
    /// - Throws: ``GitHubError/credentialStorage(reason:)`` when the file cannot be removed.
    public func forgetKeptAnswers() throws(GitHubError) {
        try provider.cache.removeAll()
    }

    /// The device flow, for the configuration's client id.
    /// - Throws: ``GitHubError/oauth(code:description:)`` with `missing_client_id` when there is none.
    public func deviceFlow() throws(GitHubError) -> some GitHubDeviceFlow {
        OAuthDeviceFlow(provider: provider, clientID: try clientID())
    }

    /// The configuration's OAuth client id.
    func clientID() throws(GitHubError) -> String {
        guard let clientID = configuration.clientID, !clientID.isEmpty else {
            throw .oauth(code: "missing_client_id", description: "set the OAuth app's client id (PM_GITHUB_CLIENT_ID)")
        }
        return clientID
    }
}

/// Issues over the REST API.
struct RESTIssueRepository: GitHubIssueRepository {
    let provider: GitHubProvider
    let credential: GitHubCredential

    func firstPage(of repository: GitHubRepositoryName, matching filter: IssueFilter) async throws(GitHubError)
        -> IssuePage
    {
        var login = credential.login
        if filter.assignee == .me, login.isEmpty {
            // A token from the environment comes without its login.
            login = try await provider.send(.currentUser(), token: credential.token).value.login
        }
        return try await page(.issues(of: repository, matching: filter, login: login))
    }

    func page(after cursor: IssuePage.Cursor) async throws(GitHubError) -> IssuePage {
        try await page(.issues(at: cursor.url))
    }

    /// Sends the change, then checks that the issue GitHub returns has it: a success that did not
    /// change the issue (a request re-sent without its body, say) is not taken for one.
    func update(issue number: Int, in repository: GitHubRepositoryName, with change: IssueChange)
        async throws(GitHubError) -> GitHubIssue
    {
        let target = try GitHubTarget<IssuePayload>.update(issue: number, in: repository, with: change)
        let issue = try await provider.send(target, token: credential.token).value.issue
        if let field = change.fieldNotApplied(to: issue) { throw .changeNotApplied(issue: number, field: field) }
        return issue
    }

    func create(_ issue: NewIssue, in repository: GitHubRepositoryName) async throws(GitHubError) -> GitHubIssue {
        let target = try GitHubTarget<IssuePayload>.create(issue, in: repository)
        let made = try await provider.send(target, token: credential.token).value.issue
        if made.title != issue.title { throw .changeNotApplied(issue: made.number, field: "title") }
        return made
    }

    private func page(_ target: GitHubTarget<[IssuePayload]>) async throws(GitHubError) -> IssuePage {
        let response = try await provider.send(target, token: credential.token)
        return IssuePage(
            issues: response.value.filter { $0.pullRequest == nil }.map(\.issue),
            next: response.next.map(IssuePage.Cursor.init(url:)), isUnchanged: response.isUnchanged,
            rateLimit: response.rateLimit)
    }
}

/// `GET /user`.
struct RESTAccountRepository: GitHubAccountRepository {
    let provider: GitHubProvider

    func currentUser(with token: AccessToken) async throws(GitHubError) -> (user: GitHubUser, rateLimit: RateLimit?) {
        let response = try await provider.send(.currentUser(), token: token)
        return (response.value.user, response.rateLimit)
    }

    func tokenCheck(_ token: AccessToken) async throws(GitHubError) -> GitHubTokenCheck {
        let response = try await provider.send(.currentUser(conditional: false), token: token)
        return GitHubTokenCheck(user: response.value.user, scopes: response.scopes)
    }
}

/// GitHub's OAuth device flow on the web host.
struct OAuthDeviceFlow: GitHubDeviceFlow {
    let provider: GitHubProvider
    let clientID: String

    func requestCodes(scope: String) async throws(GitHubError) -> DeviceAuthorization {
        let target = GitHubTarget<DeviceCodePayload>.oauth(
            "login/device/code",
            form: [URLQueryItem(name: "client_id", value: clientID), URLQueryItem(name: "scope", value: scope)])
        let codes = try await provider.send(target, token: nil).value
        // GitHub may answer 200 with an OAuth error instead of codes.
        if let code = codes.error { throw GitHubProvider.oauthError(code: code, description: codes.errorDescription) }
        guard let deviceCode = codes.deviceCode, let userCode = codes.userCode,
            let verificationURI = codes.verificationURI,
            let expiresIn = codes.expiresIn, let interval = codes.interval
        else {
            throw .decoding(field: "device_code", reason: "missing")
        }
        return DeviceAuthorization(
            deviceCode: deviceCode, userCode: userCode, verificationURL: verificationURI,
            expiresIn: .seconds(expiresIn), interval: .seconds(interval))
    }

    func poll(deviceCode: String) async throws(GitHubError) -> DevicePoll {
        let target = GitHubTarget<TokenPayload>.oauth(
            "login/oauth/access_token",
            form: [
                URLQueryItem(name: "client_id", value: clientID), URLQueryItem(name: "device_code", value: deviceCode),
                URLQueryItem(name: "grant_type", value: "urn:ietf:params:oauth:grant-type:device_code"),
            ])
        let answer = try await provider.send(target, token: nil).value
        switch answer.error {
        case nil:
            guard let token = answer.accessToken, !token.isEmpty else {
                throw .decoding(field: "access_token", reason: "missing")
            }
            return .granted(AccessToken(token))
        case "authorization_pending": return .pending
        case "slow_down": return .slowDown(interval: answer.interval.map { .seconds($0) })
        case let code?: throw GitHubProvider.oauthError(code: code, description: answer.errorDescription)
        }
    }
}
