import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

/// `pm list`, `pm lists` and `pm move ID LIST`: a board's lists of the user's own.
@Suite("pm list and pm lists: lists of one's own")
struct ListCommandTests {
    /// A board with two cards in To Do and a list Review (active, at most 1 card) after Doing.
    static func reviewBoard() async throws -> CLIHarness {
        let harness = try CLIHarness()
        _ = try await harness.add("Report")
        _ = try await harness.add("Invoice")
        let added = await harness.run(["list", "add", "Review", "--stage", "active", "--at", "3", "--limit", "1"])
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output == "added list 'Review' (active, at most 1 card), 3 of 4 on board 'Projects'\n")
        return harness
    }

    @Test("pm list add puts a list at a position counted from 1, with a stage and a limit; pm lists shows them")
    func addAndList() async throws {
        // Given
        let harness = try await Self.reviewBoard()
        defer { harness.directory.remove() }

        // When
        let lists = await harness.run(["lists"])
        let board = await harness.run(["board"], width: 80)

        // Then
        #expect(
            lists.outputLines == [
                "To Do   open    2",
                "Doing   active  0",
                "Review  active  0/1",
                "Done    done    0",
            ])
        #expect(board.outputLines.contains { $0.hasPrefix("To Do (2)") && $0.contains("│ Review (0/1)") })
        #expect(board.outputLines.contains("Done (0)"), "a fourth list goes to a second row at 80 columns")
    }

    @Test("a card moved past a list's limit is kept there, and the list says it is over")
    func overLimit() async throws {
        // Given
        let harness = try await Self.reviewBoard()
        defer { harness.directory.remove() }

        // When
        let first = await harness.run(["move", "3f2a", "review"])
        let second = await harness.run(["move", "7b1d", "REVIEW", "--at", "1"])
        let lists = await harness.run(["lists"])
        let board = await harness.run(["board"], width: 80)
        let wide = await harness.run(["board"], width: 132)

        // Then
        #expect(first.output == "moved 3f2a9c1e to Review (1 of 1)\n")
        #expect(second.output == "moved 7b1d0e44 to Review (1 of 2)\n")
        #expect(lists.outputLines[2] == "Review  active  2/1  ! over limit")
        #expect(board.output.contains("Review (2/1) !"), "24 cells: the marker without the words")
        #expect(wide.output.contains("Review (2) ! over limit 1"))
    }

    @Test("rename, move, limit, stage, archive and restore change the list, and pm undo takes each back")
    func edits() async throws {
        // Given
        let harness = try await Self.reviewBoard()
        defer { harness.directory.remove() }
        #expect(await harness.run(["move", "3f2a", "Review"]).status == 0)

        // When and then
        let renamed = await harness.run(["list", "rename", "review", "In review"])
        #expect(renamed.output == "renamed list 'Review' to 'In review'\n")
        let moved = await harness.run(["list", "move", "in review", "--at", "1"])
        #expect(moved.output == "moved list 'In review' to 1 of 4\n")
        let limited = await harness.run(["list", "limit", "In review", "none"])
        #expect(limited.output == "list 'In review' has no limit now\n")
        let staged = await harness.run(["list", "stage", "In review", "done"])
        #expect(staged.output == "list 'In review' is now done, with its 1 card\n")
        #expect(await harness.run(["show", "3f2a", "--json"]).output.contains(#""state":"done""#))
        #expect(
            await harness.run(["lists"]).outputLines == [
                "In review  done    1", "To Do      open    1", "Doing      active  0", "Done       done    0",
            ])

        let archived = await harness.run(["list", "archive", "In review"])
        #expect(
            archived.output == "archived list 'In review' with its 1 card (pm list restore 'In review' puts it back)\n")
        #expect(await harness.run(["lists"]).outputLines.count == 3)
        #expect(await harness.run(["lists", "--archived"]).outputLines.first == "In review  done    1  archived")
        #expect(!(await harness.run(["board"]).output.contains("In review")))

        let restored = await harness.run(["list", "restore", "in REVIEW"])
        #expect(restored.output == "restored list 'In review' with its 1 card, last on the board\n")
        #expect(await harness.run(["lists"]).outputLines.last == "In review  done    1")

        let undone = await harness.run(["undo"])
        #expect(undone.status == 0)
        #expect(await harness.run(["lists"]).outputLines.count == 3, "undo archives it again")
    }

    @Test("todo, doing and done still name the first open list of their stage; a list named so is found first")
    func columnWords() async throws {
        // Given a board whose Doing is renamed, and a list of stage open named "Doing"
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let card = try await harness.add("Card")
        #expect(await harness.run(["list", "rename", "Doing", "In progress"]).status == 0)
        #expect(await harness.run(["list", "add", "Doing"]).status == 0)

        // When
        let byName = await harness.run(["move", card, "doing"])
        let byWord = await harness.run(["move", card, "done"])
        let back = await harness.run(["move", card, "todo"])

        // Then
        #expect(byName.output == "moved 3f2a9c1e to Doing (1 of 1)\n")
        #expect(await harness.run(["show", card, "--json"]).output.contains(#""state":"todo""#))
        #expect(byWord.output == "moved 3f2a9c1e to Done (1 of 1)\n")
        #expect(back.output == "moved 3f2a9c1e to To Do (1 of 1)\n")
        #expect(await harness.run(["show", card]).outputLines[1] == "  column   To Do, 1 of 1")
    }

    @Test("pm add --list adds last in that list")
    func addToList() async throws {
        let harness = try await Self.reviewBoard()
        defer { harness.directory.remove() }

        let added = try await harness.add("Proofread", ["--list", "review"])
        let shown = await harness.run(["show", added])

        #expect(shown.outputLines[1] == "  column   Review, 1 of 1")
    }

    @Test(
        "a name that finds no list is one line naming it, exit 1, and nothing changes",
        arguments: [
            (["move", "3f2a", "sideways"], "pm: no list is named 'sideways' on board 'Projects': pm lists shows them"),
            (
                ["list", "rename", "Reviw", "X"],
                "pm: no list is named 'Reviw' on board 'Projects' (did you mean 'Review'?): pm lists shows them"
            ),
            (["add", "New", "--list", "Nope"], "pm: no list is named 'Nope' on board 'Projects': pm lists shows them"),
            (["list", "restore", "Review"], "pm: list 'Review' is not archived"),
        ])
    func unknownList(_ arguments: [String], message: String) async throws {
        // Given
        let harness = try await Self.reviewBoard()
        defer { harness.directory.remove() }
        let before = try harness.files()

        // When
        let outcome = await harness.run(arguments)

        // Then
        #expect(outcome.status == CommandLineTool.ExitCode.failure.rawValue)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines == [message])
        #expect(try harness.files() == before)
    }

    @Test(
        "a wrong pm list line is a usage error, exit 2, before the store is read",
        arguments: [
            ["list", "add", "X", "--stage", "later"], ["list", "add", "X", "--limit", "0"], ["list", "move", "X"],
            ["list", "limit", "X"], ["list", "limit", "X", "some"], ["list", "stage", "X", "soon"],
            ["list", "frobnicate", "X"], ["list", "rename", "X", "Y", "--limit", "2"], ["list", "archive", "X", "Y"],
            ["list", "add", "X", "--at", "0"],
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
        #expect(
            try CommandParser.parse(["list", "add", "Review", "--stage", "ACTIVE", "--at", "2", "--limit", "3"]).command
                .isSame(as: ListCommand(.add("Review", stage: .doing, position: 2, limit: 3))))
        #expect(
            try CommandParser.parse(["list", "limit", "Review", "none", "--board", "Work"]).command.isSame(
                as: ListCommand(.limit(ListName("review"), nil), board: "Work")))
        #expect(
            try CommandParser.parse(["move", "abcd", "In review"]).command.isSame(
                as: MoveCommand(id: try ProjectIDPrefix(parsing: "abcd"), to: nil, position: nil).with(
                    list: "IN REVIEW")))
    }

    @Test("pm lists --json, pm board --json and pm show --json are as Docs/CLI.md describes them")
    func json() async throws {
        let shapes = try JSONShapeProcessTests.shapes()
        let harness = try await Self.reviewBoard()
        defer { harness.directory.remove() }
        #expect(await harness.run(["move", "3f2a", "Review"]).status == 0)
        #expect(await harness.run(["list", "add", "Old"]).status == 0)
        #expect(await harness.run(["list", "archive", "Old"]).status == 0)

        for arguments in [["lists", "--archived"], ["board"], ["show", "3f2a"]] {
            let outcome = await harness.run(arguments + ["--json"])
            try JSONShapeProcessTests.check(
                ProcessRun(status: outcome.status, output: outcome.output, errors: outcome.errors), of: arguments,
                shapes: shapes)
        }
        let lists = await harness.run(["lists", "--archived", "--json"]).output
        #expect(lists.contains(#""limit":1,"name":"Review","overLimit":false,"stage":"active","state":"doing""#))
        #expect(lists.contains(#""archived":true"#))
        let board = await harness.run(["board", "--json"]).output
        #expect(board.contains(#""name":"Review","overLimit":false"#))
        #expect(board.contains(#""list":{"fullID""#))
    }
}

extension MoveCommand {
    /// The command with `name` as its list.
    func with(list name: String) -> MoveCommand {
        var command = self
        command.list = ListName(name)
        return command
    }
}
