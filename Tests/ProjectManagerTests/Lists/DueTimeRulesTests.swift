import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// Due times in the today summary and the reminders, and lists of one's own in the board list.
@Suite("Due times and lists across the engine's summaries")
struct DueTimeRulesTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt

    static func date(_ hour: Int, _ minute: Int, day: Int = 24) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = seoul
        return calendar.date(from: DateComponents(year: 2026, month: 12, day: day, hour: hour, minute: minute))
            ?? .distantPast
    }

    @Test(
        "a card due at 14:00 today is due today until then and overdue after; the summary says when it changes",
        arguments: StoreKind.allCases)
    func todaySummary(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind, clock: TestClock(Self.date(13, 0)), timeZone: Self.seoul)
        let due = try #require(DueTime(hour: 14, minute: 0, timeZone: "Asia/Seoul"))
        let card = try await harness.engine.createProject(
            ProjectDraft(title: "wrap", deadline: Day("2026-12-24"), dueTime: due))

        var summary = try await harness.engine.fetchTodaySummary()
        #expect(summary.dueToday.map(\.id) == [card.id])
        #expect(summary.overdue.isEmpty)
        #expect(summary.nextChange == Self.date(14, 0))

        harness.clock.advance(by: 61 * 60)
        summary = try await harness.engine.fetchTodaySummary()
        #expect(summary.overdue.map(\.id) == [card.id])
        #expect(summary.dueToday.isEmpty)
        #expect(summary.nextChange == Self.date(0, 0, day: 25))
    }

    @Test(
        "a repeating card due at a time keeps its time when its occurrence is done, and is overdue by it",
        arguments: StoreKind.allCases)
    func repeatingAtATime(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind, clock: TestClock(Self.date(15, 0)), timeZone: Self.seoul)
        let due = try #require(DueTime(hour: 14, minute: 0, timeZone: "Asia/Seoul"))
        let card = try await harness.engine.createProject(
            ProjectDraft(
                title: "stand-up", deadline: Day("2026-12-24"), repeatRule: RecurrenceRule("FREQ=DAILY"), dueTime: due))
        #expect(try await harness.engine.fetchBoard().column(.todo).items.first?.isOverdue == true)

        let done = try await harness.engine.moveProject(card.id, to: .done)
        #expect(done.project.deadline == Day("2026-12-25"))
        #expect(done.project.dueTime == due)
        #expect(try await harness.engine.fetchBoard().column(.todo).items.first?.isOverdue == false)
        harness.clock.advance(by: 24 * 3_600)
        #expect(try await harness.restarted().fetchBoard().column(.todo).items.first?.isOverdue == true)
    }

    @Test("a reminder of a card due at a time fires the rule's days before that time, in the card's zone")
    func reminders() throws {
        let due = try #require(DueTime(hour: 14, minute: 30, timeZone: "Asia/Seoul"))
        let project = Project(
            id: Project.ID(rawValue: UUID()), boardID: .default, title: "wrap", deadline: Day("2026-12-24"),
            createdAt: Self.date(9, 0, day: 1), dueTime: due)
        let whole = Project(
            id: Project.ID(rawValue: UUID()), boardID: .default, title: "whole", deadline: Day("2026-12-24"),
            createdAt: Self.date(9, 0, day: 1))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let reminders = ReminderReconciliation.reminders(
            for: [try #require(ReminderSource(project)), try #require(ReminderSource(whole))],
            after: Self.date(9, 0, day: 1), calendar: calendar)
        #expect(reminders.first { $0.projectID == project.id }?.fireDate == Self.date(14, 30, day: 23))
        // A whole-day deadline keeps the rule's 09:00, in the engine's calendar.
        #expect(
            reminders.first { $0.projectID == whole.id }?.fireDate
                == calendar.date(from: DateComponents(year: 2026, month: 12, day: 23, hour: 9)))
    }

    @Test("the board list counts every open list toward its stage", arguments: StoreKind.allCases)
    func boardListCounts(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let cards = try await harness.create(["a", "b", "c"])
        let review = try await engine.addList("Review", on: .default, stage: .doing)
        try await engine.moveProject(cards[0].id, toList: review.id)
        try await engine.moveProject(cards[1].id, to: .doing)
        let shelf = try await engine.addList("Shelf", on: .default, stage: .todo)
        try await engine.moveProject(cards[2].id, toList: shelf.id)
        try await engine.editList(shelf.id, on: .default, .archive)

        let summary = try #require(try await engine.fetchBoardList().first { $0.board.id == .default })
        #expect(summary.count(in: .doing) == 2)
        #expect(summary.count(in: .todo) == 0)
    }
}
