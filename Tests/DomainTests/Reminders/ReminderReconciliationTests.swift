import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Reminder reconciliation")
struct ReminderReconciliationTests {
    static let seoul = TimeZone.named("Asia/Seoul")
    static let newYork = TimeZone.named("America/New_York")

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    static func project(_ n: Int) -> Project.ID { Project.ID(rawValue: SequentialIDs.id(n)) }

    static func due(
        _ n: Int, _ day: String, title: String = "Pay rent", rule: ReminderRule = .standard,
        finished: Bool = false
    ) -> ReminderSource {
        ReminderSource(projectID: project(n), title: title, schedule: .once(Day(day)), isFinished: finished, rule: rule)
    }

    static func repeating(
        _ n: Int, _ text: String, from start: String, except: [String] = [],
        title: String = "Mart closed"
    ) throws -> ReminderSource {
        let recurrence = Recurrence(
            start: Day(start), rule: try RecurrenceRule(parsing: text), exceptions: Set(except.map { Day($0) }))
        return ReminderSource(projectID: project(n), title: title, schedule: .repeating(recurrence))
    }

    /// Plans in Seoul at 2026-03-15 12:00 local unless told.
    static func plan(
        _ sources: [ReminderSource], pending: [Reminder] = [], now: Date = .at(2026, 3, 15, 12, 0, in: seoul),
        zone: TimeZone = seoul, limit: Int = 64
    ) -> ReminderPlan {
        ReminderReconciliation.plan(for: sources, pending: pending, now: now, calendar: calendar(zone), limit: limit)
    }

    @Test("a new deadline is reminded of at 09:00 the day before, in the user's zone")
    func add() {
        let plan = Self.plan([Self.due(1, "2026-03-20")])

        #expect(plan.schedule.map(\.fireDate) == [.at(2026, 3, 19, 9, 0, in: Self.seoul)])
        #expect(plan.schedule.map(\.dueDay) == [Day("2026-03-20")])
        #expect(plan.schedule.map(\.title) == ["Pay rent"])
        #expect(plan.reschedule.isEmpty && plan.cancel.isEmpty)
    }

    @Test("a changed deadline cancels the old reminder and schedules the new one")
    func changeDeadline() {
        let pending = Self.plan([Self.due(1, "2026-03-20")]).schedule

        let plan = Self.plan([Self.due(1, "2026-03-27")], pending: pending)

        #expect(plan.cancel == pending.map(\.id))
        #expect(plan.schedule.map(\.fireDate) == [.at(2026, 3, 26, 9, 0, in: Self.seoul)])
        #expect(plan.applied(to: pending).map(\.dueDay) == [Day("2026-03-27")])
    }

    @Test("a changed time, offset or title reschedules under the same id")
    func changeRuleOrTitle() throws {
        let pending = Self.plan([Self.due(1, "2026-03-20")]).schedule
        let evening = try #require(TimeOfDay(hour: 18, minute: 30))

        let later = Self.plan([Self.due(1, "2026-03-20", rule: .before(days: 2, at: evening))], pending: pending)
        let renamed = Self.plan([Self.due(1, "2026-03-20", title: "Pay the rent")], pending: pending)

        #expect(later.reschedule.map(\.fireDate) == [.at(2026, 3, 18, 18, 30, in: Self.seoul)])
        #expect(later.reschedule.map(\.id) == pending.map(\.id))
        #expect(later.schedule.isEmpty && later.cancel.isEmpty)
        #expect(renamed.reschedule.map(\.title) == ["Pay the rent"])
    }

    @Test("Done, deleted or switched off cancels the reminder")
    func doneDeletedOrOff() {
        let pending = Self.plan([Self.due(1, "2026-03-20"), Self.due(2, "2026-03-21")]).schedule

        let done = Self.plan([Self.due(1, "2026-03-20", finished: true), Self.due(2, "2026-03-21")], pending: pending)
        let deleted = Self.plan([Self.due(2, "2026-03-21")], pending: pending)
        let off = Self.plan([Self.due(1, "2026-03-20", rule: .off), Self.due(2, "2026-03-21")], pending: pending)

        for plan in [done, deleted, off] {
            #expect(plan.cancel == [Reminder.ID(project: Self.project(1), day: Day("2026-03-20"))])
            #expect(plan.schedule.isEmpty && plan.reschedule.isEmpty)
        }
    }

    @Test("a completed or skipped occurrence of a repeating project cancels that day's reminder only")
    func completedOccurrence() throws {
        let source = try Self.repeating(1, "FREQ=WEEKLY;BYDAY=MO", from: "2026-03-01")
        let pending = Self.plan([source]).schedule
        var skipped = source
        if case .repeating(var recurrence) = source.schedule {
            recurrence.exceptions.insert(Day("2026-03-23"))
            skipped.schedule = .repeating(recurrence)
        }

        let plan = Self.plan([skipped], pending: pending)

        #expect(plan.cancel == [Reminder.ID(project: Self.project(1), day: Day("2026-03-23"))])
        #expect(plan.reschedule.isEmpty)
        let last = try #require(pending.last)
        #expect(plan.schedule.map(\.dueDay) == [last.dueDay.adding(days: 7)])
    }

    @Test("nothing is scheduled in the past: not a deadline gone by, nor today's after its time")
    func nothingInThePast() {
        // 2026-03-15 12:00 in Seoul: a reminder for the 16th fired at 09:00 on the 15th.
        let plan = Self.plan([Self.due(1, "2026-03-14"), Self.due(2, "2026-03-16"), Self.due(3, "2026-03-17")])

        #expect(plan.schedule.map(\.projectID) == [Self.project(3)])
        #expect(plan.schedule.allSatisfy { $0.fireDate > .at(2026, 3, 15, 12, 0, in: Self.seoul) })
    }

    @Test("a time-zone change moves every reminder to 09:00 of the new zone")
    func timeZoneChange() throws {
        let sources = [
            Self.due(1, "2026-03-20"), try Self.repeating(2, "FREQ=MONTHLY;BYDAY=2SU,4SU", from: "2026-01-01"),
        ]
        let now = Date.at(2026, 3, 15, 12, 0, in: Self.seoul)
        let pending = Self.plan(sources, now: now).schedule

        let plan = Self.plan(sources, pending: pending, now: now, zone: Self.newYork)

        #expect(plan.reschedule.count == pending.count)
        #expect(plan.schedule.isEmpty && plan.cancel.isEmpty)
        let calendar = Self.calendar(Self.newYork)
        for reminder in plan.reschedule {
            let local = calendar.dateComponents([.hour, .minute], from: reminder.fireDate)
            #expect((local.hour, local.minute) == (9, 0))
            #expect(Day(containing: reminder.fireDate, in: calendar) == reminder.dueDay.adding(days: -1))
        }
    }

    @Test("a reminder time a DST change skips fires at the next minute that exists")
    func daylightSavingGap() throws {
        // New York skips 02:00–03:00 on 2026-03-08.
        let halfPastTwo = try #require(TimeOfDay(hour: 2, minute: 30))
        let source = Self.due(1, "2026-03-09", rule: .before(days: 1, at: halfPastTwo))

        let plan = Self.plan([source], now: .at(2026, 3, 1, 12, 0, in: Self.newYork), zone: Self.newYork)

        #expect(plan.schedule.map(\.fireDate) == [.at(2026, 3, 8, 7, 0)])  // 03:00 EDT
        #expect(
            ReminderReconciliation.fireDate(Day("2026-03-08"), at: halfPastTwo, calendar: Self.calendar(Self.newYork))
                == .at(2026, 3, 8, 3, 0, in: Self.newYork))
        // The repeated hour in November is a real time: its first 01:30 is kept.
        let halfPastOne = try #require(TimeOfDay(hour: 1, minute: 30))
        #expect(
            ReminderReconciliation.fireDate(Day("2026-11-01"), at: halfPastOne, calendar: Self.calendar(Self.newYork))
                == .at(2026, 11, 1, 5, 30))
    }

    @Test("only the 64 soonest are kept, and the next ones come in as those fire")
    func limit() async throws {
        // 30 daily projects: 30 reminders a day.
        let sources = try (1...30).map {
            try Self.repeating($0, "FREQ=DAILY", from: "2026-03-01", title: "Daily \($0)")
        }
        let scheduler = InMemoryReminderScheduler(limit: 64)
        let clock = TestClock(.at(2026, 3, 15, 12, 0, in: Self.seoul))
        let reconcile = ReconcileReminders(scheduler: scheduler, environment: .test(clock: clock, timeZone: Self.seoul))

        let first = try await reconcile(sources)
        let pending = try await scheduler.pendingReminders()

        #expect(first.schedule.count == 64)
        #expect(pending.count == 64)
        // The soonest: every project's reminders for the 17th and the 18th, then 4 of the 19th.
        #expect(pending.filter { $0.dueDay == Day("2026-03-17") }.count == 30)
        #expect(pending.filter { $0.dueDay == Day("2026-03-18") }.count == 30)
        #expect(pending.filter { $0.dueDay == Day("2026-03-19") }.count == 4)

        // When a day's reminders fire, the next day's come in and the total stays at the limit.
        clock.set(.at(2026, 3, 16, 10, 0, in: Self.seoul))
        await scheduler.deliver(until: clock.now)
        let second = try await reconcile(sources)

        #expect(try await scheduler.pendingReminders().count == 64)
        #expect(second.schedule.count == 30)
        #expect(second.cancel.isEmpty)
    }

    @Test("a restart that finds the reminders already pending schedules nothing twice")
    func restart() async throws {
        let sources = [
            Self.due(1, "2026-03-20"), try Self.repeating(2, "FREQ=MONTHLY;BYMONTHDAY=10,25", from: "2026-01-01"),
        ]
        let scheduler = InMemoryReminderScheduler()
        let environment = EngineEnvironment.test(
            clock: TestClock(.at(2026, 3, 15, 12, 0, in: Self.seoul)), timeZone: Self.seoul)
        try await ReconcileReminders(scheduler: scheduler, environment: environment)(sources)
        let before = try await scheduler.pendingReminders()
        let logged = await scheduler.scheduledLog.count

        // When: a new run, with a new use case over the same platform state
        let again = try await ReconcileReminders(scheduler: scheduler, environment: environment)(sources)

        // Then
        #expect(again.isEmpty)
        #expect(try await scheduler.pendingReminders() == before)
        #expect(await scheduler.scheduledLog.count == logged)
        #expect(Set(before.map(\.id)).count == before.count)
    }
}
