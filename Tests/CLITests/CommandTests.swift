import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@Suite("pm commands keep their effects across runs")
struct CommandTests {
    @Test("add prints the new project's short id, and a later board shows it")
    func addThenBoard() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let added = await harness.run(["add", "Write the report", "--body", "Numbers first", "--due", "2026-03-20"])
        let board = await harness.run(["board"])

        // Then
        #expect(added.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(added.output == "3f2a9c1e\n")
        #expect(added.errors.isEmpty)
        #expect(board.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(board.output.contains("To Do (1)"))
        #expect(board.output.contains("3f2a9c1e"))
        #expect(board.output.contains("Write the report"))
        #expect(board.output.contains("due 2026-03-20"))
        #expect(!board.output.contains("!"), "nothing is overdue")
    }

    @Test("move, edit and delete, each in its own run, build on each other")
    func moveEditDelete() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let report = try await harness.add("Write the report")
        let offsite = try await harness.add("Book the offsite", ["--due", "2026-03-01"])

        // When
        let moved = await harness.run(["move", report, "doing"])
        let edited = await harness.run([
            "edit", offsite, "--title", "Book the team offsite", "--due", "none", "--body", "Ask Sam",
        ])
        let board = await harness.run(["board"])
        let shown = await harness.run(["show", offsite])

        // Then
        #expect(moved.status == 0)
        #expect(moved.output == "moved \(report) to Doing (1 of 1)\n")
        #expect(edited.status == 0)
        #expect(edited.output == "edited \(offsite): Book the team offsite\n")
        #expect(board.output.contains("To Do (1)"))
        #expect(board.output.contains("Doing (1)"))
        #expect(board.output.contains("Book the team offsite"))
        #expect(!board.output.contains("2026-03-01"), "the deadline was removed")
        #expect(shown.output.contains("Ask Sam"))

        // When
        let deleted = await harness.run(["delete", report])
        let after = await harness.run(["board"])

        // Then
        #expect(deleted.status == 0)
        #expect(deleted.output == "deleted \(report): Write the report\n")
        #expect(after.output.contains("Doing (0)"))
        #expect(!after.output.contains(report))
        let gone = await harness.run(["show", report])
        #expect(gone.status == CommandLineTool.ExitCode.failure.rawValue)
    }

    @Test("move --at counts from 1, the top of the column; past the end is last")
    func moveAt() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let first = try await harness.add("First")
        let second = try await harness.add("Second")
        let third = try await harness.add("Third")

        // When
        let top = await harness.run(["move", third, "todo", "--at", "1"])
        let last = await harness.run(["move", first, "todo", "--at=99"])
        let board = await harness.run(["board"])

        // Then
        #expect(top.output == "moved \(third) to To Do (1 of 3)\n")
        #expect(last.output == "moved \(first) to To Do (3 of 3)\n")
        let order = board.outputLines.compactMap { line in
            [first, second, third].first { line.hasPrefix($0) }
        }
        #expect(order == [third, second, first])
    }

    @Test("a move to where the project already stands says nothing changed and adds no history")
    func moveInPlace() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let first = try await harness.add("First")
        let second = try await harness.add("Second")
        let before = await harness.run(["history"])

        // When
        let last = await harness.run(["move", second, "todo"])
        let top = await harness.run(["move", first, "todo", "--at", "1"])
        let after = await harness.run(["history"])

        // Then
        #expect(last.status == 0 && top.status == 0)
        #expect(last.output == "nothing changed: \(second) is already there in To Do\n")
        #expect(top.output == "nothing changed: \(first) is already there in To Do\n")
        #expect(after.output == before.output)
    }

    @Test("show prints the column, deadline, timestamps in the user's time zone, id and body")
    func show() async throws {
        // Given
        let harness = try CLIHarness(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
        defer { harness.directory.remove() }
        let id = try await harness.add("Write the report", ["--due", "2026-03-14", "--body", "Line one\nLine two"])

        // When
        let shown = await harness.run(["show", id])

        // Then: 12:00 UTC is 21:00 in Seoul
        #expect(shown.status == 0)
        #expect(
            shown.outputLines == [
                "3f2a9c1e  Write the report",
                "  column   To Do, 1 of 1",
                "  due      2026-03-14 ! overdue",
                "  created  2026-03-15 21:00",
                "  updated  2026-03-15 21:00",
                "  id       3f2a9c1e-0000-4000-8000-000000000001",
                "",
                "  Line one",
                "  Line two",
            ])
    }

    @Test(
        "ids may be shortened to a unique prefix, in any case, or given whole with dashes",
        arguments: [
            "3f2a", "3F2A9C", "3f2a9c1e", "3f2a9c1e-0000-4000-8000-000000000001", "3F2A9C1E00004000",
        ])
    func prefixes(_ prefix: String) async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Mine")
        _ = try await harness.add("Another")

        // When
        let shown = await harness.run(["show", prefix])

        // Then
        #expect(shown.status == 0, "\(shown.errors)")
        #expect(shown.outputLines.first == "3f2a9c1e  Mine")
    }

    @Test("short ids grow past eight digits when eight do not tell projects apart, as git's do")
    func longerShortIDs() async throws {
        // Given: sequential ids share their first 31 digits
        let harness = try CLIHarness(sequentialIDs: SequentialIDs())
        defer { harness.directory.remove() }
        let first = try await harness.add("First")
        let second = try await harness.add("Second")

        // When
        let board = await harness.run(["board"])
        let shown = await harness.run(["show", "00000000000040008000000000000002"])

        // Then
        #expect(first == "00000000", "alone on the board, eight digits are enough")
        #expect(second == "00000000000040008000000000000002")
        #expect(board.outputLines.contains { $0.hasPrefix("000000000000400080000000 ") }, "long ids wrap")
        #expect(board.outputLines.contains { $0.hasPrefix("00000001 ") })
        #expect(shown.outputLines.first == "\(second)  Second", "\(shown.errors)")
    }

    @Test("overdue follows the user's time zone: a day that is today in UTC is past in Kiribati")
    func overdueInTimeZones() async throws {
        // Given: 2026-03-15 12:00 UTC is 2026-03-16 02:00 at UTC+14
        let utc = try CLIHarness()
        let kiribati = try CLIHarness(timeZone: TimeZone(identifier: "Pacific/Kiritimati") ?? .gmt)
        defer {
            utc.directory.remove()
            kiribati.directory.remove()
        }
        _ = try await utc.add("Due today", ["--due", "2026-03-15"])
        _ = try await kiribati.add("Due today", ["--due", "2026-03-15"])

        // When
        let utcBoard = await utc.run(["board"])
        let kiribatiBoard = await kiribati.run(["board"])

        // Then
        #expect(utcBoard.output.contains("due 2026-03-15"))
        #expect(!utcBoard.output.contains("!"))
        #expect(kiribatiBoard.output.contains("! overdue 2026-03-15"))
    }

    @Test(
        "help, --help, -h and no command print the usage on standard output and open no store",
        arguments: [["help"], ["--help"], ["-h"], [], ["--help", "frobnicate"]])
    func help(_ arguments: [String]) async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let outcome = await harness.run(arguments)

        // Then
        #expect(outcome.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(outcome.output.contains("Usage:"))
        #expect(outcome.output.contains("pm move ID [LIST] [--at N] [--board NAME] [--to-board NAME]"))
        #expect(outcome.output.contains("pm history [--limit N]"))
        #expect(outcome.output.contains("pm undo"))
        #expect(outcome.output.contains("pm redo"))
        #expect(outcome.errors.isEmpty)
        #expect(try harness.storeContents() == nil)
    }

    @Test(
        "help for one command shows its synopsis, its arguments and its options, and opens no store",
        arguments: [["help", "move"], ["move", "--help"], ["move", "-h", "3f2a"], ["--help", "move"]])
    func commandHelp(_ arguments: [String]) async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let outcome = await harness.run(arguments)

        // Then
        #expect(outcome.status == CommandLineTool.ExitCode.success.rawValue)
        // Wrapped to the width, 80 here
        #expect(
            outcome.outputLines.prefix(2) == [
                "Usage: pm move ID [LIST] [--at N] [--board NAME] [--to-board NAME] [--json]",
                "    [--pretty]",
            ])
        #expect(outcome.outputLines.allSatisfy { $0.count <= 80 })
        #expect(outcome.output.contains("  LIST                         the list to move it to"))
        #expect(outcome.output.contains("  --at N                       its position in the column, from 1 (the top)"))
        #expect(outcome.output.contains("  --store PATH "))
        #expect(!outcome.output.contains("pm history"))
        #expect(outcome.errors.isEmpty)
        #expect(try harness.storeContents() == nil)
    }

    @Test("--version and version print pm's version", arguments: [["--version"], ["version"], ["board", "--version"]])
    func version(_ arguments: [String]) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let outcome = await harness.run(arguments)

        #expect(outcome.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(outcome.outputLines == ["pm 5.4.7"])
        #expect(try harness.storeContents() == nil)
    }

    @Test("pm's version is the repository's VERSION, the release the API is checked against")
    func versionMatchesTheRelease() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("VERSION")
        let release = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        #expect(await harness.run(["--version"]).outputLines == ["pm \(release)"])
    }

    @Test("a title that starts with a dash goes after --, and --store may come first")
    func terminator() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let outcome = await harness.run(
            ["--store", harness.store.path, "add", "--due", "2026-04-01", "--", "-5 kg"], useStore: false)
        let board = await harness.run(["board"])

        // Then
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(board.output.contains("-5 kg"))
    }
}
