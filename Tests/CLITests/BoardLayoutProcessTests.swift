import Foundation
import ProjectManagerTestSupport
import Testing

/// The built `pm` drawing a board of six lists at 40, 80 and 200 columns (`COLUMNS`, its output
/// not a terminal), in a second process.
@Suite("The pm executable: a board of many lists at any width")
struct BoardLayoutProcessTests {
    /// Runs the built `pm` over `store`, `COLUMNS` set to `width` when given.
    static func pm(_ arguments: [String], store: URL, width: Int? = nil) throws -> ProcessRun {
        var environment = JSONShapeProcessTests.environment
        environment["HOME"] = store.deletingLastPathComponent().path
        if let width { environment["COLUMNS"] = "\(width)" }
        return try ProcessRun.run(
            BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"), arguments + ["--store", store.path],
            environment: environment)
    }

    /// A board of six lists: the standard three, then Review (over its limit of 1), Blocked and
    /// Someday; cards with labels and a due time.
    static func sixLists() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let store = directory.file("projects.pmstore")
        for arguments in [
            ["list", "add", "Review", "--stage", "active", "--limit", "1"], ["list", "add", "Blocked"],
            ["list", "add", "Someday"],
            ["add", "Write the quarterly report", "--due", "2026-03-14", "--list", "Review"],
            ["add", "Proofread the slides", "--list", "review", "--due", "2026-03-16 09:30"],
            ["add", "Call the venue"], ["label", "add", "Urgent", "--color", "red"],
        ] {
            let run = try Self.pm(arguments, store: store)
            #expect(run.status == 0, "\(arguments): \(run.errors)")
        }
        let lists = try Self.pm(["board", "--json"], store: store)
        let id = try #require(
            lists.output.firstMatch(of: /"id":"([0-9a-f]{8})","labels":\[\],"list":\{[^}]*"name":"Review"/))
        #expect(try Self.pm(["label", String(id.1), "Urgent"], store: store).status == 0)
        return directory
    }

    /// The list headers of each row of lists, in order: the lines above a rule, split at the
    /// separators.
    static func rows(of lines: [String]) -> [[String]] {
        var rows: [[String]] = []
        for (index, line) in lines.enumerated().dropLast() where lines[index + 1].hasPrefix("──") {
            rows.append(line.components(separatedBy: " │ ").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return rows
    }

    @Test(
        "lists stand side by side as many as fit at 24 cells or more, the rest in rows below, every line in the width",
        arguments: [
            (
                40,
                [
                    ["To Do (1)"], ["Doing (0)"], ["Done (0)"], ["Review (2) ! over limit 1"], ["Blocked (0)"],
                    ["Someday (0)"],
                ]
            ),
            // 24 cells have no room for the words: the marker stays.
            (80, [["To Do (1)", "Doing (0)", "Done (0)"], ["Review (2/1) !", "Blocked (0)", "Someday (0)"]]),
            (200, [["To Do (1)", "Doing (0)", "Done (0)", "Review (2) ! over limit 1", "Blocked (0)", "Someday (0)"]]),
        ])
    func layout(_ width: Int, rows expected: [[String]]) throws {
        // Given
        let directory = try Self.sixLists()
        defer { directory.remove() }

        // When
        let board = try Self.pm(["board"], store: directory.file("projects.pmstore"), width: width)

        // Then
        #expect(board.status == 0, "\(board.errors)")
        let lines = board.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        for line in lines { #expect(line.count <= width, "\(line)") }
        #expect(Self.rows(of: lines) == expected)
        #expect(board.output.contains("[Urgent]"))
        #expect(board.output.contains("due 2026-03-16 09:30"))
        #expect(board.output.contains("! overdue 2026-03-14"))
    }

    @Test("a board of the three standard lists is drawn as it always was, three side by side at 40 columns too")
    func threeLists() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("projects.pmstore")
        #expect(try Self.pm(["add", "Report"], store: store).status == 0)

        let narrow = try Self.pm(["board"], store: store, width: 40)
        let minimum = try Self.pm(["board"], store: store, width: 42)

        #expect(narrow.output == minimum.output)
        #expect(narrow.output.contains("To Do (1)    │ Doing (0)    │ Done (0)"))
    }
}
