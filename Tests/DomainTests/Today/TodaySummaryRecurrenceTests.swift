import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Today summary: repeating favourites by occurrence")
struct TodaySummaryRecurrenceTests {
    /// Sunday 15 March 2026, noon UTC.
    static let now = Date.at(2026, 3, 15, 12, 0)

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }

    static func project(_ n: Int, _ title: String, due: String, rule: String) throws -> Project {
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(n)), boardID: .default, title: title, deadline: Day(due),
            recurrence: Recurrence(start: Day(due), rule: try RecurrenceRule(parsing: rule)),
            createdAt: TestClock.defaultStart)
    }

    static let boards = [Board(id: .default, title: "Projects", createdAt: TestClock.defaultStart)]

    static func summary(_ projects: [Project], favourites: Set<Project.ID>) -> TodaySummary {
        TodaySummary(projects: projects, boards: boards, now: now, calendar: calendar, favourites: favourites)
    }

    @Test("a daily favourite due today is due today once and upcoming on each of the next 7 days")
    func daily() throws {
        let daily = try Self.project(1, "Feed the cat", due: "2026-03-15", rule: "FREQ=DAILY")
        let summary = Self.summary([daily], favourites: [daily.id])

        #expect(summary.dueToday.map(\.deadline) == [Day("2026-03-15")])
        #expect(
            summary.upcoming.map(\.deadline.description) == [
                "2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20", "2026-03-21", "2026-03-22",
            ])
        #expect(summary.upcoming.allSatisfy { $0.id == daily.id && $0.title == "Feed the cat" })
        #expect(summary.boards.map { [$0.overdue, $0.dueToday, $0.upcoming] } == [[0, 1, 0]])
    }

    @Test(
        "a mart closed on the 2nd and 4th Sundays lists the one closing day of the week; one due tomorrow lists 7 days in all"
    )
    func mart() throws {
        let mart = try Self.project(1, "이마트 휴무", due: "2026-03-22", rule: "FREQ=MONTHLY;BYDAY=2SU,4SU")
        let weekdays = try Self.project(2, "Stand-up", due: "2026-03-16", rule: "FREQ=DAILY;COUNT=30")
        let summary = Self.summary([mart, weekdays], favourites: [mart.id, weekdays.id])

        #expect(summary.upcoming.filter { $0.id == mart.id }.map(\.deadline) == [Day("2026-03-22")])
        #expect(summary.upcoming.filter { $0.id == weekdays.id }.count == 7)
        #expect(summary.upcoming.first?.deadline == Day("2026-03-16"))
    }

    @Test("an overdue daily favourite is overdue once and upcoming after today; one not starred is not expanded")
    func overdueAndNotStarred() throws {
        let late = try Self.project(1, "Water plants", due: "2026-03-10", rule: "FREQ=DAILY")
        let other = try Self.project(2, "Not starred", due: "2026-03-16", rule: "FREQ=DAILY")
        let summary = Self.summary([late, other], favourites: [late.id])

        #expect(summary.overdue.map(\.title) == ["Water plants"])
        #expect(
            summary.upcoming.map(\.deadline.description) == [
                "2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20", "2026-03-21", "2026-03-22",
            ])
        #expect(summary.upcoming.allSatisfy { $0.id == late.id })
    }

    @Test("a schedule that ends this week stops there")
    func ends() throws {
        let short = try Self.project(1, "Three days", due: "2026-03-15", rule: "FREQ=DAILY;COUNT=3")
        let summary = Self.summary([short], favourites: [short.id])
        #expect(summary.upcoming.map(\.deadline.description) == ["2026-03-16", "2026-03-17"])
    }
}
