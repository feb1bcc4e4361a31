import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

@Suite("Reminders kept through the engine: when it opens and after every save", .timeLimit(.minutes(10)))
struct ReminderSyncTests {
    static let seoul = TimeZone.named("Asia/Seoul")

    /// An engine whose clock reads noon in Seoul on 2026-03-01.
    static func harness(_ kind: StoreKind) throws -> EngineHarness {
        try EngineHarness(kind, clock: TestClock(.at(2026, 3, 1, 12, in: seoul)), timeZone: seoul)
    }

    /// The next reconciliation's plan; it fails the test when the reconciliation failed.
    static func nextPlan(
        _ outcomes: inout AsyncStream<ReminderSync.Outcome>.Iterator
    ) async throws -> ReminderPlan {
        let outcome = try #require(await outcomes.next())
        return try outcome.get()
    }

    @Test(
        "opening reminds of every dated project, the day before at 09:00, and of nothing else",
        arguments: StoreKind.allCases)
    func opening(kind: StoreKind) async throws {
        let harness = try Self.harness(kind)
        let rent = try await harness.engine.createProject(ProjectDraft(title: "Pay rent", deadline: Day("2026-03-25")))
        _ = try await harness.engine.createProject(ProjectDraft(title: "Someday"))
        let scheduler = InMemoryReminderScheduler()

        let sync = try harness.restarted().keepReminders(with: scheduler)
        var outcomes = sync.outcomes.makeAsyncIterator()
        let plan = try await Self.nextPlan(&outcomes)

        #expect(plan.schedule.map(\.projectID) == [rent.id])
        #expect(try await scheduler.pendingReminders().map(\.fireDate) == [.at(2026, 3, 24, 9, 0, in: Self.seoul)])
        sync.stop()
    }

    @Test(
        "each save reschedules what it changed: a new deadline, a changed one, Done and delete",
        arguments: StoreKind.allCases)
    func saves(kind: StoreKind) async throws {
        let harness = try Self.harness(kind)
        let scheduler = InMemoryReminderScheduler()
        let engine = harness.engine
        let sync = engine.keepReminders(with: scheduler)
        var outcomes = sync.outcomes.makeAsyncIterator()
        #expect(try await Self.nextPlan(&outcomes).isEmpty)

        let report = try await engine.createProject(ProjectDraft(title: "Report", deadline: Day("2026-03-10")))
        #expect(try await Self.nextPlan(&outcomes).schedule.map(\.dueDay) == [Day("2026-03-10")])

        try await engine.updateProject(report.id, with: ProjectDraft(title: "Report", deadline: Day("2026-03-12")))
        let changed = try await Self.nextPlan(&outcomes)
        #expect(changed.schedule.map(\.dueDay) == [Day("2026-03-12")])
        #expect(changed.cancel == [Reminder.ID(project: report.id, day: Day("2026-03-10"))])

        try await engine.moveProject(report.id, to: .done)
        #expect(try await Self.nextPlan(&outcomes).cancel == [Reminder.ID(project: report.id, day: Day("2026-03-12"))])
        #expect(try await scheduler.pendingReminders().isEmpty)

        try await engine.undoRedo.undo()
        #expect(try await Self.nextPlan(&outcomes).schedule.map(\.dueDay) == [Day("2026-03-12")])

        try await engine.deleteProject(report.id)
        #expect(try await Self.nextPlan(&outcomes).cancel.count == 1)
        #expect(try await scheduler.pendingReminders().isEmpty)
        sync.stop()
    }

    @Test("a repeating project done is reminded of its next occurrence")
    func repeatingDone() async throws {
        let harness = try Self.harness(.inMemory)
        let scheduler = InMemoryReminderScheduler()
        let sync = harness.engine.keepReminders(with: scheduler)
        var outcomes = sync.outcomes.makeAsyncIterator()
        _ = try await Self.nextPlan(&outcomes)
        let mart = try await harness.engine.createProject(
            ProjectDraft(title: "이마트 휴무", repeatRule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU")))
        let first = try await Self.nextPlan(&outcomes)
        #expect(first.schedule.first?.dueDay == Day("2026-03-08"))

        try await harness.engine.moveProject(mart.id, to: .done)
        _ = try await Self.nextPlan(&outcomes)

        let pending = try await scheduler.pendingReminders()
        #expect(pending.first?.dueDay == Day("2026-03-22"))
        #expect(pending.first?.fireDate == .at(2026, 3, 21, 9, 0, in: Self.seoul))
        #expect(!pending.contains { $0.dueDay == Day("2026-03-08") })
        sync.stop()
    }

    @Test("a restart that finds the reminders already pending schedules nothing twice")
    func restart() async throws {
        let harness = try Self.harness(.file)
        _ = try await harness.engine.createProject(ProjectDraft(title: "Pay rent", deadline: Day("2026-03-25")))
        let scheduler = InMemoryReminderScheduler()
        let first = harness.engine.keepReminders(with: scheduler)
        var firstOutcomes = first.outcomes.makeAsyncIterator()
        #expect(try await Self.nextPlan(&firstOutcomes).schedule.count == 1)
        first.stop()

        let second = try harness.restarted().keepReminders(with: scheduler)
        var secondOutcomes = second.outcomes.makeAsyncIterator()

        #expect(try await Self.nextPlan(&secondOutcomes).isEmpty)
        #expect(await scheduler.scheduledLog.count == 1)
        second.stop()
    }

    @Test("after a sign-in, a refresh keeps only the account's reminders")
    func refreshAfterSignIn() async throws {
        let harness = try Self.harness(.inMemory)
        _ = try await harness.engine.createProject(ProjectDraft(title: "Local", deadline: Day("2026-03-20")))
        let scheduler = InMemoryReminderScheduler()
        let sync = harness.engine.keepReminders(with: scheduler)
        var outcomes = sync.outcomes.makeAsyncIterator()
        #expect(try await Self.nextPlan(&outcomes).schedule.count == 1)

        _ = try await harness.engine.signUp(email: "ada@example.com", password: "correct horse battery")
        sync.refresh()

        #expect(try await Self.nextPlan(&outcomes).cancel.count == 1)
        #expect(try await scheduler.pendingReminders().isEmpty)
        sync.stop()
    }

    @Test("stopping finishes the outcomes")
    func stopping() async throws {
        let harness = try Self.harness(.inMemory)
        let sync = harness.engine.keepReminders(with: InMemoryReminderScheduler())
        var outcomes = sync.outcomes.makeAsyncIterator()
        _ = try await Self.nextPlan(&outcomes)

        sync.stop()

        #expect(await outcomes.next() == nil)
    }
}
