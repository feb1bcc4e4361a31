import Foundation
import ProjectManagerCLI
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("pm github link and sync against a loopback GitHub")
struct GitHubSyncCommandTests {
    private func patches(_ world: GitHubCLIWorld) -> [RecordedRequest] {
        world.github.apiRequests.filter { $0.method == "PATCH" }
    }

    private func linkAndSync(_ world: GitHubCLIWorld) async throws {
        try await world.signIn()
        let link = await world.pm(["link", "octocat/Hello-World"])
        try #require(link.status == 0, "\(link.errors)")
        let sync = await world.pm(["sync"])
        try #require(sync.status == 0, "\(sync.errors)")
        #expect(sync.outputLines == ["synced: 250 added, 0 updated, 0 closed, 0 reopened on GitHub"])
    }

    @Test("a sync makes each issue a card, closed ones in Done; a second sync costs only 304s and writes nothing")
    func idempotent() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await linkAndSync(world)
        let board = await world.harness.run(["board"], width: 200)
        let stored = try world.harness.storeContents()
        world.github.clearRequests()

        let again = await world.pm(["sync"])

        #expect(board.output.contains("Found a bug 1"))
        #expect(again.status == 0)
        #expect(again.outputLines == ["up to date: nothing changed on GitHub"])
        let requests = world.github.apiRequests
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.method == "GET" && $0.header("If-None-Match") != nil })
        #expect(try world.harness.storeContents() == stored)
    }

    @Test("moving a card to Done closes its issue with exactly one PATCH; the next sync sends nothing more")
    func moveToDoneCloses() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await linkAndSync(world)
        let move = await world.harness.run(["move", "3f2a", "done"])
        try #require(move.status == 0, "\(move.errors)")
        world.github.clearRequests()

        let sync = await world.pm(["sync"])
        let again = await world.pm(["sync"])

        #expect(sync.status == 0, "\(sync.errors)")
        #expect(sync.output.contains("1 closed"))
        #expect(again.status == 0)
        let sent = patches(world)
        #expect(sent.map(\.path) == ["/repos/octocat/Hello-World/issues/1"])
        let body = try JSONSerialization.jsonObject(with: try #require(sent.first).body) as? [String: String]
        #expect(body == ["state": "closed", "state_reason": "completed"])
        #expect(world.github.issue(1, in: "octocat/Hello-World")?.state == "closed")

        let back = await world.harness.run(["move", "3f2a", "todo"])
        try #require(back.status == 0)
        world.github.clearRequests()
        let reopen = await world.pm(["sync"])
        #expect(reopen.output.contains("1 reopened"))
        #expect(patches(world).count == 1)
        #expect(world.github.issue(1, in: "octocat/Hello-World")?.state == "open")
    }

    @Test("a close that fails is set aside and reported; the rest syncs; after its wait the next sync sends it once")
    func outbox() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await linkAndSync(world)
        _ = await world.harness.run(["move", "3f2a", "done"])
        world.github.failChanges(toIssue: 1, in: "octocat/Hello-World", status: 502)
        world.github.edit(2, in: "octocat/Hello-World") { $0.title = "Renamed there" }
        world.github.clearRequests()

        let failed = await world.pm(["sync"])
        let waiting = await world.pm(["sync"])
        world.github.failChanges(toIssue: 1, in: "octocat/Hello-World", status: nil)
        world.harness.clock.advance(by: 61)
        let retried = await world.pm(["sync"])
        let settled = await world.pm(["sync"])

        #expect(failed.status == 0, "\(failed.errors)")
        #expect(
            failed.outputLines == [
                "synced: 0 added, 1 updated, 0 closed, 0 reopened on GitHub",
                "set aside #1, to GitHub: GitHub failed with status 502: \"Server Error\"; try again later",
            ])
        #expect(
            waiting.outputLines.last?.hasPrefix("set aside #1, to GitHub: failed 1 time in a row; tried again after ")
                == true)
        #expect(retried.output.contains("1 closed"))
        #expect(settled.outputLines == ["up to date: nothing changed on GitHub"])
        #expect(patches(world).count == 2)  // the one that failed, and the one that went through
        #expect(world.github.issue(1, in: "octocat/Hello-World")?.state == "closed")
    }

    @Test("sync --json says what went each way and what was set aside")
    func json() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        _ = await world.pm(["link", "octocat/Hello-World", "--create-issues"])
        _ = await world.pm(["sync"])
        _ = await world.harness.run(["move", "3f2a", "done"])
        _ = await world.harness.run(["add", "Made here"])
        world.github.failChanges(toIssue: 1, in: "octocat/Hello-World", status: 422)

        let sync = await world.pm(["sync", "--json"])

        #expect(sync.status == 0, "\(sync.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sync.output.utf8)) as? [String: Any])
        #expect(object["from_github"] as? [String: Int] == ["added": 0, "updated": 0])
        #expect(
            object["to_github"] as? [String: Int] == [
                "created": 1, "edited": 0, "closed": 0, "reopened": 0, "closed_as_not_planned": 0,
            ])
        let setAside = try #require((object["set_aside"] as? [[String: Any]])?.first)
        #expect(setAside["issue"] as? Int == 1)
        #expect(setAside["direction"] as? String == "to_github")
        #expect(setAside["reason"] as? String == "GitHub answered with status 422: \"Validation Failed\"")
        #expect(world.github.issue(271, in: "octocat/Hello-World")?.title == "Made here")
    }

    @Test("an issue closed and retitled on GitHub moves its card to Done with GitHub's title")
    func changedOnGitHub() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await linkAndSync(world)
        world.github.edit(1, in: "octocat/Hello-World") { issue in
            issue.title = "Found a bug, fixed"
            issue.state = "closed"
        }

        let sync = await world.pm(["sync"])
        let show = await world.harness.run(["show", "3f2a"])

        #expect(sync.output.contains("1 updated"))
        #expect(show.output.contains("Found a bug, fixed"))
        #expect(show.output.contains("Done"))
        #expect(patches(world).isEmpty)
    }

    @Test("an issue longer than a card allows syncs, cut to the limits, and a second sync sees no change")
    func longIssue() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        world.github.edit(1, in: "octocat/Hello-World") { issue in
            issue.title = String(repeating: "t", count: 200)
            issue.body = String(repeating: "b", count: 5_000)
        }
        try await linkAndSync(world)
        world.github.edit(2, in: "octocat/Hello-World") { $0.labels = ["bug"] }

        let again = await world.pm(["sync"])

        #expect(again.status == 0, "\(again.errors)")
        #expect(again.outputLines == ["synced: 0 added, 1 updated, 0 closed, 0 reopened on GitHub"])
        let history = await world.harness.run(["history", "--limit", "1"])
        #expect(!history.output.contains("Kept GitHub's text"))
    }

    @Test("sync before link says to link; link to a board that does not exist is refused")
    func notLinked() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()

        let sync = await world.pm(["sync"])
        let link = await world.pm(["link", "octocat/Hello-World", "--board", "Nowhere"])

        #expect(sync.status == 1)
        #expect(sync.errors.contains("pm github link"))
        #expect(link.status == 1)
    }
}

@Suite("pm github sync: conflicts")
struct GitHubSyncConflictTests {
    @Test("a title changed on both sides keeps GitHub's and records the local text in the history")
    func conflict() async throws {
        let world = try GitHubCLIWorld()
        defer { world.stop() }
        try await world.signIn()
        _ = await world.pm(["link", "octocat/Hello-World"])
        _ = await world.pm(["sync"])
        let edit = await world.harness.run(["edit", "3f2a", "--title", "My local title", "--body", "My notes"])
        try #require(edit.status == 0, "\(edit.errors)")
        world.github.edit(1, in: "octocat/Hello-World") { $0.title = "GitHub's title" }

        let sync = await world.pm(["sync"])
        let show = await world.harness.run(["show", "3f2a"])
        let history = await world.harness.run(["history", "--limit", "3"])

        #expect(sync.status == 0, "\(sync.errors)")
        #expect(show.output.contains("GitHub's title"))
        #expect(history.output.contains("yours was 'My local title': My notes"))
    }
}
