import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@Suite("pm search")
struct SearchCommandTests {
    @Test("one result a line with its short id, best first, plain when not on a terminal")
    func plain() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let report = try await harness.add("주간 보고서", ["--body", "금요일까지 제출"])
        harness.clock.advance(by: 60)
        let older = try await harness.add("Trip", ["--body", "보고서 검토"])

        // When
        let outcome = await harness.run(["search", "ㅂㄱㅅ"])

        // Then: the title match ranks before the body match
        #expect(outcome.status == 0)
        #expect(outcome.errors.isEmpty)
        #expect(
            outcome.outputLines == [
                "\(report)  주간 보고서  (Projects, To Do)",
                "\(older)  Trip — 보고서 검토  (Projects, To Do)",
                "2 results",
            ])
    }

    @Test("on a terminal the matched characters are highlighted, and nothing else changes")
    func highlighted() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Café opening")

        let outcome = await harness.run(["search", "CAFE"], isTerminal: true)

        #expect(outcome.output.contains("\u{1B}[1;4mCafé\u{1B}[0m opening"))
        #expect(withoutEscapes(outcome.output) == "3f2a9c1e  Café opening  (Projects, To Do)\n1 result\n")
    }

    @Test("--json gives ids, titles, snippets and character ranges; --board limits the search")
    func json() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("🎉 보고서 작성")

        let outcome = await harness.run(["search", "보고서", "--json"])
        let onBoard = await harness.run(["search", "보고서", "--board", "Projects", "--json"])
        let unknown = await harness.run(["search", "보고서", "--board", "Nowhere"])

        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(object["totalCount"] as? Int == 1)
        let project = try #require(results.first?["project"] as? [String: Any])
        #expect(project["id"] as? String == "3f2a9c1e")
        #expect(project["title"] as? String == "🎉 보고서 작성")
        #expect(project["state"] as? String == "todo")
        #expect(results.first?["titleMatches"] as? [[Int]] == [[2, 5]])
        #expect((project["board"] as? [String: Any])?["title"] as? String == "Projects")
        #expect(onBoard.output.contains("\"titleMatches\":[[2,5]]"))
        #expect(unknown.status == 1)
        #expect(unknown.errorLines.first?.contains("no board is named 'Nowhere'") == true)
    }

    @Test("no match says so and exits 0; an empty query is a usage error")
    func noMatchAndEmpty() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Write report")

        let none = await harness.run(["search", "zebra"])
        let empty = await harness.run(["search", "  "])

        #expect(none.status == 0)
        #expect(none.outputLines == ["No projects match “zebra”."])
        #expect(empty.status == 2)
        #expect(empty.errorLines.first?.contains("the query is empty") == true)
    }
}
