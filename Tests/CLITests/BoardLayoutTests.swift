import Foundation
import ProjectManagerCLI
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// A store with long titles, an overdue project, a project due today and a done one.
private func busyHarness() async throws -> CLIHarness {
    let harness = try CLIHarness()
    _ = try await harness.add(
        "Write the quarterly report for the board of directors, with every appendix", ["--due", "2026-03-01"])
    _ = try await harness.add("Supercalifragilisticexpialidociousprojectnamewithoutanyspaces")
    let today = try await harness.add("Book the offsite", ["--due", "2026-03-15"])
    let done = try await harness.add("Renew passport", ["--due", "2026-03-01"])
    _ = await harness.run(["move", today, "doing"])
    _ = await harness.run(["move", done, "done"])
    return harness
}

@Suite("pm board layout")
struct BoardLayoutTests {
    @Test(
        "every line fits the terminal width, with and without colour",
        arguments: [42, 50, 64, 80, 101, 132, 200], [false, true])
    func fitsWidth(_ width: Int, colour: Bool) async throws {
        // Given
        let harness = try await busyHarness()
        defer { harness.directory.remove() }

        // When
        let board = await harness.run(["board"], isTerminal: colour, width: width)

        // Then
        #expect(board.status == 0)
        #expect(board.output.contains("\u{1B}[") == colour)
        for line in board.outputLines {
            #expect(withoutEscapes(line).count <= width, "\(line)")
        }
        #expect(
            board.outputLines.contains { withoutEscapes($0).count > width - 6 } || width > 132,
            "the board uses the width it is given")
    }

    @Test("the board draws three columns with counts, and cards with id, title and deadline")
    func columns() async throws {
        // Given
        let harness = try await busyHarness()
        defer { harness.directory.remove() }

        // When
        let board = await harness.run(["board"], width: 80)

        // Then
        #expect(
            board.outputLines == [
                "Projects · today 2026-03-15 · ! overdue",
                "To Do (2)                │ Doing (1)                │ Done (1)",
                "─────────────────────────┼──────────────────────────┼─────────────────────────",
                "3f2a9c1e                 │ a1b2c3d4                 │ 5c6d7e8f",
                "Write the quarterly      │ Book the offsite         │ Renew passport",
                "report for the board of  │ due 2026-03-15           │ due 2026-03-01",
                "directors, with every…   │                          │",
                "! overdue 2026-03-01     │                          │",
                "                         │                          │",
                "7b1d0e44                 │                          │",
                "Supercalifragilisticexpi │                          │",
                "alidociousprojectnamewit │                          │",
                "houtanyspaces            │                          │",
            ])
    }

    @Test("a terminal narrower than the minimum gets the minimum width")
    func minimumWidth() async throws {
        // Given
        let harness = try await busyHarness()
        defer { harness.directory.remove() }

        // When
        let narrow = await harness.run(["board"], width: 20)
        let minimum = await harness.run(["board"], width: 42)

        // Then
        #expect(narrow.output == minimum.output)
        #expect(narrow.outputLines.allSatisfy { $0.count <= 42 })
        #expect(narrow.output.contains("! 2026-03-01"), "the overdue marker stays when the words do not fit")
    }

    @Test("without a terminal width, COLUMNS is used, else 80")
    func columnsVariable() async throws {
        // Given
        let harness = try await busyHarness()
        defer { harness.directory.remove() }

        // When
        let fromColumns = await harness.run(["board"], environment: ["COLUMNS": "60"], width: nil)
        let sixty = await harness.run(["board"], width: 60)
        let fallback = await harness.run(["board"], environment: ["COLUMNS": "wide"], width: nil)
        let eighty = await harness.run(["board"], width: 80)

        // Then
        #expect(fromColumns.output == sixty.output)
        #expect(fallback.output == eighty.output)
    }

    @Test("overdue deadlines are red and bold on a terminal, and marked '!' either way")
    func overdueColour() async throws {
        // Given
        let harness = try await busyHarness()
        defer { harness.directory.remove() }

        // When
        let coloured = await harness.run(["board"], isTerminal: true)
        let plain = await harness.run(["board"], isTerminal: false)

        // Then
        #expect(coloured.output.contains("\u{1B}[1;31m! overdue 2026-03-01\u{1B}[0m"))
        #expect(!coloured.output.contains("\u{1B}[1;31mdue 2026-03-15"), "due today is not overdue")
        #expect(!coloured.output.contains("\u{1B}[1;31mdue 2026-03-01"), "a done project is not overdue")
        #expect(plain.output.contains("! overdue 2026-03-01"))
        #expect(withoutEscapes(coloured.output) == plain.output)
    }

    @Test(
        "colour follows NO_COLOR and TERM on a terminal",
        arguments: [
            (["NO_COLOR": "1"], false),
            (["NO_COLOR": ""], true),
            (["TERM": "dumb"], false),
            (["TERM": "xterm-256color"], true),
        ])
    func noColour(_ environment: [String: String], expectsColour: Bool) async throws {
        // Given
        let harness = try await busyHarness()
        defer { harness.directory.remove() }

        // When
        let board = await harness.run(["board"], environment: environment, isTerminal: true)
        let shown = await harness.run(["show", "3f2a"], environment: environment, isTerminal: true)

        // Then
        #expect(board.output.contains("\u{1B}[") == expectsColour)
        #expect(shown.output.contains("\u{1B}[") == expectsColour)
    }

    @Test("control and bidirectional characters in a title from an older store never reach the terminal")
    func controlCharacters() async throws {
        // Given a store written before the rules refused them
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let id = try await harness.add("Evil ESC[2J titleBEL RLO")
        try OlderStore.replace("ESC", with: "\u{1B}", in: harness.store)
        try OlderStore.replace("BEL", with: "\u{07}", in: harness.store)
        try OlderStore.replace("RLO", with: "\u{202E}", in: harness.store)

        // When
        let board = await harness.run(["board"])
        let shown = await harness.run(["show", id])

        // Then
        #expect(!board.output.contains("\u{1B}"))
        #expect(!board.output.contains("\u{07}"))
        #expect(!shown.output.contains("\u{1B}"))
        #expect(!board.output.contains("\u{202E}"))
        #expect(!shown.output.contains("\u{202E}"))
        #expect(board.output.contains("Evil \u{FFFD}[2J"))
    }

    @Test(
        "a title with control or bidirectional characters is refused, naming them, and nothing is saved",
        arguments: ["Evil \u{1B}[2J title", "invoice\u{202E}fdp.exe", "tab\there", "\u{2066}isolated\u{2069}"])
    func refusesInvisibleControls(title: String) async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Kept")
        let before = try harness.storeContents()

        // When
        let added = await harness.run(["add", title])
        let edited = await harness.run(["edit", "3f2a", "--title", title])

        // Then
        let named = ValidationFailure.codePoints(ProjectRules.invisibleControls(in: title))
        for outcome in [added, edited] {
            #expect(outcome.status == 1)
            #expect(
                outcome.errorLines == [
                    "pm: not saved: the title holds invisible control characters (\(named)): remove them"
                ])
        }
        #expect(try harness.storeContents() == before)
    }

    @Test("an empty column says so")
    func emptyColumns() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let board = await harness.run(["board"], width: 60)

        // Then
        #expect(
            board.outputLines == [
                "Projects · today 2026-03-15",
                "To Do (0)          │ Doing (0)          │ Done (0)",
                "───────────────────┼────────────────────┼───────────────────",
                "(empty)            │ (empty)            │ (empty)",
            ])
    }
}
