import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("What a project wants reminded")
struct ProjectReminderTests {
    static let seoul = TimeZone.named("Asia/Seoul")

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = seoul
        return calendar
    }

    static func project(deadline: Day?, recurrence: Recurrence? = nil, state: ProjectState = .todo) -> Project {
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(1)), boardID: .default, title: "이마트 휴무", deadline: deadline,
            recurrence: recurrence, state: state, createdAt: TestClock.defaultStart)
    }

    static func fireDays(_ project: Project, now: Date = .at(2026, 3, 1, 12, in: seoul)) -> [String] {
        guard let source = ReminderSource(project) else { return [] }
        return ReminderReconciliation.reminders(for: [source], after: now, calendar: calendar, limit: 4)
            .map {
                "\($0.dueDay) \(Day(containing: $0.fireDate, in: calendar)) \(calendar.component(.hour, from: $0.fireDate)):00"
            }
    }

    @Test("a repeating project is reminded the day before each occurrence at 09:00, from the one it waits for")
    func fromTheNextOccurrence() {
        let mart = Recurrence(
            start: Day("2026-03-01"), rule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU"),
            exceptions: [Day("2026-04-12")])

        // Waiting for 2026-03-22: the 8th was done already; the skipped 12th of April has no reminder.
        #expect(
            Self.fireDays(Self.project(deadline: Day("2026-03-22"), recurrence: mart)) == [
                "2026-03-22 2026-03-21 9:00", "2026-04-26 2026-04-25 9:00", "2026-05-10 2026-05-09 9:00",
                "2026-05-24 2026-05-23 9:00",
            ])
    }

    @Test("a deadline alone is one reminder; no deadline, or Done, is none")
    func onceOrNone() {
        #expect(Self.fireDays(Self.project(deadline: Day("2026-03-20"))) == ["2026-03-20 2026-03-19 9:00"])
        #expect(ReminderSource(Self.project(deadline: nil)) == nil)
        #expect(Self.fireDays(Self.project(deadline: Day("2026-03-20"), state: .done)).isEmpty)
    }

    @Test("reminders after an end are left out, soonest first, however many the limit allows")
    func throughAnEnd() throws {
        let daily = Recurrence(start: Day("2026-03-01"), rule: RecurrenceRule("FREQ=DAILY"))
        let source = try #require(ReminderSource(Self.project(deadline: Day("2026-03-02"), recurrence: daily)))

        let reminders = ReminderReconciliation.reminders(
            for: [source], after: .at(2026, 3, 1, 12, in: Self.seoul), through: .at(2026, 3, 4, 12, in: Self.seoul),
            calendar: Self.calendar, limit: 1_000)

        // The 2nd fired on the 1st at 09:00, before now; the 5th fires on the 4th at 09:00, before the end.
        #expect(reminders.map(\.dueDay) == [Day("2026-03-03"), Day("2026-03-04"), Day("2026-03-05")])
    }
}
