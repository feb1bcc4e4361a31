import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

/// `pm archive`, `pm restore`, `pm archived`, and due times of day: `pm add --due "DAY HH:MM"`.
@Suite("pm archive and due times of day")
struct CardCommandTests {
    @Test("an archived card leaves the board, is listed and shown, and comes back last in its list")
    func archive() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        for title in ["Report", "Invoice"] { _ = try await harness.add(title) }

        // When
        let archived = await harness.run(["archive", "3f2a"])
        let again = await harness.run(["archive", "3f2a"])
        let board = await harness.run(["board"])
        let listed = await harness.run(["archived"])
        let shown = await harness.run(["show", "3f2a"])
        let restored = await harness.run(["restore", "3f2a"])

        // Then
        #expect(archived.output == "archived 3f2a9c1e: Report (pm restore 3f2a9c1e puts it back)\n")
        #expect(again.output == "nothing changed: 3f2a9c1e is already archived\n")
        #expect(!board.output.contains("Report") && board.output.contains("To Do (1)"))
        #expect(listed.outputLines == ["3f2a9c1e  Report  (in To Do)"])
        #expect(shown.outputLines[1] == "  column   To Do, archived")
        #expect(shown.output.contains("  archived yes: pm restore 3f2a9c1e puts it back\n"))
        #expect(restored.output == "restored 3f2a9c1e to To Do (2 of 2): Report\n")
        #expect(await harness.run(["archived"]).output == "nothing archived on board 'Projects'\n")
        #expect(await harness.run(["undo"]).status == 0)
        #expect(await harness.run(["archived"]).outputLines.count == 1, "undo archives it again")
    }

    @Test("pm archived --json lists the archived cards as Docs/CLI.md describes them")
    func archivedJSON() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Report")
        #expect(await harness.run(["archive", "3f2a"]).status == 0)

        let outcome = await harness.run(["archived", "--json"])

        try JSONShapeProcessTests.check(
            ProcessRun(status: outcome.status, output: outcome.output, errors: outcome.errors), of: ["archived"],
            shapes: try JSONShapeProcessTests.shapes())
        #expect(outcome.output.contains(#""archived":true"#))
    }

    @Test("a time of day after the day is kept in TZ's zone and decides overdue; a day alone or none takes it off")
    func dueTime() async throws {
        // Given Seoul, where 2026-03-15 12:00 UTC is 21:00
        let harness = try CLIHarness(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
        defer { harness.directory.remove() }

        // When
        let late = try await harness.add("Call", ["--due", "2026-03-15 20:59"])
        let soon = try await harness.add("Wrap", ["--due", "2026-03-15T21:01"])
        let board = await harness.run(["board"], width: 80)
        let shown = await harness.run(["show", late])
        let json = await harness.run(["show", late, "--json"])

        // Then
        #expect(board.output.contains("! 2026-03-15 20:59"), "24 cells: the marker without the word")
        #expect(board.output.contains("due 2026-03-15 21:01"))
        #expect(shown.output.contains("  due      2026-03-15 20:59 (Asia/Seoul) ! overdue\n"))
        #expect(
            json.output.contains(#""dueAt":"2026-03-15T11:59:00Z","dueTime":{"local":"20:59","timeZone":"Asia/Seoul"}"#)
        )
        #expect(json.output.contains(#""overdue":true"#))

        // When the day alone is given, then none
        #expect(await harness.run(["edit", soon, "--due", "2026-03-16"]).status == 0)
        #expect(await harness.run(["show", soon]).output.contains("  due      2026-03-16\n"))
        #expect(await harness.run(["edit", late, "--due", "2026-03-20 09:00"]).status == 0)
        #expect(await harness.run(["show", late]).output.contains("  due      2026-03-20 09:00 (Asia/Seoul)\n"))
        #expect(await harness.run(["edit", late, "--due", "none"]).status == 0)
        #expect(await harness.run(["show", late, "--json"]).output.contains(#""deadline":null"#))
        #expect(await harness.run(["show", late, "--json"]).output.contains(#""dueTime":null"#))
    }

    @Test(
        "a time of day that is not HH:MM is a usage error, exit 2, and nothing is saved",
        arguments: ["2026-12-24 24:00", "2026-12-24 9:00", "2026-12-24 14:00 UTC", "2026-12-24 noon"])
    func badTime(_ text: String) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let outcome = await harness.run(["add", "Wrap", "--due", text])

        #expect(outcome.status == CommandLineTool.ExitCode.usage.rawValue)
        #expect(outcome.errorLines.first?.hasPrefix("pm: bad --due '\(text)': give the time of day as HH:MM") == true)
        #expect(try harness.storeContents() == nil)
    }
}
