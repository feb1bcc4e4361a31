import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("A repeating project's completed occurrences, and the one it waits for after a merge")
struct OccurrenceSettlingTests {
    static let weekly = RecurrenceRule("FREQ=WEEKLY;BYDAY=MO")

    static func project(due deadline: String, completions: [String] = [], exceptions: [String] = []) -> Project {
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(1)), boardID: .default, title: "Standup",
            deadline: Day(deadline),
            recurrence: Recurrence(
                start: Day("2026-01-05"), rule: weekly, exceptions: Set(exceptions.map { Day($0) }),
                completions: Set(completions.map { Day($0) })),
            createdAt: TestClock.defaultStart)
    }

    @Test(
        "with no day owed from recorded (3.0.0), a project due on an occurrence completed or skipped is due on the next one neither; otherwise it stays",
        arguments: [
            (
                due: "2026-01-12", completions: ["2026-01-05", "2026-01-12"], exceptions: [String](),
                settled: "2026-01-19"
            ),
            (
                due: "2026-01-12", completions: ["2026-01-12", "2026-01-19"], exceptions: ["2026-01-26"],
                settled: "2026-02-02"
            ),
            (due: "2026-01-12", completions: ["2026-01-05"], exceptions: ["2026-01-12"], settled: "2026-01-19"),
            (due: "2026-01-12", completions: ["2026-01-05", "2026-01-19"], exceptions: [], settled: "2026-01-12"),
            (due: "2026-01-05", completions: [], exceptions: [], settled: "2026-01-05"),
        ])
    func settles(due: String, completions: [String], exceptions: [String], settled: String) {
        let project = Self.project(due: due, completions: completions, exceptions: exceptions)

        #expect(project.settlingOccurrence().deadline == Day(settled))
        #expect(project.settlingOccurrence().recurrence == project.recurrence)
    }

    @Test(
        "a project is due on the first occurrence from the day its schedule owes from that is neither completed nor skipped, back or forward",
        arguments: [
            // A skip undone on one device, another undone on another (seed 7204): back to the 5th.
            (
                owedFrom: "2026-01-05", due: "2026-01-12", completions: [String](), exceptions: [String](),
                settled: "2026-01-05"
            ),
            (
                owedFrom: "2026-01-05", due: "2026-01-05", completions: ["2026-01-05"], exceptions: ["2026-01-12"],
                settled: "2026-01-19"
            ),
            // Completed on the 20th: the 12th and 19th were passed over and are not owed.
            (
                owedFrom: "2026-01-20", due: "2026-01-12", completions: ["2026-01-05"], exceptions: [],
                settled: "2026-01-26"
            ),
            (
                owedFrom: "2026-01-20", due: "2026-01-26", completions: ["2026-01-05"], exceptions: [],
                settled: "2026-01-26"
            ),
        ])
    func settlesFromTheDayOwedFrom(
        owedFrom: String, due: String, completions: [String], exceptions: [String], settled: String
    ) {
        var project = Self.project(due: due, completions: completions, exceptions: exceptions)
        project.recurrence?.owedFrom = Day(owedFrom)

        #expect(project.settlingOccurrence().deadline == Day(settled))
        #expect(project.settlingOccurrence().recurrence == project.recurrence)
    }

    @Test("an occurrence completed or skipped late passes over the missed ones: the schedule owes from today")
    func lateCompletionAndSkip() throws {
        let schedule = try ProjectSchedule(
            ProjectDraft(title: "Standup", deadline: Day("2026-01-05"), repeatRule: Self.weekly), replacing: nil,
            today: Day("2026-01-01"))
        var project = Self.project(due: "2026-01-05")
        project.recurrence = schedule.recurrence
        #expect(project.recurrence?.owedFrom == Day("2026-01-05"))

        let skip = try project.skippingOccurrence(today: Day("2026-01-20"))
        #expect(skip.next == Day("2026-01-26"))
        #expect(skip.recurrence.owedFrom == Day("2026-01-20"))

        let done = try #require(project.occurrenceCompleted(byMovingTo: .done, today: Day("2026-01-20")))
        #expect(done.next == Day("2026-01-26"))
        project.state = .todo
        let early = try #require(project.occurrenceCompleted(byMovingTo: .done, today: Day("2026-01-02")))
        #expect(early.next == Day("2026-01-12"))
    }

    @Test("a project that does not repeat, or whose schedule has ended, is left as it is")
    func nothingToSettle() {
        var once = Self.project(due: "2026-01-05")
        once.recurrence = nil
        var ended = Self.project(due: "2026-01-12", completions: ["2026-01-12"])
        ended.recurrence?.rule = RecurrenceRule("FREQ=WEEKLY;BYDAY=MO;COUNT=2")

        #expect(once.settlingOccurrence() == once)
        #expect(ended.settlingOccurrence() == ended)
    }

    @Test("an edit that keeps the deadline and the rule keeps the completions; a new deadline forgets them")
    func editsAndCompletions() throws {
        let project = Self.project(due: "2026-01-12", completions: ["2026-01-05"])
        let today = Day("2026-01-01")

        let kept = try project.applying(
            ProjectDraft(title: "Standup!", deadline: Day("2026-01-12"), repeatRule: Self.weekly), today: today)
        let moved = try project.applying(
            ProjectDraft(title: "Standup", deadline: Day("2026-01-05"), repeatRule: Self.weekly), today: today)

        #expect(kept.recurrence?.completions == [Day("2026-01-05")])
        #expect(moved.recurrence?.completions == [])
        #expect(moved.deadline == Day("2026-01-05"))
    }

    @Test("a schedule's completions are left out of its JSON when it has none, and read as none when absent")
    func coding() throws {
        let plain = Recurrence(start: Day("2026-01-05"), rule: Self.weekly)
        let done = Recurrence(start: Day("2026-01-05"), rule: Self.weekly, completions: [Day("2026-01-05")])

        let plainJSON = try String(decoding: JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!plainJSON.contains("completions"))
        let written = #"{"start":"2026-01-05","rule":"FREQ=WEEKLY;BYDAY=MO","exceptions":[]}"#
        #expect(try JSONDecoder().decode(Recurrence.self, from: Data(written.utf8)) == plain)
        #expect(try JSONDecoder().decode(Recurrence.self, from: JSONEncoder().encode(done)) == done)
        #expect(done != plain)

        var owing = plain
        owing.owedFrom = Day("2026-01-20")
        let owingJSON = try String(decoding: JSONEncoder().encode(owing), as: UTF8.self)
        #expect(!plainJSON.contains("owedFrom"))
        #expect(owingJSON.contains(#""owedFrom":"2026-01-20""#))
        #expect(try JSONDecoder().decode(Recurrence.self, from: Data(owingJSON.utf8)) == owing)
        #expect(owing != plain)
    }
}
