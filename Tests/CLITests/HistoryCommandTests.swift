import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

/// What a user sees of a store: the board, and each of the harness's first three projects.
private func everythingShown(_ harness: CLIHarness) async -> [String] {
    var shown = [await harness.run(["board"]).output]
    for prefix in CLIHarness.defaultPrefixes.prefix(3) {
        let outcome = await harness.run(["show", prefix])
        shown.append("\(outcome.status) \(outcome.output)\(outcome.errors)")
    }
    return shown
}

@Suite("pm history, undo and redo, across runs")
struct HistoryCommandTests {
    @Test("undoing a board's creation says what it undid and succeeds; the board is gone")
    func undoBoardCreation() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = await harness.run(["board", "new", "Trip"])

        let undo = await harness.run(["undo", "--board", "Trip"])

        #expect(undo.status == 0, "\(undo.errors)")
        #expect(undo.outputLines == ["undid: Created the board 'Trip'"])
        #expect(await !harness.run(["boards"]).output.contains("Trip"))
    }

    @Test("history lists every change newest first, each after its time, across runs")
    func historyNewestFirst() async throws {
        // Given: three changes, in three runs, at 12:00, 12:30 and 13:30
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let report = try await harness.add("Write report")
        harness.clock.advance(by: 30 * 60)
        _ = await harness.run(["move", report, "doing"])
        harness.clock.advance(by: 60 * 60)
        _ = await harness.run(["edit", report, "--title", "Write the Q1 report"])

        // When
        let history = await harness.run(["history"])
        let latest = await harness.run(["history", "--limit", "2"])

        // Then
        #expect(history.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(history.errors.isEmpty)
        #expect(
            history.outputLines == [
                "2026-03-15 13:30  Edited 'Write the Q1 report'",
                "2026-03-15 12:30  Moved 'Write report' from To Do to Doing",
                "2026-03-15 12:00  Added 'Write report' to To Do",
            ])
        #expect(latest.outputLines == Array(history.outputLines.prefix(2)))
    }

    @Test("history times are in the user's time zone")
    func historyTimeZone() async throws {
        // Given: 12:00 UTC is 21:00 in Seoul
        let harness = try CLIHarness(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
        defer { harness.directory.remove() }
        _ = try await harness.add("Write report")

        // When
        let history = await harness.run(["history"])

        // Then
        #expect(history.outputLines == ["2026-03-15 21:00  Added 'Write report' to To Do"])
    }

    @Test("an empty history says so, exits 0 and makes no store")
    func emptyHistory() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let history = await harness.run(["history"])

        // Then
        #expect(history.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(history.outputLines == ["Nothing has happened yet."])
        #expect(try harness.storeContents() == nil)
    }

    @Test("undo reverts the last change and redo repeats it, each in a run of its own")
    func undoRedoAcrossRuns() async throws {
        // Given: a project added, then moved to Doing
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let report = try await harness.add("Write report")
        _ = await harness.run(["move", report, "doing"])

        // When: undo the move
        let undoMove = await harness.run(["undo"])

        // Then: the project is back in To Do
        #expect(undoMove.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(undoMove.outputLines == ["undid: Moved 'Write report' from To Do to Doing"])
        #expect(undoMove.errors.isEmpty)
        #expect(await harness.run(["show", report]).outputLines.dropFirst().first == "  column   To Do, 1 of 1")

        // When: undo the add
        let undoAdd = await harness.run(["undo"])

        // Then: the project is gone, and so is its history
        #expect(undoAdd.outputLines == ["undid: Added 'Write report' to To Do"])
        #expect(await harness.run(["show", report]).status == CommandLineTool.ExitCode.failure.rawValue)
        #expect(await harness.run(["board"]).output.contains("To Do (0)"))
        #expect(await harness.run(["history"]).outputLines == ["Nothing has happened yet."])

        // When: redo the add
        let redoAdd = await harness.run(["redo"])

        // Then: the project is back in To Do, with its entry
        #expect(redoAdd.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(redoAdd.outputLines == ["redid: Added 'Write report' to To Do"])
        #expect(await harness.run(["show", report]).outputLines.dropFirst().first == "  column   To Do, 1 of 1")
        #expect(await harness.run(["history"]).outputLines == ["2026-03-15 12:00  Added 'Write report' to To Do"])

        // When: redo the move
        let redoMove = await harness.run(["redo"])

        // Then
        #expect(redoMove.outputLines == ["redid: Moved 'Write report' from To Do to Doing"])
        #expect(await harness.run(["board"]).output.contains("Doing (1)"))
    }

    @Test(
        "undo puts back exactly what a command changed, and redo exactly what it made",
        arguments: [
            ["add", "Renew passport", "--due", "2026-04-01"],
            ["edit", "3f2a", "--title", "Write the Q1 report", "--body", "Numbers first", "--due", "none"],
            ["move", "3f2a", "doing"],
            ["move", "a1b2", "todo", "--at", "1"],
            ["delete", "7b1d"],
        ])
    func undoRestoresEverything(_ command: [String]) async throws {
        // Given: three projects in To Do, then a change an hour later
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Write report", ["--due", "2026-03-14"])
        _ = try await harness.add("Book the offsite")
        _ = try await harness.add("Plan the budget")
        let before = await everythingShown(harness)
        harness.clock.advance(by: 60 * 60)
        let changed = await harness.run(command)
        #expect(changed.status == CommandLineTool.ExitCode.success.rawValue, "\(changed.errors)")
        let after = await everythingShown(harness)
        #expect(after != before)

        // When
        let undone = await harness.run(["undo"])
        let afterUndo = await everythingShown(harness)
        let redone = await harness.run(["redo"])
        let afterRedo = await everythingShown(harness)

        // Then
        #expect(undone.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(undone.outputLines.count == 1)
        #expect(undone.outputLines.first?.hasPrefix("undid: ") == true)
        #expect(afterUndo == before)
        #expect(redone.outputLines == undone.outputLines.map { "redid: " + $0.dropFirst("undid: ".count) })
        #expect(afterRedo == after)
    }

    @Test(
        "with nothing to undo or redo, pm says so on one line, exits 1 and writes nothing",
        arguments: [(["redo"], "pm: nothing to redo"), (["undo", "undo"], "pm: nothing to undo")])
    func nothingToDo(_ commands: [String], message: String) async throws {
        // Given: one project, and every undo in `commands` but the last made
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Write report")
        for command in commands.dropLast() {
            #expect(await harness.run([command]).status == CommandLineTool.ExitCode.success.rawValue)
        }
        let before = try harness.storeContents()

        // When
        let outcome = await harness.run([try #require(commands.last)])

        // Then
        #expect(outcome.status == CommandLineTool.ExitCode.failure.rawValue)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines == [message])
        #expect(try harness.storeContents() == before)
    }

    @Test("a new change after an undo ends what can be redone, across runs")
    func newChangeClearsRedo() async throws {
        // Given: a project added and undone, then another added
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("First")
        _ = await harness.run(["undo"])
        _ = try await harness.add("Second")
        let before = try harness.storeContents()

        // When
        let redo = await harness.run(["redo"])

        // Then
        #expect(redo.status == CommandLineTool.ExitCode.failure.rawValue)
        #expect(redo.errorLines == ["pm: nothing to redo"])
        #expect(try harness.storeContents() == before)
        let board = await harness.run(["board"])
        #expect(board.output.contains("Second"))
        #expect(!board.output.contains("First"))
        #expect(await harness.run(["history"]).outputLines == ["2026-03-15 12:00  Added 'Second' to To Do"])
    }

    @Test("control characters in a title never reach the terminal through the history")
    func historyControlCharacters() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Evil ESC[2J title")
        try OlderStore.replace("ESC", with: "\u{1B}", in: harness.store)

        // When
        let history = await harness.run(["history"])
        let undo = await harness.run(["undo"])

        // Then
        #expect(!history.output.contains("\u{1B}"))
        #expect(!undo.output.contains("\u{1B}"))
        #expect(undo.output.contains("Evil \u{FFFD}[2J title"))
    }
}
