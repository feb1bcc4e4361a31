import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// What a server answering as GitHub (or posing as it) may send back, and what reaches it.
@Suite("GitHub's answers are not trusted: redirects, messages, limits, links")
struct GitHubTransportTests {
    static let repository = "octocat/Hello-World"

    // MARK: - Redirects

    @Test(
        "a PATCH redirected (301, 307) to the same host is sent again with its body, and the issue closes",
        arguments: [301, 307])
    func patchRedirectedOnTheSameHost(status: Int) async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed(Self.repository, issues: 3)
        world.github.failNext(.redirect(status: status, location: "/api/v3/repos/octocat/Hello-World/issues/2"))

        let issue = try await world.issues.setState(.closed, ofIssue: 2, in: GitHubTestWorld.repository)

        #expect(issue.state == .closed)
        #expect(world.github.issue(2, in: Self.repository)?.state == "closed")
        let patches = world.github.apiRequests.filter { $0.method == "PATCH" }
        #expect(patches.count == 2)
        #expect(
            patches.allSatisfy { !$0.body.isEmpty && $0.header("Authorization") == "Bearer \(FakeGitHub.validToken)" })
    }

    @Test("a change GitHub answers with success but without the change is an error, not a success")
    func changeNotApplied() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed(Self.repository, issues: 3)
        world.github.failNext(.answerWithoutChanging)

        await #expect(throws: GitHubError.changeNotApplied(issue: 2, field: "state")) {
            _ = try await world.issues.setState(.closed, ofIssue: 2, in: GitHubTestWorld.repository)
        }
        #expect(world.github.issue(2, in: Self.repository)?.state == "open")
    }

    @Test("a redirect to another host is refused: nothing, and no token, reaches it")
    func redirectToAnotherHost() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        let elsewhere = try LoopbackHTTPServer { _ in .json(200, Data(#"{"login":"mallory","id":666}"#.utf8)) }
        defer { elsewhere.stop() }
        world.github.failNext(
            .redirect(status: 301, location: elsewhere.baseURL.appending(path: "api/v3/user").absoluteString))

        await #expect(throws: GitHubError.redirectRefused(host: "127.0.0.1:\(elsewhere.port)")) {
            _ = try await world.connection.accounts.currentUser(with: world.credential.token)
        }
        #expect(elsewhere.requests.isEmpty)
    }

    @Test("redirects that go round in circles stop after three")
    func redirectLoop() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.failNext(.redirect(status: 302, location: "/api/v3/user"), times: 10)

        await #expect(throws: GitHubError.tooManyRedirects(limit: 3)) {
            _ = try await world.connection.accounts.currentUser(with: world.credential.token)
        }
        #expect(world.github.apiRequests.count == 4)
    }

    @Test("plain http to a host that is not this machine is refused before anything is sent")
    func insecureAddress() async throws {
        let connection = GitHubConnection(
            configuration: GitHubConfiguration(
                apiURL: URL(string: "http://api.example.invalid")!, webURL: URL(string: "http://example.invalid")!),
            cacheFile: nil)

        await #expect(throws: GitHubError.insecureAddress(host: "api.example.invalid")) {
            _ = try await connection.accounts.currentUser(with: AccessToken(FakeGitHub.validToken))
        }
    }

    // MARK: - Messages

    @Test("a 401 whose message repeats the token comes out without the token and without control characters")
    func echoedToken() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.failNext(.unauthorizedEchoingToken)

        let error = await #expect(throws: GitHubError.self) {
            _ = try await world.connection.accounts.currentUser(with: world.credential.token)
        }
        guard case .unauthorized(let message?) = error else {
            Issue.record("expected unauthorized with a message, got \(String(describing: error))")
            return
        }
        for text in [message, error?.description ?? ""] {
            #expect(!text.contains(FakeGitHub.validToken))
            #expect(!text.contains("ghp_"))
            #expect(
                ProjectRules.invisibleControls(in: text).isEmpty,
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(text.contains(GitHubText.redaction))
        }
    }

    @Test(
        "what looks like a credential is redacted, and control characters go",
        arguments: [
            ("token ghp_abcdefghijklmnopqrstuvwxyz0123456789 leaked", "token [redacted] leaked"),
            ("Authorization: Bearer abc.def-ghi", "Authorization: Bearer [redacted]"),
            ("a github_pat_11ABCDEFG0123456789_abcdefghij here", "a [redacted] here"),
            ("\u{1b}[31mred\u{1b}[0m \u{202E}txet", "[31mred[0m txet"),
            ("two\nlines", "two lines"),
            ("the token is invalid; Basic auth is off", "the token is invalid; Basic auth is off"),
            ("Authorization: token 0123456789abcdef0123", "Authorization: token [redacted]"),
        ])
    func shown(_ text: String, _ expected: String) {
        #expect(GitHubText.shown(text) == expected)
    }

    // MARK: - Limits

    @Test("a 403 with requests left, no retry-after and GitHub's secondary-limit message waits at least a minute")
    func secondaryLimitWithoutRetryAfter() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed(Self.repository, issues: 2)
        world.github.failNext(.secondaryRateLimitWithoutRetryAfter)

        await #expect(throws: GitHubError.rateLimited(until: TestClock.defaultStart.addingTimeInterval(60))) {
            _ = try await world.issues.firstPage(of: GitHubTestWorld.repository, matching: IssueFilter())
        }
    }

    // MARK: - Links

    @Test("a next page whose address holds commas (labels=bug,help wanted) is followed to the last page")
    func linkWithCommas() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed(Self.repository, issues: 1_300)
        let filter = IssueFilter(state: .all, labels: ["bug", "help wanted"])

        let pages = try await world.allPages(filter)

        let expected = (1...1_300).filter { $0 % 12 == 0 }.count  // "bug" on every third, "help wanted" on every fourth
        #expect(expected > 100)
        #expect(pages.count == 2)
        #expect(pages.flatMap(\.issues).count == expected)
    }

    @Test("a Link header is read as RFC 8288 writes it: commas and semicolons inside addresses and quotes")
    func linkHeader() {
        let header =
            #"<https://x.test/i?labels=a,b;c&page=2>; rel="next"; title="a, b", <https://x.test/i?page=9>; rel="last""#
        let links = Headers.links(in: header)
        #expect(links.map(\.target) == ["https://x.test/i?labels=a,b;c&page=2", "https://x.test/i?page=9"])
        #expect(links.first?.parameters == ["rel": "next", "title": "a, b"])
    }
}

@Suite("Signing in: device-code errors, the web flow's secret, scopes, the environment's token, forgetting answers")
struct GitHubSignInHardeningTests {
    @Test("a device-code request GitHub answers 404 is an OAuth error, not 'no such repository'")
    func deviceCodeNotFound() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.answerDeviceCodeRequest(with: .unknownClient)

        await #expect(throws: GitHubError.oauth(code: "Not Found", description: nil)) {
            _ = try await world.connection.deviceFlow().requestCodes(scope: "repo")
        }
    }

    @Test("device_flow_disabled is its own error")
    func deviceFlowDisabled() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.answerDeviceCodeRequest(with: .deviceFlowDisabled)

        await #expect(throws: GitHubError.deviceFlowDisabled) {
            _ = try await world.connection.deviceFlow().requestCodes(scope: "repo")
        }
    }

    @Test("the web flow's exchange carries the client secret GitHub requires")
    func clientSecret() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        let signIn = try world.connection.beginWebSignIn(
            redirectURL: URL(string: "issuetracker://oauth/callback")!, scope: "repo",
            clientSecret: FakeGitHub.clientSecret)
        let callback = try #require(world.github.approve(signIn.authorizeURL))

        let token = try await signIn.complete(callback: callback)

        #expect(token == AccessToken(FakeGitHub.validToken))
        #expect(world.github.requests.last?.formFields["client_secret"] == FakeGitHub.clientSecret)
        #expect(
            throws: GitHubError.oauth(
                code: "missing_client_secret", description: "the OAuth app's client secret is empty")
        ) {
            _ = try world.connection.beginWebSignIn(
                redirectURL: URL(string: "issuetracker://oauth")!, scope: "repo", clientSecret: "")
        }
    }

    @Test("a token without the repo scope is refused at sign-in and not kept; one with it, or without scopes, is kept")
    func scopes() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        let credentials = InMemoryCredentialStore()
        let signIn = SignInToGitHub(
            accounts: world.connection.accounts, credentials: credentials, apiURL: world.github.apiURL)
        let token = AccessToken(FakeGitHub.validToken)

        world.github.setScopes("read:org, gist")
        await #expect(throws: GitHubError.missingScopes(needed: ["repo"], granted: ["read:org", "gist"])) {
            try await signIn(token)
        }
        #expect(try credentials.load() == nil)

        world.github.setScopes(nil)
        #expect(try await signIn(token).login == FakeGitHub.login)
        world.github.setScopes("repo")
        #expect(try await signIn(token).login == FakeGitHub.login)
        #expect(try credentials.load()?.login == FakeGitHub.login)
    }

    @Test("GH_TOKEN, else GITHUB_TOKEN, comes before the kept sign-in and is never written")
    func environmentToken() throws {
        let api = URL(string: "https://api.github.com")!
        let kept = InMemoryCredentialStore(
            GitHubCredential(token: AccessToken("ghp_kept"), login: "octocat", apiURL: api))

        let both = EnvironmentCredentialStore(
            environment: ["GH_TOKEN": "ghp_one", "GITHUB_TOKEN": "ghp_two"], apiURL: api, stored: kept)
        let second = EnvironmentCredentialStore(environment: ["GITHUB_TOKEN": "ghp_two\n"], apiURL: api, stored: kept)
        let none = EnvironmentCredentialStore(environment: ["GH_TOKEN": ""], apiURL: api, stored: kept)

        #expect(try both.load()?.token == AccessToken("ghp_one"))
        #expect(try second.load()?.token == AccessToken("ghp_two"))
        #expect(try none.load()?.token == AccessToken("ghp_kept"))
        #expect(try both.remove())
        #expect(try kept.load() == nil)
        #expect(try both.load()?.token == AccessToken("ghp_one"))
    }

    @Test("forgetting the kept answers removes the cache file and its issue bodies")
    func forgetKeptAnswers() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = directory.file("github-cache.json")
        let world = try GitHubTestWorld(cacheFile: cache)
        defer { world.github.stop() }
        world.github.seed("octocat/Hello-World", issues: 3)
        _ = try await world.allPages()
        #expect(FileManager.default.fileExists(atPath: cache.path))

        try world.connection.forgetKeptAnswers()

        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }
}
