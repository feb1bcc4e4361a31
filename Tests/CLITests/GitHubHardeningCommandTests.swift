import Foundation
import ProjectManagerCLI
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("pm github against a server that answers as GitHub may")
struct GitHubHardeningCommandTests {
    @Test("a 401 whose message repeats the token prints neither the token nor an escape sequence")
    func echoedToken() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        world.github.failNext(.unauthorizedEchoingToken)

        let outcome = await world.pm(["status"])

        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1)
        #expect(!outcome.errors.contains(FakeGitHub.validToken))
        #expect(!outcome.errors.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{7}" || $0 == "\u{202E}" })
        #expect(outcome.errors.contains("[redacted]"))
    }

    @Test("logout removes the kept answers, private issue bodies among them")
    func logoutForgetsAnswers() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        _ = await world.pm(["issues", "octocat/Hello-World"])
        let cache = world.harness.directory.file("cache/projectmanager/github-cache.json")
        #expect(FileManager.default.fileExists(atPath: cache.path))

        let logout = await world.pm(["logout"])

        #expect(logout.status == 0)
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }

    @Test("GH_TOKEN signs in without a login, and is never written to the sign-in file")
    func environmentToken() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }

        let outcome = await world.harness.run(
            ["github", "status"], environment: world.environment.merging(["GH_TOKEN": FakeGitHub.validToken]) { $1 })

        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.outputLines.first?.hasSuffix("as octocat") == true)
        #expect(!FileManager.default.fileExists(atPath: world.credentialFile.path))
    }

    @Test("a token without the repo scope is refused at login, and nothing is stored")
    func missingScope() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        world.github.setScopes("read:org")

        let outcome = await world.pm(["login", "--with-token"], input: "\(FakeGitHub.validToken)\n")

        #expect(outcome.status == 1)
        #expect(
            outcome.errorLines == [
                "pm: the token lacks the scope repo (it has read:org); make a token with it with 'pm github login'"
            ])
        #expect(!FileManager.default.fileExists(atPath: world.credentialFile.path))
    }

    @Test("a device flow the OAuth app does not allow says so, and not 'sign in again'")
    func deviceFlowDisabled() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        world.github.answerDeviceCodeRequest(with: .deviceFlowDisabled)

        let outcome = await world.pm(["login"])

        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("does not allow signing in with a device code"))
        #expect(!outcome.errors.contains("sign in again"))
    }

    @Test("an API address of plain http to another machine is refused before anything is sent")
    func insecureAddress() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }

        let outcome = await world.harness.run(
            ["github", "status"],
            environment: world.environment.merging([
                "PM_GITHUB_API_URL": "http://github.example.invalid/api/v3", "GH_TOKEN": "ghp_x",
            ]) { $1 })

        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("plain http"))
    }

    @Test("link --create-issues: a card added here becomes an issue on the next sync, once")
    func createIssues() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        let link = await world.pm(["link", "octocat/Hello-World", "--create-issues"])
        try #require(link.status == 0, "\(link.errors)")
        _ = await world.pm(["sync"])
        _ = await world.harness.run(["add", "Made here"])

        let sync = await world.pm(["sync"])
        let again = await world.pm(["sync"])

        #expect(
            sync.outputLines == ["synced: 0 added, 0 updated, 0 closed, 0 reopened on GitHub; 1 made issues on GitHub"])
        #expect(again.outputLines == ["up to date: nothing changed on GitHub"])
        #expect(world.github.apiRequests.filter { $0.method == "POST" }.count == 1)
    }
}
