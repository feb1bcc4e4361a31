import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Overdue")
struct OverdueTests {
    static let zones = ["Asia/Seoul", "America/Los_Angeles", "UTC", "Pacific/Kiritimati"]

    /// A project due on `deadline`, in `state`.
    static func project(due deadline: Day?, state: ProjectState = .todo) -> Project {
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(1)), boardID: .default, title: "Pay rent",
            deadline: deadline, state: state, createdAt: TestClock.defaultStart)
    }

    /// Whether a project due 2026-03-14 is overdue at a wall-clock time in a time zone.
    static func isOverdue(dueOn deadline: String, at localTime: Date, in zone: TimeZone, state: ProjectState = .todo)
        -> Bool
    {
        let environment = EngineEnvironment.test(clock: TestClock(localTime), timeZone: zone)
        return project(due: Day(deadline), state: state).isOverdue(on: environment.today())
    }

    @Test("a project due today is not overdue, from its first minute to its last", arguments: zones)
    func dueTodayIsNotOverdue(zone: String) {
        let timeZone = TimeZone.named(zone)

        #expect(!Self.isOverdue(dueOn: "2026-03-14", at: .at(2026, 3, 14, 0, 0, in: timeZone), in: timeZone))
        #expect(!Self.isOverdue(dueOn: "2026-03-14", at: .at(2026, 3, 14, 23, 59, in: timeZone), in: timeZone))
        #expect(!Self.isOverdue(dueOn: "2026-03-14", at: .at(2026, 3, 14, 23, 59, 59, in: timeZone), in: timeZone))
    }

    @Test("a project becomes overdue at local midnight after its deadline", arguments: zones)
    func overdueFromTheNextLocalMidnight(zone: String) {
        let timeZone = TimeZone.named(zone)

        #expect(Self.isOverdue(dueOn: "2026-03-14", at: .at(2026, 3, 15, 0, 0, in: timeZone), in: timeZone))
        #expect(Self.isOverdue(dueOn: "2026-03-14", at: .at(2026, 3, 15, 0, 1, in: timeZone), in: timeZone))
        #expect(Self.isOverdue(dueOn: "2026-03-14", at: .at(2027, 1, 1, 12, 0, in: timeZone), in: timeZone))
    }

    @Test("a project due in the future is not overdue", arguments: zones)
    func dueLaterIsNotOverdue(zone: String) {
        let timeZone = TimeZone.named(zone)

        #expect(!Self.isOverdue(dueOn: "2026-03-14", at: .at(2026, 3, 13, 23, 59, in: timeZone), in: timeZone))
    }

    @Test(
        "the same instant is overdue where the next day has begun, and not where it has not",
        arguments: [
            ("Asia/Seoul", true),
            ("Pacific/Kiritimati", true),
            ("UTC", false),
            ("America/Los_Angeles", false),
        ])
    func sameInstantDiffersByZone(zone: String, overdue: Bool) {
        // Given 2026-03-14 15:00 UTC: 03-15 00:00 in Seoul, 03-15 05:00 in Kiritimati,
        // 03-14 08:00 in Los Angeles (daylight saving time has begun)
        let instant = Date.at(2026, 3, 14, 15, 0)

        // Then
        #expect(Self.isOverdue(dueOn: "2026-03-14", at: instant, in: .named(zone)) == overdue)
    }

    @Test("the day daylight saving time begins has its boundaries at local midnight")
    func daylightSavingDay() {
        // Given Los Angeles, which springs forward at 02:00 on 2026-03-08
        let losAngeles = TimeZone.named("America/Los_Angeles")

        // Then
        #expect(!Self.isOverdue(dueOn: "2026-03-08", at: .at(2026, 3, 8, 23, 59, in: losAngeles), in: losAngeles))
        #expect(Self.isOverdue(dueOn: "2026-03-08", at: .at(2026, 3, 9, 0, 0, in: losAngeles), in: losAngeles))
    }

    @Test("a done project is never overdue", arguments: zones)
    func doneIsNeverOverdue(zone: String) {
        let timeZone = TimeZone.named(zone)

        #expect(
            !Self.isOverdue(dueOn: "2026-03-14", at: .at(2026, 3, 15, 0, 0, in: timeZone), in: timeZone, state: .done))
        #expect(
            !Self.isOverdue(dueOn: "2020-01-01", at: .at(2026, 3, 15, 0, 0, in: timeZone), in: timeZone, state: .done))
    }

    @Test("a project in To Do or Doing past its deadline is overdue", arguments: [ProjectState.todo, .doing])
    func openStatesCanBeOverdue(state: ProjectState) {
        #expect(Self.project(due: Day("2026-03-14"), state: state).isOverdue(on: Day("2026-03-15")))
    }

    @Test("a project without a deadline is never overdue", arguments: ProjectState.allCases)
    func noDeadlineIsNeverOverdue(state: ProjectState) {
        #expect(!Self.project(due: nil, state: state).isOverdue(on: Day("9999-12-31")))
    }

    @Test("today is read from the injected clock in the injected time zone")
    func todayComesFromTheEnvironment() {
        // Given
        let clock = TestClock(.at(2026, 3, 14, 23, 59, in: .named("Asia/Seoul")))
        let environment = EngineEnvironment.test(clock: clock, timeZone: .named("Asia/Seoul"))
        #expect(environment.today() == Day("2026-03-14"))

        // When a minute passes
        clock.advance(by: 60)

        // Then
        #expect(environment.today() == Day("2026-03-15"))
        #expect(environment.timeZone.identifier == "Asia/Seoul")
    }
}
