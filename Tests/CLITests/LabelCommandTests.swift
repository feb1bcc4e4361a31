import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

/// `pm label`, `pm unlabel`, `pm labels` and `pm board --label`: a board's labels on its cards.
@Suite("pm label and pm labels: labels on cards")
struct LabelCommandTests {
    /// A board with three cards and the labels Urgent (red) and Bug (purple); Urgent on the first
    /// and the third card.
    static func labelledBoard() async throws -> CLIHarness {
        let harness = try CLIHarness()
        for title in ["Report", "Invoice", "Offsite"] { _ = try await harness.add(title) }
        let urgent = await harness.run(["label", "add", "Urgent", "--color", "red"])
        #expect(urgent.output == "added label 'Urgent' (red) to board 'Projects'\n", "\(urgent.errors)")
        #expect(await harness.run(["label", "add", "Bug", "--color=PURPLE"]).status == 0)
        #expect(await harness.run(["label", "3f2a", "urgent"]).output == "labelled 3f2a9c1e (Report) 'Urgent' (red)\n")
        #expect(await harness.run(["label", "a1b2", "Urgent"]).status == 0)
        return harness
    }

    @Test("labels are listed with their colours and cards, shown on the board and by pm show, and filter the board")
    func labels() async throws {
        // Given
        let harness = try await Self.labelledBoard()
        defer { harness.directory.remove() }

        // When
        let labels = await harness.run(["labels"])
        let board = await harness.run(["board"], width: 80)
        let filtered = await harness.run(["board", "--label", "URGENT"], width: 80)
        let shown = await harness.run(["show", "3f2a"])

        // Then
        #expect(labels.outputLines == ["Bug     purple  0 cards", "Urgent  red     2 cards"])
        #expect(board.outputLines[4].hasPrefix("Report  ") && board.outputLines[5].hasPrefix("[Urgent]  "))
        #expect(filtered.output.contains("To Do (2)"))
        #expect(filtered.output.contains("Offsite") && !filtered.output.contains("Invoice"))
        #expect(shown.output.contains("  labels   Urgent (red)\n"))
    }

    @Test("pm search --label finds only the matching cards that carry the label")
    func searchByLabel() async throws {
        let harness = try await Self.labelledBoard()
        defer { harness.directory.remove() }

        let all = await harness.run(["search", "o"])
        let labelled = await harness.run(["search", "o", "--label", "urgent"])
        let unknown = await harness.run(["search", "o", "--label", "Nope"])

        #expect(all.output.contains("Invoice"))
        #expect(labelled.output.contains("Report") && labelled.output.contains("Offsite"), "\(labelled.errors)")
        #expect(!labelled.output.contains("Invoice"))
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("Nope"))
    }

    @Test("rename, color, unlabel and delete change the labels; a label already on changes nothing")
    func edits() async throws {
        // Given
        let harness = try await Self.labelledBoard()
        defer { harness.directory.remove() }

        // When and then
        #expect(
            await harness.run(["label", "3f2a", "Urgent"]).output
                == "nothing changed: 3f2a9c1e (Report) already has label 'Urgent' (red)\n")
        #expect(
            await harness.run(["label", "rename", "urgent", "Blocker"]).output
                == "renamed label 'Urgent' (red) to 'Blocker' (red)\n")
        #expect(
            await harness.run(["label", "color", "Blocker", "orange"]).output
                == "label 'Blocker' (orange) is now orange\n")
        #expect(
            await harness.run(["unlabel", "a1b2", "blocker"]).output
                == "took label 'Blocker' (orange) off a1b2c3d4 (Offsite)\n")
        #expect(
            await harness.run(["label", "delete", "Blocker"]).output
                == "deleted label 'Blocker' (orange), and took it off every card (pm undo puts it back)\n")
        #expect(await harness.run(["labels"]).outputLines == ["Bug  purple  0 cards"])
        #expect(!(await harness.run(["show", "3f2a"]).output.contains("labels")))
        #expect(await harness.run(["undo"]).status == 0)
        #expect(await harness.run(["show", "3f2a"]).output.contains("  labels   Blocker (orange)\n"))
    }

    @Test("on pm label's line --color is the label's; before the command it is the output's")
    func colourOption() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let added = await harness.run(
            ["--color", "never", "label", "add", "Docs", "--color", "blue"], isTerminal: true)
        let plain = await harness.run(["--color=always", "labels"])

        #expect(added.status == 0, "\(added.errors)")
        #expect(!added.output.contains("\u{1B}["))
        #expect(plain.output == "Docs  blue    0 cards\n")
    }

    @Test(
        "a name that finds no label is one line naming it, exit 1, and nothing changes",
        arguments: [
            (
                ["label", "3f2a", "Urgnet"],
                "pm: no label is named 'Urgnet' on board 'Projects' (did you mean 'Urgent'?): pm labels shows them"
            ),
            (["unlabel", "3f2a", "Docs"], "pm: no label is named 'Docs' on board 'Projects': pm labels shows them"),
            (["board", "--label", "Docs"], "pm: no label is named 'Docs' on board 'Projects': pm labels shows them"),
            (["label", "delete", "Docs"], "pm: no label is named 'Docs' on board 'Projects': pm labels shows them"),
            (["label", "add", "urgent"], #"pm: not saved: the board has a label named "urgent" already"#),
        ])
    func unknownLabel(_ arguments: [String], message: String) async throws {
        // Given
        let harness = try await Self.labelledBoard()
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
        "a wrong pm label line is a usage error, exit 2",
        arguments: [
            ["label", "add", "X", "--color", "teal"], ["label", "color", "X", "mauve"], ["label", "color", "X"],
            ["label", "rename", "X"], ["label", "zz", "X"], ["label", "delete", "X", "--color", "red"],
            ["label", "3f2a", "X", "Y"],
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
            try CommandParser.parse(["label", "add", "Urgent", "--color", "Red"]).command.isSame(
                as: LabelCommand(.add("Urgent", colour: .red))))
        #expect(
            try CommandParser.parse(["label", "abcd", "Urgent"]).command.isSame(
                as: LabelCommand(.put("Urgent", on: try ProjectIDPrefix(parsing: "abcd")))))
        #expect(
            try CommandParser.parse(["label", "color", "Urgent", "sky_dark"]).command.isSame(
                as: LabelCommand(.colour("Urgent", .sky))))
    }

    @Test("pm labels --json and pm board --json give each label's name and colour")
    func json() async throws {
        let shapes = try JSONShapeProcessTests.shapes()
        let harness = try await Self.labelledBoard()
        defer { harness.directory.remove() }

        for arguments in [["labels"], ["board"]] {
            let outcome = await harness.run(arguments + ["--json"])
            try JSONShapeProcessTests.check(
                ProcessRun(status: outcome.status, output: outcome.output, errors: outcome.errors), of: arguments,
                shapes: shapes)
        }
        #expect(await harness.run(["labels", "--json"]).output.contains(#""color":"purple","fullID""#))
        #expect(await harness.run(["board", "--json"]).output.contains(#""labels":[{"color":"red","fullID""#))
    }
}
