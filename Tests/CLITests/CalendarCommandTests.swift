import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

@Suite("pm export --ics, pm export --json and pm reminders")
struct CalendarCommandTests {
    @Test("pm export --ics writes every dated project, and the feed parses back")
    func export() async throws {
        // Given three dated projects (one Done) and one without a deadline; the clock is 2026-03-15 12:00 UTC
        let harness = try CLIHarness()
        let rent = try await harness.add(
            "Pay rent, gas; water", ["--due", "2026-03-20", "--body", "Line one\nLine two"])
        let mart = try await harness.add("이마트 의무휴업일 — 매월 둘째, 넷째 일요일에는 문을 닫습니다", ["--due", "2026-03-22"])
        let shipped = try await harness.add("Shipped", ["--due", "2026-03-01"])
        _ = try await harness.add("Someday")
        #expect(await harness.run(["move", shipped, "done"]).status == 0)

        // When
        let outcome = await harness.run(["export", "--ics"])
        let calendar = try ICalendarParser.parse(outcome.output)

        // Then
        #expect(outcome.status == 0)
        let todos = calendar.components("VTODO")
        #expect(todos.count == 3)
        let byPrefix = { (prefix: String) in todos.first { $0.property("UID")?.value.hasPrefix(prefix) == true } }
        #expect(byPrefix(rent)?.property("SUMMARY")?.text == "Pay rent, gas; water")
        #expect(byPrefix(rent)?.property("DESCRIPTION")?.text == "Line one\nLine two")
        #expect(byPrefix(rent)?.property("DUE")?.value == "20260320")
        #expect(byPrefix(mart)?.property("SUMMARY")?.text == "이마트 의무휴업일 — 매월 둘째, 넷째 일요일에는 문을 닫습니다")
        #expect(byPrefix(mart)?.components("VALARM").first?.property("TRIGGER")?.value == "-PT15H")
        #expect(byPrefix(shipped)?.property("STATUS")?.value == "COMPLETED")
        // The same store writes the same feed.
        #expect(await harness.run(["export", "--ics"]).output == outcome.output)
    }

    @Test("pm export --json writes every board and project, in order, with stable keys")
    func exportJSON() async throws {
        // Given
        let harness = try CLIHarness()
        let first = try await harness.add("First", ["--due", "2026-03-20", "--body", "Two\nlines"])
        let second = try await harness.add("Second")
        #expect(await harness.run(["move", second, "todo", "--at", "1"]).status == 0)

        // When
        let outcome = await harness.run(["export", "--json"])

        // Then
        #expect(outcome.status == 0, "\(outcome.errors)")
        struct Document: Decodable {
            struct Board: Decodable {
                let title: String
                let projects: [Project]
            }
            struct Project: Decodable {
                let id, fullID, title, body, state: String
                let deadline: String?
            }
            let version: Int
            let boards: [Board]
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(outcome.output.utf8))
        #expect(document.version == 1)
        #expect(document.boards.map(\.title) == ["Projects"])
        let projects = try #require(document.boards.first?.projects)
        #expect(projects.map(\.title) == ["Second", "First"])
        #expect(projects.last?.id == first)
        #expect(projects.last?.fullID.hasPrefix(first) == true)
        #expect(projects.last?.deadline == "2026-03-20")
        #expect(projects.last?.body == "Two\nlines")
        #expect(projects.map(\.state) == ["todo", "todo"])
        #expect(await harness.run(["export", "--ics", "--json"]).status == 2)
    }

    @Test("pm export needs --ics, and --board must name a board")
    func exportErrors() async throws {
        let harness = try CLIHarness()

        let noFormat = await harness.run(["export"])
        let noBoard = await harness.run(["export", "--ics", "--board", "Nope"])

        #expect(noFormat.status == 2)
        #expect(noFormat.errors.contains("--ics"))
        #expect(noBoard.status == 1)
        #expect(noBoard.errors.contains("Nope"))
    }

    @Test("pm reminders lists the reminders of the next days at 09:00 the day before, in the user's zone")
    func reminders() async throws {
        // Given: in Seoul, 2026-03-15 21:00 local (12:00 UTC)
        let harness = try CLIHarness(timeZone: .named("Asia/Seoul"))
        let soon = try await harness.add("Pay rent", ["--due", "2026-03-17"])
        _ = try await harness.add("Already reminded", ["--due", "2026-03-16"])
        _ = try await harness.add("Far", ["--due", "2026-04-30"])

        // When
        let week = await harness.run(["reminders"])
        let json = await harness.run(["reminders", "--days", "60", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let reminders = document?["reminders"] as? [[String: Any]]

        // Then
        #expect(week.status == 0)
        #expect(week.outputLines == ["2026-03-16 09:00  Pay rent (due 2026-03-17)  \(soon)"])
        #expect(reminders?.map { $0["due"] as? String } == ["2026-03-17", "2026-04-30"])
        #expect(reminders?.first?["fireAt"] as? String == "2026-03-16T09:00:00+09:00")
        #expect((reminders?.first?["project"] as? [String: Any])?["id"] as? String == soon)
        #expect(document?["timeZone"] as? String == "Asia/Seoul")
    }
}
