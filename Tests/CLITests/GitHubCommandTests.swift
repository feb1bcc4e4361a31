import Foundation
import ProjectManagerCLI
import ProjectManagerDomain
import ProjectManagerTestSupport
import Synchronization
import Testing

/// A `pm` harness whose environment points GitHub at a fake on the loopback and keeps the
/// sign-in and the cache in the harness's folder.
struct GitHubCLIWorld: Sendable {
    let harness: CLIHarness
    let github: FakeGitHub
    let environment: [String: String]
    /// Every output and error line of every run, to check that the token never shows.
    let transcript = Transcript()

    final class Transcript: Sendable {
        private let text = Mutex("")
        func append(_ outcome: RunOutcome) { text.withLock { $0 += outcome.output + outcome.errors } }
        var contents: String { text.withLock { $0 } }
    }

    init() throws {
        harness = try CLIHarness()
        github = try FakeGitHub()
        github.seed("octocat/Hello-World", issues: 250, pullRequests: 20)
        environment = [
            "PM_GITHUB_API_URL": github.apiURL.absoluteString, "PM_GITHUB_URL": github.webURL.absoluteString,
            "PM_GITHUB_CLIENT_ID": "Iv1.8a61f9b3a7aba766",
            "XDG_CONFIG_HOME": harness.directory.file("config").path,
            "XDG_CACHE_HOME": harness.directory.file("cache").path,
            "HOME": harness.directory.url.path,
        ]
    }

    var credentialFile: URL { harness.directory.file("config/projectmanager/github.json") }

    func pm(_ arguments: [String], input: String = "") async -> RunOutcome {
        let outcome = await harness.run(["github"] + arguments, environment: environment, input: input)
        transcript.append(outcome)
        return outcome
    }

    func signIn() async throws {
        let outcome = await pm(["login", "--with-token"], input: FakeGitHub.validToken + "\n")
        try #require(outcome.status == 0, "\(outcome.errors)")
    }

    func stop() {
        github.stop()
        harness.directory.remove()
    }
}

@Suite("pm github against a loopback GitHub")
struct GitHubCommandTests {
    @Test("login --with-token checks the token with GET /user and keeps it in a 0600 file")
    func loginWithToken() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }

        let outcome = await world.pm(["login", "--with-token"], input: "\(FakeGitHub.validToken)\n")

        #expect(outcome.status == 0)
        #expect(outcome.outputLines == ["signed in to 127.0.0.1:\(world.github.apiURL.port ?? 0) as octocat"])
        let check = try #require(world.github.apiRequests.last)
        #expect(check.path == "/user")
        #expect(check.header("Authorization") == "Bearer \(FakeGitHub.validToken)")
        let mode =
            try FileManager.default.attributesOfItem(atPath: world.credentialFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a refused token is one line, exit 1, and nothing is stored")
    func refusedToken() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }

        let outcome = await world.pm(["login", "--with-token"], input: "ghp_wrong\n")

        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.errors.contains("refused the token"))
        #expect(!FileManager.default.fileExists(atPath: world.credentialFile.path))
    }

    @Test("no token on standard input is refused before any request")
    func emptyInput() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }

        let outcome = await world.pm(["login", "--with-token"], input: "\n")

        #expect(outcome.status == 1)
        #expect(world.github.requests.isEmpty)
    }

    @Test("the device flow shows the code and the address, polls, and signs in")
    func deviceFlow() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        world.github.scriptDeviceFlow([.authorizationPending, .slowDown, .granted], interval: 0)

        let outcome = await world.pm(["login"])

        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.outputLines.first == "First copy your one-time code: \(FakeGitHub.userCode)")
        #expect(outcome.outputLines.last?.hasSuffix("as octocat") == true)
        #expect(world.github.requests.filter { $0.path == "/login/oauth/access_token" }.count == 3)
    }

    @Test("status names the user, the host and the rate limit; logout forgets the sign-in")
    func statusAndLogout() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()

        let status = await world.pm(["status"])
        let json = await world.pm(["status", "--json"])
        let logout = await world.pm(["logout"])
        let after = await world.pm(["status"])

        #expect(status.status == 0)
        #expect(status.outputLines.first?.hasSuffix("as octocat") == true)
        #expect(status.outputLines.last?.hasPrefix("rate limit: ") == true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["login"] as? String == "octocat")
        #expect((object["rate_limit"] as? [String: Any])?["limit"] as? Int == 5000)
        #expect(logout.status == 0)
        #expect(logout.output.contains("signed out"))
        #expect(!FileManager.default.fileExists(atPath: world.credentialFile.path))
        #expect(after.status == 1)
        #expect(after.errors.contains("not signed in"))
    }

    @Test("issues lists 250 issues across three pages, pull requests left out; the second listing gets 304s")
    func listTwice() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        world.github.clearRequests()

        let first = await world.pm(["issues", "octocat/Hello-World", "--state", "all"])
        let firstRequests = world.github.apiRequests
        world.github.clearRequests()
        let second = await world.pm(["issues", "octocat/Hello-World", "--state", "all"])

        #expect(first.status == 0)
        #expect(first.outputLines.count == 250)
        #expect(first.outputLines.first?.hasPrefix("#270  closed  Found a bug 270") == true)
        #expect(!first.output.contains("#260 "))  // a pull request
        #expect(firstRequests.count == 3)
        #expect(second.output == first.output)
        let conditional = world.github.apiRequests
        #expect(conditional.count == 3)
        #expect(conditional.allSatisfy { $0.header("If-None-Match") != nil })
        let cache = world.harness.directory.file("cache/projectmanager/github-cache.json")
        #expect(try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test(
        "issue filters reach GitHub: --assignee, --label twice, --since, --sort, --direction; --json prints the issues")
    func filtersAndJSON() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        world.github.clearRequests()

        let outcome = await world.pm([
            "issues", "octocat/Hello-World", "--assignee", "hubot", "--label", "enhancement", "--label", "help wanted",
            "--since", "2011-01-01", "--sort", "updated", "--direction", "asc", "--json",
        ])

        #expect(outcome.status == 0, "\(outcome.errors)")
        let request = try #require(world.github.apiRequests.first)
        #expect(request.queryValue("assignee") == "hubot")
        #expect(request.queryValue("labels") == "enhancement,help wanted")
        #expect(request.queryValue("since") == "2011-01-01T00:00:00Z")
        #expect(request.queryValue("sort") == "updated")
        #expect(request.queryValue("direction") == "asc")
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [[String: Any]])
        #expect(!issues.isEmpty)
        #expect(issues.allSatisfy { ($0["labels"] as? [String])?.contains("help wanted") == true })
        #expect(issues.first?.keys.contains("state_reason") == true)
        #expect(issues.first?.keys.contains("token") == false)
    }

    @Test("--mine asks for the issues assigned to the signed-in login")
    func mine() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        world.github.clearRequests()

        let outcome = await world.pm(["issues", "octocat/Hello-World", "--mine", "--state", "all"])

        #expect(outcome.status == 0)
        #expect(world.github.apiRequests.first?.queryValue("assignee") == "octocat")
        #expect(!outcome.outputLines.isEmpty && outcome.outputLines.allSatisfy { $0.hasSuffix("@octocat") })
    }

    @Test("a rate-limited reply is one line with the reset time, exit 1, and changes nothing")
    func rateLimited() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        let credential = try Data(contentsOf: world.credentialFile)
        let cacheFile = world.harness.directory.file("cache/projectmanager/github-cache.json")
        // The sign-in's check of the token is not kept (its scopes must be fresh); no answer is yet.
        #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
        world.github.failNext(.rateLimited)
        world.github.clearRequests()

        let outcome = await world.pm(["issues", "octocat/Hello-World"])

        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(
            outcome.errorLines == [
                "pm: GitHub's rate limit is reached until 2026-03-15T13:00:00Z; try again after that"
            ])
        #expect(world.github.apiRequests.count == 1)
        #expect(try Data(contentsOf: world.credentialFile) == credential)
        #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
    }

    @Test("a sign-in for another host is not sent to this one")
    func otherHost() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        let other = try FakeGitHub()
        defer { other.stop() }
        var environment = world.environment
        environment["PM_GITHUB_API_URL"] = other.apiURL.absoluteString

        let outcome = await world.harness.run(["github", "issues", "octocat/Hello-World"], environment: environment)

        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("not to 127.0.0.1:\(other.apiURL.port ?? 0)"))
        #expect(other.requests.isEmpty)
    }

    @Test(
        "bad command lines are usage errors",
        arguments: [
            ["issues"], ["issues", "octocat"], ["issues", "octocat/Hello-World", "--state", "merged"],
            ["issues", "octocat/Hello-World", "--mine", "--assignee", "hubot"], ["status", "--state", "open"],
            ["logon"], ["issues", "octocat/Hello-World", "--since", "yesterday"],
        ])
    func usage(_ arguments: [String]) async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }

        let outcome = await world.pm(arguments)

        #expect(outcome.status == 2)
        #expect(world.github.requests.isEmpty)
    }

    @Test("the token shows in no output, error or JSON of any command, failures included")
    func tokenNeverShows() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        _ = await world.pm(["status"])
        _ = await world.pm(["status", "--json"])
        _ = await world.pm(["issues", "octocat/Hello-World", "--json"])
        _ = await world.pm(["issues", "octocat/Hello-World"])
        for fault: FakeGitHub.Fault in [.unauthorized, .rateLimited, .serverError(502), .malformedJSON, .missingField] {
            world.github.setRateLimit(remaining: 4_000)
            world.github.failNext(fault)
            _ = await world.pm(["issues", "octocat/Hello-World", "--state", "closed"])
        }
        world.github.failNext(.unauthorized)
        _ = await world.pm(["status", "--json"])
        _ = await world.pm(["login", "--with-token"], input: "ghp_wrongtoken\n")
        _ = await world.pm(["logout"])

        let transcript = world.transcript.contents
        #expect(!transcript.isEmpty)
        #expect(!transcript.contains(FakeGitHub.validToken))
        #expect(!transcript.contains("ghp_wrongtoken"))
        #expect(!transcript.contains("ghp_"))
    }
}
