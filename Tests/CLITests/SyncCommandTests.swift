import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

/// `pm remote`, `pm share`, `pm join`, `pm sync` and `pm status` in one store, in process: their
/// command lines, their words, and a shared folder as the remote.
@Suite("pm remote, share, join, sync, status: one store")
struct SyncCommandTests {
    @Test(
        "a wrong command line is a usage error that says what is wrong, and never repeats an address",
        arguments: [
            (["remote"], "'pm remote' needs what to do (add, list or remove)"),
            (["remote", "add", "hub"], "'pm remote add' needs a name and an address"),
            (["remote", "remove"], "'pm remote remove' needs a remote's name"),
            (["remote", "ad"], "unknown 'pm remote' action 'ad': did you mean 'add'?"),
            (
                ["remote", "https://secret-token@example.invalid/x.git"],
                "unknown 'pm remote' action 'https://example.invalid/x.git'"
            ),
            (
                ["remote", "list", "https://secret-token@example.invalid/x.git"],
                "an unexpected argument for 'pm remote list'"
            ),
            (
                ["remote", "add", "hub", "/tmp/x", "https://secret-token@example.invalid/x.git"],
                "an unexpected argument for 'pm remote'"
            ),
            (["remote", "list", "--pretty"], "--pretty goes with --json"),
            (["share"], "'pm share' needs a remote's name"),
            (
                ["share", "Projects", "hub", "--board", "Work"],
                "give the board once: pm share 'Projects' hub or pm share hub --board 'Work'"
            ),
            (
                ["join", "hub", "Projects"],
                "bad board 'Projects': give the board's whole id, such as 00000000-0000-0000-0000-000000000001 (pm share prints it)"
            ),
            (["sync", "now"], "unexpected argument 'now' for 'pm sync'"),
            (["status", "--pretty"], "--pretty goes with --json"),
        ])
    func usage(_ arguments: [String], message: String) {
        #expect(throws: CommandLineError.usage(message)) { try CommandParser.parse(arguments) }
    }

    @Test("a command line becomes the command it stands for: the board first or by --board, the remote last")
    func parsed() throws {
        let id = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        let cases: [([String], any Command)] = [
            (["remote", "add", "hub", "/srv/hub.git"], RemoteCommand(.add(name: "hub", address: "/srv/hub.git"))),
            (["remote", "list", "--json"], RemoteCommand(.list, json: JSONFormat())),
            (["remote", "remove", "hub"], RemoteCommand(.remove("hub"))),
            (["share", "hub"], ShareCommand(board: nil, remote: "hub")),
            (["share", "Work", "hub"], ShareCommand(board: "Work", remote: "hub")),
            (["share", "hub", "--board", "Work"], ShareCommand(board: "Work", remote: "hub")),
            (["join", "hub"], JoinCommand(remote: "hub")),
            (["join", "hub", id.uuidString], JoinCommand(remote: "hub", board: Board.ID(rawValue: id))),
            (["sync", "--json"], SyncCommand(json: JSONFormat())),
            (["status"], StatusCommand()),
        ]
        for (arguments, command) in cases {
            #expect(try CommandParser.parse(arguments).command.isSame(as: command), "\(arguments)")
        }
    }

    @Test("remote add, list and remove: the address without its token, the boards, the last sync, what is not sent")
    func remotes() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let folder = harness.directory.file("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        // When
        let added = await harness.run(["remote", "add", "drive", folder.path])
        let secret = await harness.run(["remote", "add", "secret", "https://secret-token@127.0.0.1:1/x.git"])
        let again = await harness.run(["remote", "add", "drive", folder.path])
        let listed = await harness.run(["remote", "list"])
        let removed = await harness.run(["remote", "remove", "secret"])
        let unknown = await harness.run(["remote", "remove", "secret"])
        let left = await harness.run(["remote", "list"])

        // Then
        #expect(added.outputLines == ["added remote drive at \(folder.path)"], "\(added.errors)")
        #expect(secret.outputLines == ["added remote secret at https://127.0.0.1:1/x.git"])
        #expect(again.status == 1)
        #expect(again.errors == "pm: a remote named drive exists already: choose another name\n")
        #expect(
            listed.outputLines == [
                "drive   \(folder.path)" + String(repeating: " ", count: max(0, 25 - folder.path.count))
                    + "  (no board; last sync never; 0 not sent)",
                "secret  https://127.0.0.1:1/x.git" + String(repeating: " ", count: max(0, folder.path.count - 25))
                    + "  (no board; last sync never; 0 not sent)",
            ])
        #expect(removed.outputLines == ["removed remote secret; its boards stay here, no longer shared"])
        #expect(unknown.status == 1)
        #expect(unknown.errors == "pm: no remote named secret: check the name (pm remote list shows them)\n")
        #expect(left.outputLines.count == 1)
        for outcome in [added, secret, again, listed, removed, unknown, left] {
            #expect(!(outcome.output + outcome.errors).contains("secret-token"))
        }
    }

    @Test("with nothing shared, sync and status say so and succeed; an unknown remote is one line, exit 1")
    func nothingShared() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let sync = await harness.run(["sync"])
        let status = await harness.run(["status"])
        let list = await harness.run(["remote", "list"])
        let share = await harness.run(["share", "nowhere"])
        let join = await harness.run(["join", "nowhere"])

        #expect(
            sync.status == 0
                && sync.outputLines == ["nothing to sync: no board is shared (pm share BOARD REMOTE shares one)"])
        #expect(status.status == 0 && status.outputLines == ["no board is shared: pm share BOARD REMOTE shares one"])
        #expect(list.outputLines == ["no remotes: pm remote add NAME ADDRESS adds one"])
        for outcome in [share, join] {
            #expect(outcome.status == 1)
            #expect(outcome.errors == "pm: no remote named nowhere: check the name (pm remote list shows them)\n")
        }
    }

    @Test("share on a shared folder says what went out and how to join; status lists the board")
    func shareOnAFolder() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let folder = harness.directory.file("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try await harness.add("Report")
        #expect(await harness.run(["remote", "add", "drive", folder.path]).status == 0)

        // When
        let shared = await harness.run(["share", "Projects", "drive"])
        let status = await harness.run(["status"])
        let sync = await harness.run(["sync"])
        let twice = await harness.run(["share", "drive"])

        // Then
        #expect(shared.status == 0, "\(shared.errors)")
        // The default board goes by an id of its own on the remote, the one the listing gives.
        let listed = await harness.run(["remote", "list", "--json"])
        let remoteID = try #require(
            listed.output.firstMatch(of: /"remoteID":"([0-9a-f-]{36})"/).map { String($0.output.1) })
        #expect(remoteID != Board.ID.default.description)
        #expect(
            shared.outputLines == [
                "shared Projects on drive: sent 3, received 0, changed 0 here (Projects)",
                "others join it with: pm join drive \(remoteID)",
            ])
        #expect(status.outputLines == ["Projects  on drive  last sync 2026-03-15 12:00  0 not sent  0 conflicts"])
        #expect(sync.outputLines == ["drive: up to date (Projects)"])
        #expect(twice.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["replicas"])
    }
}
