import Foundation
import ProjectManagerTestSupport
import Testing

/// The built `pm` (or the one `PM_EXECUTABLE` names) on a repeating project, each command a process
/// of its own over the same store file, so that every step opens a new engine; the clock is
/// `PM_NOW` and the zone `TZ=Asia/Seoul`.
@Suite("The pm executable: a repeating project across restarts")
struct RecurringProcessTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file("projects.pmstore")
    }

    /// Runs `pm` at noon in Seoul on `day`.
    func pm(_ arguments: [String], on day: String) throws -> ProcessRun {
        try ProcessRun.run(
            BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"), arguments + ["--store", store.path],
            environment: ["HOME": directory.url.path, "TZ": "Asia/Seoul", "PM_NOW": "\(day)T03:00:00Z"])
    }

    /// The value of one field `pm show` prints.
    func shown(_ field: String, of id: String, on day: String) throws -> String? {
        let lines = try pm(["show", id], on: day).output.split(separator: "\n")
        return lines.first { $0.hasPrefix("  \(field) ") }.map {
            $0.dropFirst(2 + 9).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("Done moves it to the next occurrence, skip moves past one, undo puts each back")
    func doneSkipUndo() throws {
        defer { directory.remove() }
        let add = try pm(["add", "이마트 휴무", "--repeat", "FREQ=MONTHLY;BYDAY=2SU,4SU"], on: "2026-03-01")
        #expect(add.status == 0, "\(add.errors)")
        let id = add.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try shown("due", of: id, on: "2026-03-01") == "2026-03-08")
        #expect(
            try shown("repeats", of: id, on: "2026-03-01")
                == "every 2nd and 4th Sunday (FREQ=MONTHLY;BYDAY=2SU,4SU) from 2026-03-01")

        // Done: the occurrence is completed and the card waits for the next one, in To Do.
        let done = try pm(["move", id, "done"], on: "2026-03-01")
        #expect(done.output == "completed \(id) of 2026-03-08: next 2026-03-22, in To Do (1 of 1)\n", "\(done.errors)")
        #expect(try shown("due", of: id, on: "2026-03-01") == "2026-03-22")
        #expect(try shown("column", of: id, on: "2026-03-01") == "To Do, 1 of 1")
        #expect(try shown("done on", of: id, on: "2026-03-01") == "2026-03-08")
        let json = try pm(["show", id, "--json"], on: "2026-03-01").output
        #expect(json.contains(#""completions":["2026-03-08"]"#), "\(json)")

        // Skip: the next occurrence becomes an exception.
        let skip = try pm(["skip", id], on: "2026-03-01")
        #expect(skip.output == "skipped \(id) 2026-03-22: next 2026-04-12\n", "\(skip.errors)")
        #expect(try shown("skipped", of: id, on: "2026-03-01") == "2026-03-22")
        let board = try pm(["board"], on: "2026-03-01")
        #expect(board.output.contains("↻ next 2026-04-12"))
        #expect(board.output.contains("↻ repeats"))

        // Undo the skip, then the completion; redo the completion.
        #expect(try pm(["undo"], on: "2026-03-01").status == 0)
        #expect(try shown("due", of: id, on: "2026-03-01") == "2026-03-22")
        #expect(try shown("skipped", of: id, on: "2026-03-01") == nil)
        #expect(try pm(["undo"], on: "2026-03-01").status == 0)
        #expect(try shown("due", of: id, on: "2026-03-01") == "2026-03-08")
        #expect(try pm(["redo"], on: "2026-03-01").status == 0)
        #expect(try shown("due", of: id, on: "2026-03-01") == "2026-03-22")

        // Not overdue on its day; overdue the day after; done late, it waits for the first one from today.
        #expect(try pm(["board"], on: "2026-03-22").output.contains("↻ next 2026-03-22"))
        #expect(try pm(["board"], on: "2026-03-23").output.contains("! ↻ overdue 2026-03-22"))
        #expect(
            try pm(["move", id, "done"], on: "2026-03-23").output.hasPrefix(
                "completed \(id) of 2026-03-22: next 2026-04-12"))
        let history = try pm(["history"], on: "2026-03-23").output
        #expect(history.contains("Completed '이마트 휴무' of 2026-03-22; next on 2026-04-12"))
    }
}
