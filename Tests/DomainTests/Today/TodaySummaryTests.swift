import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Today summary")
struct TodaySummaryTests {
    static let seoul = TimeZone.named("Asia/Seoul")
    static let other = Board(
        id: Board.ID(rawValue: SequentialIDs.id(100)), title: "마트", createdAt: TestClock.defaultStart)
    static let boards = [Board(id: .default, title: "Projects", createdAt: TestClock.defaultStart), other]

    static func project(
        _ n: Int, _ title: String, due: String?, _ state: ProjectState = .todo, board: Board.ID = .default
    ) -> Project {
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(n)), boardID: board, title: title, deadline: due.map { Day($0) },
            state: state, createdAt: TestClock.defaultStart)
    }

    static let projects = [
        project(1, "Late report", due: "2026-03-14"),
        project(2, "Pay rent", due: "2026-03-15", .doing),
        project(3, "휴무일", due: "2026-03-22", board: other.id),
        project(4, "Too far", due: "2026-03-23"),
        project(5, "Done late", due: "2026-03-01", .done),
        project(6, "No deadline", due: nil),
        project(7, "Also late", due: "2026-03-10", board: other.id),
        project(8, "Tomorrow", due: "2026-03-16"),
    ]

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = seoul
        return calendar
    }

    @Test("late in the evening in Seoul: overdue, due today, the next 7 days, counts per board, and the next midnight")
    func lateEvening() {
        // Given 23:30 on 15 March in Seoul, which is 14:30 UTC
        let now = Date.at(2026, 3, 15, 23, 30, in: Self.seoul)

        // When
        let summary = TodaySummary(projects: Self.projects, boards: Self.boards, now: now, calendar: Self.calendar)

        // Then
        #expect(summary.today == Day("2026-03-15"))
        #expect(summary.overdue.map(\.title) == ["Also late", "Late report"])
        #expect(summary.dueToday.map(\.title) == ["Pay rent"])
        #expect(summary.upcoming.map(\.title) == ["Tomorrow", "휴무일"])
        #expect(summary.boards.map(\.title) == ["Projects", "마트"])
        #expect(summary.boards.map { [$0.overdue, $0.dueToday, $0.upcoming] } == [[1, 1, 1], [1, 0, 1]])
        #expect(summary.nextChange == Date.at(2026, 3, 16, 0, 0, in: Self.seoul))
        #expect(summary.nextChange.timeIntervalSince(now) == 30 * 60)
    }

    @Test("the same instant in UTC is still the 15th's afternoon: the days follow the time zone")
    func timeZoneDecidesTheDay() {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        let now = Date.at(2026, 3, 15, 23, 30, in: Self.seoul)
        let summary = TodaySummary(projects: Self.projects, boards: Self.boards, now: now, calendar: utc)
        #expect(summary.today == Day("2026-03-15"))
        #expect(summary.nextChange == Date.at(2026, 3, 16, 0, 0, in: .gmt))
        let afterMidnight = TodaySummary(
            projects: Self.projects, boards: Self.boards, now: Date.at(2026, 3, 16, 0, 30, in: Self.seoul),
            calendar: Self.calendar)
        #expect(afterMidnight.dueToday.map(\.title) == ["Tomorrow"])
        #expect(afterMidnight.overdue.map(\.title) == ["Also late", "Late report", "Pay rent"])
    }

    @Test("with favourites, only their upcoming deadlines are listed; the counts keep every project")
    func favourites() {
        let now = Date.at(2026, 3, 15, 12, 0, in: Self.seoul)
        let summary = TodaySummary(
            projects: Self.projects, boards: Self.boards, now: now, calendar: Self.calendar,
            favourites: [Self.project(3, "", due: nil).id])
        #expect(summary.upcoming.map(\.title) == ["휴무일"])
        #expect(summary.boards.map(\.upcoming) == [1, 1])
    }

    @Test("encodes with stable keys, and decodes back to the same summary")
    func coding() throws {
        let summary = TodaySummary(
            projects: Self.projects, boards: Self.boards, now: Date.at(2026, 3, 15, 12, 0, in: Self.seoul),
            calendar: Self.calendar)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(summary)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["today", "overdue", "dueToday", "upcoming", "boards", "nextChange"])
        #expect(object["nextChange"] as? String == "2026-03-15T15:00:00Z")
        let item = try #require((object["dueToday"] as? [[String: Any]])?.first)
        #expect(Set(item.keys) == ["id", "board", "title", "deadline", "state"])
        #expect(item["deadline"] as? String == "2026-03-15")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(TodaySummary.self, from: data) == summary)
    }
}
