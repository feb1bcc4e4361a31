import Foundation
import ProjectManagerTestSupport
import Testing

/// The built `pm` (or the one `PM_EXECUTABLE` names, such as the release build) run as a new user
/// would, against a fake GitHub on the loopback.
@Suite("The pm executable against a loopback GitHub, as a new user")
struct GitHubProcessTests {
    typealias Run = ProcessRun

    private func pm(_ arguments: [String], input: String = "", environment: [String: String]) throws -> Run {
        try ProcessRun.run(
            BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"), arguments, input: input,
            environment: environment)
    }

    @Test("sign in, list 250 issues twice (304s), link, sync, close one by moving it, hit the rate limit")
    func newUser() throws {
        let github = try FakeGitHub()
        defer { github.stop() }
        github.seed("octocat/Hello-World", issues: 250, pullRequests: 20)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = [
            "PM_GITHUB_API_URL": github.apiURL.absoluteString, "PM_GITHUB_URL": github.webURL.absoluteString,
            "HOME": directory.url.path, "XDG_CONFIG_HOME": directory.file("config").path,
            "XDG_CACHE_HOME": directory.file("cache").path, "PM_STORE": directory.file("projects.pmstore").path,
        ]
        var transcript = ""
        func run(_ arguments: [String], input: String = "") throws -> Run {
            let outcome = try pm(arguments, input: input, environment: environment)
            transcript += outcome.output + outcome.errors
            return outcome
        }

        let login = try run(["github", "login", "--with-token"], input: FakeGitHub.validToken + "\n")
        #expect(login.status == 0, "\(login.errors)")
        let mode =
            try FileManager.default.attributesOfItem(
                atPath: directory.file("config/projectmanager/github.json").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        github.clearRequests()
        let first = try run(["github", "issues", "octocat/Hello-World", "--state", "all"])
        #expect(first.status == 0)
        #expect(first.output.split(separator: "\n").count == 250)
        #expect(github.apiRequests.count == 3)
        github.clearRequests()
        let second = try run(["github", "issues", "octocat/Hello-World", "--state", "all"])
        #expect(second.output == first.output)
        #expect(github.apiRequests.count == 3)
        #expect(github.apiRequests.allSatisfy { $0.header("If-None-Match") != nil })

        #expect(try run(["github", "link", "octocat/Hello-World"]).status == 0)
        let sync = try run(["github", "sync"])
        #expect(sync.output.contains("250 added"), "\(sync.errors)")
        let found = try run(["search", "Found a bug 1"])
        let line = try #require(
            found.output.split(separator: "\n").first { $0.contains("  Found a bug 1 — ") },
            "\(found.output.prefix(400)) \(found.errors)")
        let id = try #require(line.split(separator: " ").first)
        let move = try run(["move", String(id), "done"])
        #expect(move.status == 0, "\(move.errors)")
        github.clearRequests()
        let close = try run(["github", "sync"])
        _ = try run(["github", "sync"])
        #expect(close.output.contains("1 closed"), "\(close.errors)")
        let patches = github.apiRequests.filter { $0.method == "PATCH" }
        #expect(patches.map(\.path) == ["/repos/octocat/Hello-World/issues/1"])
        #expect(
            patches.first.map { String(decoding: $0.body, as: UTF8.self) }
                == #"{"state":"closed","state_reason":"completed"}"#)

        let store = try Data(contentsOf: directory.file("projects.pmstore"))
        github.failNext(.rateLimited)
        let limited = try run(["github", "sync"])
        #expect(limited.status == 1)
        #expect(limited.output.isEmpty)
        #expect(
            limited.errors == "pm: GitHub's rate limit is reached until 2026-03-15T13:00:00Z; try again after that\n")
        #expect(try Data(contentsOf: directory.file("projects.pmstore")) == store)

        #expect(!transcript.contains(FakeGitHub.validToken))
    }
}
