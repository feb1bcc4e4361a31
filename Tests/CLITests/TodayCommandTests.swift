import Foundation
import ProjectManager
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@Suite("pm today")
struct TodayCommandTests {
    @Test(
        "--json at a fixed now and time zone lists overdue, today and the favourites' next 7 days, and when it next changes"
    )
    func json() async throws {
        // Given 2026-03-15 12:00 UTC, which is 21:00 in Seoul
        let harness = try CLIHarness(timeZone: .named("Asia/Seoul"))
        defer { harness.directory.remove() }
        _ = try await harness.add("Late", ["--due", "2026-03-14"])
        _ = try await harness.add("Now", ["--due", "2026-03-15"])
        let soon = try await harness.add("Soon", ["--due", "2026-03-22"])
        let later = try await harness.add("Later", ["--due", "2026-03-23"])
        _ = try await harness.add("Not starred", ["--due", "2026-03-21"])
        #expect(await harness.run(["star", soon]).status == 0)
        #expect(await harness.run(["star", later]).status == 0)

        // When
        let outcome = await harness.run(["today", "--json"])

        // Then
        #expect(outcome.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        func titles(_ key: String) -> [String] {
            (object[key] as? [[String: Any]])?.compactMap { ($0["project"] as? [String: Any])?["title"] as? String }
                ?? []
        }
        #expect(object["today"] as? String == "2026-03-15")
        #expect(titles("overdue") == ["Late"])
        #expect(titles("dueToday") == ["Now"])
        #expect(titles("upcoming") == ["Soon"])
        #expect(object["nextChange"] as? String == "2026-03-15T15:00:00Z")
        #expect((object["boards"] as? [[String: Any]])?.first?["overdue"] as? Int == 1)
    }

    @Test(
        "a repeating favourite is listed by occurrence: a daily one 7 times, a mart's 2nd and 4th Sundays once this week"
    )
    func repeatingFavourites() async throws {
        // Given Sunday 2026-03-15 noon UTC, a daily project and a mart's closing days, made by an app
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let engine = try ProjectManagerEngine.persistent(at: harness.store, environment: harness.engineEnvironment)
        let daily = try await engine.createProject(
            ProjectDraft(
                title: "Feed the cat", deadline: Day("2026-03-15"),
                repeatRule: try RecurrenceRule(parsing: "FREQ=DAILY")))
        let mart = try await engine.createProject(
            ProjectDraft(
                title: "이마트 휴무", deadline: Day("2026-03-01"),
                repeatRule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU")))
        engine.close()

        // When both are starred through pm, and the summary read in another run
        #expect(await harness.run(["star", String(daily.id.description.prefix(8))]).status == 0)
        #expect(await harness.run(["star", String(mart.id.description.prefix(8))]).status == 0)
        let outcome = await harness.run(["today", "--json"])

        // Then
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let upcoming = try #require(object["upcoming"] as? [[String: Any]])
        func title(_ item: [String: Any]) -> String? { (item["project"] as? [String: Any])?["title"] as? String }
        #expect(
            upcoming.filter { title($0) == "Feed the cat" }.compactMap { $0["due"] as? String } == [
                "2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20", "2026-03-21", "2026-03-22",
            ])
        #expect(upcoming.filter { title($0) == "이마트 휴무" }.compactMap { $0["due"] as? String } == ["2026-03-22"])
        #expect((object["dueToday"] as? [[String: Any]])?.compactMap(title) == ["Feed the cat"])
    }

    @Test("on a terminal: three sections, by deadline, with short ids")
    func columns() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let late = try await harness.add("Late", ["--due", "2026-03-14"])

        let outcome = await harness.run(["today"])

        #expect(
            outcome.outputLines == [
                "Overdue", "  2026-03-14  \(late)  Late  (Projects)", "Today", "  (none)", "Favourites, next 7 days",
                "  (none)",
            ])
    }
}
