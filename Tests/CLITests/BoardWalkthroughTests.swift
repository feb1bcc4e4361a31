import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

/// Issue 9's walkthrough through `pm`, run after run as a new user would, and one user's boards
/// out of another's reach.
@Suite("pm: accounts and boards, as new users")
struct BoardWalkthroughTests {
    static let password = "correct horse battery"

    static func login(_ harness: CLIHarness, _ email: String, password: String = password) async -> RunOutcome {
        await harness.run(["login", email, "--password-stdin"], input: password + "\n")
    }

    @Test(
        "sign up, out, a wrong password and an unknown email alike, in; two boards, a card moved across; it and the session stay"
    )
    func walkthrough() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let failures = "projects.accounts/sign-in-failures.json"

        await AccountCommandTests.signUp(harness, "ada@example.com", password: Self.password)
        #expect(await harness.run(["logout"]).status == 0)
        var before = try harness.files()
        let wrong = await Self.login(harness, "ada@example.com", password: "not the password")
        let unknown = await Self.login(harness, "nobody@example.com")
        #expect(wrong.status == 1 && unknown.status == 1)
        #expect(wrong.errorLines == ["pm: The email or the password is wrong."])
        #expect(unknown.errors == wrong.errors)
        var after = try harness.files()
        after.removeValue(forKey: failures)
        before.removeValue(forKey: failures)
        #expect(after == before, "a failed sign-in changes no file but the failure count")
        #expect(await Self.login(harness, "ada@example.com").output == "Signed in as ada@example.com\n")

        #expect(await harness.run(["boards"]).output == "* Projects  0 projects (To Do 0, Doing 0, Done 0)\n")
        #expect(await harness.run(["board", "new", "Work"]).status == 0)
        let draft = try await harness.add("Draft the plan")
        let room = try await harness.add("Book the room", ["--board", "Work"])
        let moved = await harness.run(["move", draft, "--to-board", "Work"])
        #expect(moved.status == 0, "\(moved.errors)")
        #expect(moved.output == "moved \(draft) to To Do on board 'Work' (2 of 2)\n")

        let work = await harness.run(["board", "Work"])
        #expect(work.outputLines.first?.hasPrefix("Work · ") == true)
        #expect(work.output.contains(draft) && work.output.contains(room) && work.output.contains("Draft the plan"))
        #expect(!(await harness.run(["board"]).output.contains(draft)))
        #expect(await harness.run(["whoami"]).output == "Signed in as ada@example.com\n")
        #expect(await harness.run(["history", "--board", "Work"]).output.contains("Draft the plan"))
        let accounts = AccountCommandTests.accountsFile(harness)
        #expect(try AccountCommandTests.permissions(accounts) == 0o600)
        for (path, bytes) in try harness.files() {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.password), "\(path) holds the password")
        }
    }

    @Test(
        "a move to another board keeps its column unless told, lands at --at, and pm undo on the board it left brings it back"
    )
    func moveAndUndo() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let card = try await harness.add("Card")
        _ = await harness.run(["board", "new", "Work"])
        _ = try await harness.add("Already there", ["--board", "Work"])

        let moved = await harness.run(["move", card, "doing", "--to-board", "work", "--at", "1"])
        #expect(moved.output == "moved \(card) to Doing on board 'Work' (1 of 1)\n")
        #expect(await harness.run(["history", "--board", "Work", "--limit", "1"]).output.contains("Card"))
        let undone = await harness.run(["undo"])

        #expect(undone.status == 0, "\(undone.errors)")
        #expect(await harness.run(["show", card]).output.contains("To Do"))
        #expect(await harness.run(["show", card, "--board", "Work"]).status == 1)
    }

    @Test("a move to an unknown board, or without a column or --to-board, changes no file")
    func refusedMoves() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let card = try await harness.add("Card")
        _ = await harness.run(["board", "new", "Work"])
        let before = try harness.files()

        let unknown = await harness.run(["move", card, "--to-board", "Wrok"])
        let bare = await harness.run(["move", card])
        let badAt = await harness.run(["move", card, "--to-board", "Work", "--at", "0"])

        #expect(unknown.status == 1)
        #expect(unknown.errors == "pm: no board is named 'Wrok': did you mean 'Work'? pm boards lists them\n")
        #expect(bare.status == 2 && badAt.status == 2)
        #expect(try harness.files() == before)
    }

    @Test("one user cannot see or change another's boards or cards through pm; signed out sees neither's")
    func isolation() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        await AccountCommandTests.signUp(harness, "ada@example.com", password: Self.password)
        _ = await harness.run(["board", "new", "Work"])
        let card = try await harness.add("Ada's secret", ["--board", "Work"])
        _ = await harness.run(["logout"])
        await AccountCommandTests.signUp(harness, "bob@example.com", password: Self.password)
        let before = try harness.files()

        let boards = await harness.run(["boards"])
        let search = await harness.run(["search", "secret"])
        let attempts = [
            await harness.run(["board", "Work"]),
            await harness.run(["show", card, "--board", "Work"]),
            await harness.run(["board", "rename", "Work", "Mine"]),
            await harness.run(["board", "delete", "Work", "--yes"]),
            await harness.run(["board", "use", "Work"]),
            await harness.run(["add", "Intruder", "--board", "Work"]),
            await harness.run(["show", card]),
            await harness.run(["delete", card]),
            await harness.run(["move", card, "done"]),
        ]

        #expect(boards.output == "* Projects  0 projects (To Do 0, Doing 0, Done 0)\n")
        #expect(!search.output.contains("Ada's secret") && !search.output.contains(card))
        for attempt in attempts {
            #expect(attempt.status == 1)
            #expect(attempt.errorLines.count == 1)
            #expect(!attempt.errors.contains("Ada"))
        }
        #expect(try harness.files() == before)
        _ = await harness.run(["logout"])
        #expect(!(await harness.run(["boards"]).output.contains("Work")))
        _ = await Self.login(harness, "ada@example.com")
        #expect(await harness.run(["show", card, "--board", "Work"]).output.contains("Ada's secret"))
    }
}
