import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

/// `--board NAME` on every command that reads or changes cards, and the current board without it.
@Suite("pm: --board and the current board")
struct BoardOptionTests {
    /// A store with the default board holding "Home card" and a board Work holding "Work card",
    /// and their short ids.
    static func twoBoards() async throws -> (harness: CLIHarness, home: String, work: String) {
        let harness = try CLIHarness()
        let home = try await harness.add("Home card", ["--due", "2026-03-15"])
        _ = await harness.run(["board", "new", "Work"])
        let work = try await harness.add("Work card", ["--board", "Work", "--due", "2026-03-15"])
        return (harness, home, work)
    }

    @Test("each card command works on the board --board names, in any case, and not on the other")
    func everyCommand() async throws {
        let (harness, home, work) = try await Self.twoBoards()
        defer { harness.directory.remove() }

        #expect(await harness.run(["show", work]).errors == "pm: no project with id '\(work)'\n")
        #expect(await harness.run(["show", work, "--board", "work"]).output.contains("Work card"))
        #expect(await harness.run(["edit", work, "--board", "Work", "--title", "Work card, edited"]).status == 0)
        #expect(
            await harness.run(["move", work, "doing", "--board", "Work"]).output == "moved \(work) to Doing (1 of 1)\n")
        let history = await harness.run(["history", "--board", "Work"])
        #expect(history.outputLines.count == 4)
        #expect(history.output.contains("Work card, edited") && !history.output.contains("Home card"))
        #expect(await harness.run(["undo", "--board", "Work"]).output.hasPrefix("undid: Moved"))
        #expect(await harness.run(["redo", "--board", "Work"]).output.hasPrefix("redid: Moved"))
        #expect(await harness.run(["history"]).outputLines.count == 1)
        #expect(await harness.run(["search", "card", "--board", "Work"]).outputLines.first?.hasPrefix(work) == true)
        let today = await harness.run(["today", "--board", "Work"])
        #expect(today.output.contains(work) && !today.output.contains(home))
        let export = await harness.run(["export", "--json", "--board", "Work"])
        #expect(export.output.contains("Work card, edited") && !export.output.contains("Home card"))
        #expect(await harness.run(["delete", work, "--board", "Work"]).status == 0)
        #expect(await harness.run(["board", "Work"]).output.contains("(empty)"))
        #expect(await harness.run(["board"]).output.contains(home))
    }

    @Test("after pm board use, commands without --board work on that board, run after run")
    func currentBoard() async throws {
        let (harness, home, work) = try await Self.twoBoards()
        defer { harness.directory.remove() }

        _ = await harness.run(["board", "use", "Work"])
        let added = try await harness.add("Second work card")

        #expect(await harness.run(["board"]).outputLines.first?.hasPrefix("Work · ") == true)
        #expect(await harness.run(["show", work]).status == 0)
        #expect(await harness.run(["show", home]).status == 1)
        #expect(
            await harness.run(["boards"]).outputLines == [
                "  Projects  1 project (To Do 1, Doing 0, Done 0)",
                "* Work      2 projects (To Do 2, Doing 0, Done 0)",
            ])
        #expect(await harness.run(["undo"]).output == "undid: Added 'Second work card' to To Do\n")
        #expect(await harness.run(["show", added]).status == 1)
    }

    @Test(
        "an unknown board is one line saying pm boards lists them, exit 1, and nothing is written",
        arguments: [
            ["add", "Card", "--board", "Nowhere"], ["show", "3f2a", "--board", "Nowhere"],
            ["edit", "3f2a", "--title", "T", "--board", "Nowhere"], ["move", "3f2a", "done", "--board", "Nowhere"],
            ["delete", "3f2a", "--board", "Nowhere"], ["history", "--board", "Nowhere"],
            ["undo", "--board", "Nowhere"],
            ["redo", "--board", "Nowhere"], ["search", "card", "--board", "Nowhere"], ["today", "--board", "Nowhere"],
            ["export", "--json", "--board", "Nowhere"], ["reminders", "--board", "Nowhere"], ["board", "Nowhere"],
            ["board", "rename", "Nowhere", "Somewhere"], ["board", "use", "Nowhere"],
        ])
    func unknownBoard(arguments: [String]) async throws {
        let (harness, _, _) = try await Self.twoBoards()
        defer { harness.directory.remove() }
        let before = try harness.files()

        let outcome = await harness.run(arguments)

        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errors == "pm: no board is named 'Nowhere': pm boards lists them\n")
        #expect(try harness.files() == before)
    }
}
