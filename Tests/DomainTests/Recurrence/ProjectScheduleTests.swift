import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("A repeating project's deadline and schedule")
struct ProjectScheduleTests {
    static let mart = RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU")

    static func project(_ draft: ProjectDraft, today: String) throws -> Project {
        let schedule = try ProjectSchedule(draft, replacing: nil, today: Day(today))
        return Project(
            id: Project.ID(rawValue: SequentialIDs.id(1)), boardID: .default, title: draft.title,
            deadline: schedule.deadline, recurrence: schedule.recurrence, createdAt: TestClock.defaultStart)
    }

    static func invalid(_ work: () throws(RepositoryError) -> Void) -> [ValidationFailure] {
        do {
            try work()
            return []
        } catch {
            guard case .invalid(let error) = error else { return [.brokenRule("\(error)")] }
            return error.failures
        }
    }

    @Test("a new repeating project starts today and is due on the first occurrence from today")
    func startsToday() throws {
        let project = try Self.project(ProjectDraft(title: "Mart closed", repeatRule: Self.mart), today: "2026-03-09")

        #expect(project.deadline == Day("2026-03-22"))
        #expect(
            project.recurrence == Recurrence(start: Day("2026-03-09"), rule: Self.mart).owing(from: Day("2026-03-09")))
    }

    @Test("the occurrence on today itself is the deadline: it is not late yet")
    func dueToday() throws {
        let project = try Self.project(ProjectDraft(title: "Mart closed", repeatRule: Self.mart), today: "2026-03-08")

        #expect(project.deadline == Day("2026-03-08"))
        #expect(!project.isOverdue(on: Day("2026-03-08")))
        #expect(project.isOverdue(on: Day("2026-03-09")))
    }

    @Test("a deadline given with the rule is the schedule's first day, and the rule's defaults come from it")
    func deadlineIsTheStart() throws {
        let rent = try Self.project(
            ProjectDraft(title: "Pay rent", deadline: Day("2026-04-25"), repeatRule: RecurrenceRule("FREQ=MONTHLY")),
            today: "2026-03-15")

        #expect(rent.deadline == Day("2026-04-25"))
        #expect(rent.recurrence?.start == Day("2026-04-25"))
        #expect(rent.nextOccurrenceAfterCompleting(today: Day("2026-03-15")) == Day("2026-05-25"))
    }

    @Test("a first day in the past keeps the rule's phase but the deadline is from today")
    func pastStart() throws {
        let review = try Self.project(
            ProjectDraft(
                title: "Team review", deadline: Day("2026-01-06"), repeatRule: RecurrenceRule("FREQ=WEEKLY;INTERVAL=2")),
            today: "2026-03-15")

        // Every other Tuesday from 2026-01-06: 01-20, 02-03, 02-17, 03-03, 03-17.
        #expect(review.deadline == Day("2026-03-17"))
    }

    @Test(
        "a rule with no day left from today, or with none at all, is a typed failure of the repeat field",
        arguments: [
            (
                "FREQ=DAILY;UNTIL=20260301",
                ValidationFailure.repeatHasNoDayLeft(
                    RecurrenceRule("FREQ=DAILY;UNTIL=20260301"), from: Day("2026-03-15"))
            ),
            (
                "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
                .repeatNeverOccurs(RecurrenceRule("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"))
            ),
        ])
    func noDayLeft(text: String, failure: ValidationFailure) {
        let failures = Self.invalid { () throws(RepositoryError) in
            _ = try ProjectSchedule(
                ProjectDraft(title: "Never", repeatRule: RecurrenceRule(text)), replacing: nil, today: Day("2026-03-15")
            )
        }

        #expect(failures == [failure])
        #expect(failures.map(\.field) == [.repeatRule])
    }

    @Test("editing the title keeps the schedule: its first day, its skipped days and the occurrence waited for")
    func titleEditKeepsSchedule() throws {
        var project = try Self.project(ProjectDraft(title: "Mart closed", repeatRule: Self.mart), today: "2026-03-09")
        project.recurrence?.exceptions = [Day("2026-04-12")]
        var draft = project.draft
        draft.title = "E-mart closed"

        let edited = try project.applying(draft, today: Day("2026-03-20"))

        #expect(edited.title == "E-mart closed")
        #expect(edited.deadline == project.deadline)
        #expect(edited.recurrence == project.recurrence)
    }

    @Test("a changed rule starts afresh from the deadline shown; a changed deadline starts the same rule from it")
    func ruleAndDeadlineEdits() throws {
        var project = try Self.project(ProjectDraft(title: "Mart closed", repeatRule: Self.mart), today: "2026-03-09")
        project.recurrence?.exceptions = [Day("2026-04-12")]

        var monday = project.draft
        monday.repeatRule = RecurrenceRule("FREQ=MONTHLY;BYDAY=2MO,4MO")
        let mondays = try project.applying(monday, today: Day("2026-03-09"))
        #expect(mondays.deadline == Day("2026-03-23"))
        #expect(
            mondays.recurrence
                == Recurrence(start: Day("2026-03-22"), rule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2MO,4MO"))
                .owing(from: Day("2026-03-22")))

        var later = project.draft
        later.deadline = Day("2026-04-01")
        let moved = try project.applying(later, today: Day("2026-03-09"))
        #expect(moved.deadline == Day("2026-04-26"))
        #expect(moved.recurrence?.exceptions == [Day("2026-04-12")])
    }

    @Test("removing the rule keeps the deadline as a plain one")
    func ruleRemoved() throws {
        let project = try Self.project(ProjectDraft(title: "Mart closed", repeatRule: Self.mart), today: "2026-03-09")
        var draft = project.draft
        draft.repeatRule = nil

        let edited = try project.applying(draft, today: Day("2026-03-09"))

        #expect(edited.deadline == Day("2026-03-22"))
        #expect(edited.recurrence == nil)
        #expect(edited.nextOccurrenceAfterCompleting(today: Day("2026-03-09")) == nil)
    }

    @Test(
        "completing an occurrence waits for the next one from today: missed ones are not owed",
        arguments: [
            ("2026-03-10", "2026-03-22"),  // done early or on time: the next one
            ("2026-03-22", "2026-03-22"),  // done late, on the next one's day: that one is due today
            ("2026-04-20", "2026-04-26"),  // done a month late: the first one from today
        ])
    func nextAfterCompleting(today: String, next: String) throws {
        let project = try Self.project(ProjectDraft(title: "Mart closed", repeatRule: Self.mart), today: "2026-03-08")

        #expect(project.nextOccurrenceAfterCompleting(today: Day(today)) == Day(next))
    }

    @Test(
        "after COUNT or UNTIL there is no next occurrence",
        arguments: [
            "FREQ=WEEKLY;COUNT=1", "FREQ=WEEKLY;UNTIL=20260320",
        ])
    func scheduleEnds(text: String) throws {
        let project = try Self.project(
            ProjectDraft(title: "Once more", repeatRule: RecurrenceRule(text)), today: "2026-03-15")

        #expect(project.deadline == Day("2026-03-15"))
        #expect(project.nextOccurrenceAfterCompleting(today: Day("2026-03-15")) == nil)
    }

    @Test("skipping makes the occurrence an exception and waits for the next; the last one ends the schedule")
    func skipping() throws {
        let project = try Self.project(
            ProjectDraft(title: "Mart closed", repeatRule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU;COUNT=2")),
            today: "2026-03-01")

        let skip = try project.skippingOccurrence(today: Day("2026-03-01"))
        #expect(skip.skipped == Day("2026-03-08"))
        #expect(skip.next == Day("2026-03-22"))
        #expect(skip.recurrence.exceptions == [Day("2026-03-08")])

        var next = project
        (next.deadline, next.recurrence) = (skip.next, skip.recurrence)
        let last = try next.skippingOccurrence(today: Day("2026-03-01"))
        #expect(last.next == nil)
    }

    @Test("a project that does not repeat, or is done, has nothing to skip")
    func nothingToSkip() throws {
        let plain = try Self.project(ProjectDraft(title: "Once", deadline: Day("2026-03-20")), today: "2026-03-15")
        var done = try Self.project(ProjectDraft(title: "Mart closed", repeatRule: Self.mart), today: "2026-03-15")
        done.state = .done

        for project in [plain, done] {
            #expect(
                Self.invalid { () throws(RepositoryError) in
                    _ = try project.skippingOccurrence(today: Day("2026-03-15"))
                }
                    == [.noOccurrenceToSkip])
        }
    }
}
