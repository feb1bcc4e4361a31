import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

@Suite("Overdue flags on the board")
struct OverdueBoardTests {
    static let zones = ["Asia/Seoul", "America/Los_Angeles", "UTC", "Pacific/Kiritimati"]

    /// Whether the board flags a project due 2026-03-14 when the user's local time is `hour:minute` on `day` of March 2026.
    static func flagged(zone: String, day: Int, hour: Int, minute: Int, state: ProjectState = .todo) async throws
        -> Bool
    {
        let timeZone = TimeZone.named(zone)
        let clock = TestClock(.at(2026, 3, 1, 12, 0, in: timeZone))
        let harness = try EngineHarness(.inMemory, clock: clock, timeZone: timeZone)
        _ = try await harness.engine.createProject(
            ProjectDraft(title: "Pay rent", deadline: Day("2026-03-14")), in: state)
        clock.set(.at(2026, 3, day, hour, minute, in: timeZone))
        let overview = try await harness.engine.fetchBoard()
        return try #require(overview.column(state).items.first).isOverdue
    }

    @Test("due today is not overdue at 00:00 nor at 23:59 local time", arguments: zones)
    func dueTodayIsNotOverdue(zone: String) async throws {
        #expect(try await !Self.flagged(zone: zone, day: 14, hour: 0, minute: 0))
        #expect(try await !Self.flagged(zone: zone, day: 14, hour: 23, minute: 59))
    }

    @Test("overdue from 00:00 local time the day after the deadline", arguments: zones)
    func overdueTheDayAfter(zone: String) async throws {
        #expect(try await Self.flagged(zone: zone, day: 15, hour: 0, minute: 0))
        #expect(try await Self.flagged(zone: zone, day: 15, hour: 23, minute: 59))
    }

    @Test("a project in Doing is overdue too, and a done project never is", arguments: zones)
    func doneIsNeverOverdue(zone: String) async throws {
        #expect(try await Self.flagged(zone: zone, day: 20, hour: 12, minute: 0, state: .doing))
        #expect(try await !Self.flagged(zone: zone, day: 20, hour: 12, minute: 0, state: .done))
    }

    @Test(
        "the same instant is overdue in Seoul and Kiritimati and not in UTC or Los Angeles",
        arguments: [
            ("Asia/Seoul", true), ("Pacific/Kiritimati", true), ("UTC", false), ("America/Los_Angeles", false),
        ])
    func sameInstantDiffersByZone(zone: String, overdue: Bool) async throws {
        // Given a project due 2026-03-14, and the clock at 2026-03-14 15:00 UTC
        let clock = TestClock(.at(2026, 3, 14, 15, 0))
        let harness = try EngineHarness(.inMemory, clock: clock, timeZone: .named(zone))
        _ = try await harness.engine.createProject(ProjectDraft(title: "Pay rent", deadline: Day("2026-03-14")))

        // When
        let overview = try await harness.engine.fetchBoard()

        // Then
        #expect(overview.column(.todo).items.map(\.isOverdue) == [overdue])
    }

    @Test("a project marked done stops being overdue", arguments: StoreKind.allCases)
    func markingDoneClearsTheFlag(kind: StoreKind) async throws {
        // Given an overdue project
        let harness = try EngineHarness(kind)
        let project = try await harness.engine.createProject(ProjectDraft(title: "Late", deadline: Day("2026-03-01")))
        #expect(try await harness.engine.fetchBoard().column(.todo).items.map(\.isOverdue) == [true])

        // When
        try await harness.engine.moveProject(project.id, to: .done)

        // Then
        #expect(try await harness.restarted().fetchBoard().column(.done).items.map(\.isOverdue) == [false])
    }
}
