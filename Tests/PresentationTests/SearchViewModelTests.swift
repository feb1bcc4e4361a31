import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

@MainActor
@Suite("Search view model", .timeLimit(.minutes(10)))
struct SearchViewModelTests {
    let clock = ManualClock()

    /// A search screen on `app`, appeared, with its prompt read.
    func appeared(_ app: TestApp) async throws -> (
        Events<SearchViewModel.Event>, Probe<SearchState>, SearchViewModel.Output
    ) {
        let events = Events<SearchViewModel.Event>()
        let output = app.screens.makeSearch(clock: clock).transform(.init(events: events.stream))
        let states = Probe(output.states)
        events.send(.appear)
        guard case .prompt = try #require(await states.next()) else {
            Issue.record("the first state is not the prompt")
            return (events, states, output)
        }
        return (events, states, output)
    }

    static func rows(_ state: SearchState?) -> [SearchRow] {
        if case .results(let snapshot) = state { snapshot.rows } else { [] }
    }

    @Test("typing searches once the query stands still, for the last query typed only")
    func debounced() async throws {
        // Given
        let app = TestApp()
        try await app.add("주간 보고서", body: "금요일까지")
        try await app.add("바다 여행")
        let (events, states, output) = try await appeared(app)
        #expect(output.title == "Search")

        // When the user types two queries in a row, and the clock passes the debounce once
        events.send(.queryChanged("ㅂ"))
        await clock.sleepCalls(reaching: 1)
        events.send(.queryChanged("ㅂㄱㅅ"))
        await clock.sleepCalls(reaching: 2)
        clock.advance(by: .milliseconds(249))
        clock.advance(by: .milliseconds(1))

        // Then one search runs, for the last query; the first timer was cancelled
        let state = try #require(await states.next())
        guard case .results(let snapshot) = state else {
            Issue.record("expected results, got \(state)")
            return
        }
        #expect(snapshot.query == "ㅂㄱㅅ")
        #expect(snapshot.rows.map(\.title) == ["주간 보고서"])
        #expect(snapshot.rows[0].titleMatchIndices.map { String(snapshot.rows[0].title[$0]) } == ["보고서"])
        #expect(snapshot.rows[0].board == "Projects")
        #expect(snapshot.rows[0].state == "To Do")
        #expect(snapshot.summary == "1 result")
        #expect(clock.sleeperCount == 0)
        events.end()
        #expect(await states.rest().isEmpty)
    }

    @Test("an empty query shows the prompt at once, and a query without matches says so")
    func emptyAndNoResults() async throws {
        let app = TestApp()
        try await app.add("Write report")
        let (events, states, _) = try await appeared(app)

        events.send(.queryChanged("zebra"), .submit)
        #expect(await states.next() == .noResults("No projects match “zebra”."))

        events.send(.queryChanged("   "))
        #expect(await states.next() == .prompt("Find a project by a word of its title or description, on every board."))
        events.end()
    }

    @Test("a save elsewhere updates the results on screen, without waiting")
    func followsSaves() async throws {
        // Given results on screen
        let app = TestApp()
        try await app.add("Quarterly report")
        let (events, states, _) = try await appeared(app)
        events.send(.queryChanged("report"), .submit)
        #expect(Self.rows(await states.next()).map(\.title) == ["Quarterly report"])

        // When another part of the app adds and deletes projects
        app.clock.advance(by: 60)
        let annual = try await app.add("Annual report", body: "for the board")

        // Then the newest ranks first among equals
        #expect(Self.rows(await states.next()).map(\.title) == ["Annual report", "Quarterly report"])
        try await app.engine.deleteProject(annual.id)
        #expect(Self.rows(await states.next()).map(\.title) == ["Quarterly report"])
        events.end()
    }

    @Test("a body match shows a snippet around it with the highlight moved into it")
    func snippet() async throws {
        let app = TestApp()
        let body =
            String(repeating: "filler ", count: 12) + "the café budget\nand more text after it, plenty of it, to be cut"
        try await app.add("Plan", body: body)
        let (events, states, _) = try await appeared(app)

        events.send(.queryChanged("CAFE"), .submit)
        let row = try #require(Self.rows(await states.next()).first)

        #expect(row.snippet.hasPrefix("…"))
        #expect(row.snippet.hasSuffix("…"))
        #expect(!row.snippet.contains("\n"))
        #expect(row.snippet.count <= SearchRow.snippetLimit + 2)
        #expect(row.snippetMatchIndices.map { String(row.snippet[$0]) } == ["café"])
        #expect(row.titleMatches.isEmpty)
        events.end()
    }

    @Test("in Korean, with a scope of one board, and opening a result")
    func koreanScopeAndOpen() async throws {
        let app = TestApp(locale: "ko_KR")
        let report = try await app.add("보고서 작성")
        let other = try await app.engine.createBoard(title: "다른 보드")
        _ = try await app.engine.createProject(ProjectDraft(title: "보고서 검토"), on: other.id)
        let (events, states, output) = try await appeared(app)
        #expect(output.title == "검색")

        events.send(.queryChanged("보고서"), .submit)
        guard case .results(let all) = try #require(await states.next()) else { return }
        #expect(all.summary == "결과 2개")

        events.send(.scope(.default))
        #expect(Self.rows(await states.next()).map(\.title) == ["보고서 작성"])
        events.send(.queryChanged("없는말"), .submit)
        #expect(await states.next() == .noResults("“없는말”에 맞는 프로젝트가 없습니다."))

        var routes = app.navigator.routes.makeAsyncIterator()
        events.send(.open(report.id))
        #expect(await routes.next() == .editForm(report.id))
        events.end()
    }
}
