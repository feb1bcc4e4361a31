import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

/// `pm check`: a card's checklist, numbered from 1 as `pm show` prints it; its progress on the
/// board and in `pm show`.
@Suite("pm check: a card's checklist")
struct ChecklistCommandTests {
    /// A board with the card Report (3f2a9c1e) whose checklist is, in order: Send the agenda, Book
    /// the room (ticked), Order lunch.
    static func checklistBoard() async throws -> CLIHarness {
        let harness = try CLIHarness()
        _ = try await harness.add("Report")
        #expect(
            await harness.run(["check", "add", "3f2a", "Book the room"]).output
                == "added item 1 'Book the room' to 3f2a9c1e (Report): 0/1 done\n")
        #expect(
            await harness.run(["check", "add", "3f2a", "Send the agenda", "--at", "1"]).output
                == "added item 1 'Send the agenda' to 3f2a9c1e (Report): 0/2 done\n")
        #expect(
            await harness.run(["check", "add", "3f2a", "Order lunch", "--at", "9"]).output
                == "added item 3 'Order lunch' to 3f2a9c1e (Report): 0/3 done\n", "past the end is last")
        #expect(
            await harness.run(["check", "done", "3f2a", "2"]).output
                == "ticked item 2 'Book the room' of 3f2a9c1e (Report): 1/3 done\n")
        return harness
    }

    @Test("pm show numbers the items from 1 with [x] and [ ] under the checklist's progress; the board shows ☐ 1/3")
    func shown() async throws {
        // Given
        let harness = try await Self.checklistBoard()
        defer { harness.directory.remove() }

        // When
        let shown = await harness.run(["show", "3f2a"])
        let board = await harness.run(["board"], width: 80)

        // Then
        #expect(
            shown.output.hasSuffix(
                """
                  id       3f2a9c1e-0000-4000-8000-000000000001

                  Checklist 1/3
                  1 [ ] Send the agenda
                  2 [x] Book the room
                  3 [ ] Order lunch

                """))
        #expect(board.outputLines[3].hasPrefix("3f2a9c1e "))
        #expect(board.outputLines[4].hasPrefix("Report "))
        #expect(board.outputLines[5].hasPrefix("☐ 1/3 "))
    }

    @Test("done, undone, edit, move and delete change the item N names; each is one undo step")
    func changes() async throws {
        // Given
        let harness = try await Self.checklistBoard()
        defer { harness.directory.remove() }

        // When and then
        #expect(
            await harness.run(["check", "undone", "3f2a", "2"]).output
                == "unticked item 2 'Book the room' of 3f2a9c1e (Report): 0/3 done\n")
        #expect(
            await harness.run(["check", "edit", "3f2a", "3", "Order lunch for six"]).output
                == "item 3 of 3f2a9c1e (Report) is now 'Order lunch for six'\n")
        #expect(
            await harness.run(["check", "move", "3f2a", "3", "--at", "1"]).output
                == "moved item 3 'Order lunch for six' of 3f2a9c1e (Report) to 1 of 3\n")
        #expect(
            await harness.run(["check", "delete", "3f2a", "2"]).output
                == "deleted item 2 'Send the agenda' from 3f2a9c1e (Report) (pm undo puts it back)\n")
        #expect(
            await harness.run(["show", "3f2a"]).outputLines.suffix(3) == [
                "  Checklist 0/2", "  1 [ ] Order lunch for six", "  2 [ ] Book the room",
            ])

        #expect(
            await harness.run(["undo"]).output == "undid: Deleted 'Send the agenda' from the checklist of 'Report'\n")
        #expect(
            await harness.run(["undo"]).output == "undid: Moved 'Order lunch for six' in the checklist of 'Report'\n")
        #expect(
            await harness.run(["show", "3f2a"]).outputLines.suffix(4) == [
                "  Checklist 0/3", "  1 [ ] Send the agenda", "  2 [ ] Book the room", "  3 [ ] Order lunch for six",
            ])
    }

    @Test("a change that changes nothing says so and saves nothing")
    func nothingChanged() async throws {
        // Given
        let harness = try await Self.checklistBoard()
        defer { harness.directory.remove() }
        let before = try harness.files()

        // When and then
        #expect(
            await harness.run(["check", "done", "3f2a", "2"]).output
                == "nothing changed: item 2 'Book the room' of 3f2a9c1e (Report) is already ticked\n")
        #expect(
            await harness.run(["check", "undone", "3f2a", "1"]).output
                == "nothing changed: item 1 'Send the agenda' of 3f2a9c1e (Report) is not ticked\n")
        #expect(
            await harness.run(["check", "edit", "3f2a", "1", " Send the agenda "]).output
                == "nothing changed: item 1 'Send the agenda' of 3f2a9c1e (Report) already says so\n")
        #expect(
            await harness.run(["check", "move", "3f2a", "3", "--at", "7"]).output
                == "nothing changed: item 3 'Order lunch' of 3f2a9c1e (Report) is already 3 of 3\n")
        #expect(try harness.files() == before)
    }

    @Test("an item that is not there, or a card without a checklist, is one line, exit 1, and nothing is saved")
    func missingItem() async throws {
        // Given
        let harness = try await Self.checklistBoard()
        defer { harness.directory.remove() }
        let invoice = try await harness.add("Invoice")
        let before = try harness.files()

        // When
        let missing = await harness.run(["check", "done", "3f2a", "4"])
        let none = await harness.run(["check", "delete", invoice, "1"])
        let unknown = await harness.run(["check", "done", "abcd", "1"])
        let empty = await harness.run(["check", "add", "3f2a", "   "])

        // Then
        #expect(missing.status == 1)
        #expect(
            missing.errors
                == "pm: 3f2a9c1e (Report) has no item 4: its checklist has 3 items (pm show 3f2a9c1e lists them)\n")
        #expect(none.errors == "pm: \(invoice) (Invoice) has no checklist: pm check add \(invoice) TEXT adds an item\n")
        #expect(unknown.errors == "pm: no project with id 'abcd'\n")
        #expect(empty.status == 1)
        #expect(empty.errorLines.count == 1)
        #expect(try harness.files() == before)
    }

    @Test(
        "a wrong pm check line is a usage error, exit 2, before the store is read",
        arguments: [
            ["check", "tick", "3f2a", "1"], ["check", "done", "3f2a", "0"], ["check", "done", "3f2a", "one"],
            ["check", "move", "3f2a", "1"], ["check", "done", "3f2a", "1", "--at", "2"],
            ["check", "edit", "3f2a", "1"], ["check", "done", "3f2a", "1", "extra"], ["check", "add", "zz", "Text"],
            ["check", "add", "3f2a"], ["check", "add", "3f2a", "Text", "--at", "0"],
        ])
    func usage(_ arguments: [String]) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let outcome = await harness.run(arguments)

        #expect(outcome.status == CommandLineTool.ExitCode.usage.rawValue)
        #expect(outcome.errorLines.count == 2)
        #expect(try harness.storeContents() == nil)
    }

    @Test("the command lines parse into their typed actions")
    func parsing() throws {
        let abcd = try ProjectIDPrefix(parsing: "abcd")
        #expect(
            try CommandParser.parse(["check", "add", "abcd", "Book the room", "--at", "2"]).command.isSame(
                as: CheckCommand(.add("Book the room", position: 2), on: abcd)))
        #expect(
            try CommandParser.parse(["check", "undone", "abcd", "3", "--board", "Work"]).command.isSame(
                as: CheckCommand(.tick(3, done: false), on: abcd, board: "Work")))
        #expect(
            try CommandParser.parse(["check", "move", "abcd", "3", "--at=1"]).command.isSame(
                as: CheckCommand(.move(3, to: 1), on: abcd)))
        #expect(
            try CommandParser.parse(["check", "edit", "abcd", "1", "New"]).command.isSame(
                as: CheckCommand(.edit(1, to: "New"), on: abcd)))
    }

    @Test("pm board --json gives each card its checklist's progress, and pm show --json its items, as described")
    func json() async throws {
        // Given
        let shapes = try JSONShapeProcessTests.shapes()
        let harness = try await Self.checklistBoard()
        defer { harness.directory.remove() }
        _ = try await harness.add("Invoice")

        // When
        let board = await harness.run(["board", "--json"])
        let shown = await harness.run(["show", "3f2a", "--json"])

        // Then
        for (outcome, arguments) in [(board, ["board"]), (shown, ["show", "3f2a"])] {
            try JSONShapeProcessTests.check(
                ProcessRun(status: outcome.status, output: outcome.output, errors: outcome.errors), of: arguments,
                shapes: shapes)
        }
        #expect(board.output.contains(#""checklist":{"done":1,"total":3}"#))
        #expect(board.output.contains(#""checklist":{"done":0,"total":0}"#))
        #expect(shown.output.contains(#""number":2,"text":"Book the room"}"#))
        #expect(shown.output.contains(#"{"done":true,"#))
    }
}
