import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

@MainActor
@Suite("Favourites view model", .timeLimit(.minutes(10)))
struct FavouritesViewModelTests {
    func screen(_ app: TestApp) -> (
        Events<FavouritesViewModel.Event>, FavouritesViewModel.Output, Probe<FavouritesViewModel.List>
    ) {
        let events = Events<FavouritesViewModel.Event>()
        let output = app.screens.makeFavourites().transform(.init(events: events.stream))
        return (events, output, Probe(output.lists))
    }

    @Test("the starred projects and boards in the order starred, each with its board, column and deadline")
    func list() async throws {
        // Given
        let app = TestApp()
        let late = try await app.add("Late report", deadline: Day("2026-03-14"))
        let mart = try await app.engine.createBoard(title: "이마트")
        try await app.engine.star(.project(late.id))
        try await app.engine.star(.board(mart.id))
        let (events, output, lists) = screen(app)

        // When
        events.send(.appear)
        let list = try #require(await lists.next())

        // Then
        #expect(output.title == "Favourites")
        #expect(list.rows.map(\.title) == ["Late report", "이마트"])
        #expect(list.rows.map(\.detail) == ["Projects · To Do", "Board"])
        #expect(list.rows.map(\.deadline) == ["Mar 14, 2026", nil])
        #expect(list.rows.map(\.isOverdue) == [true, false])
        #expect(list.rows.map(\.target) == [.project(late.id), .board(mart.id)])
        #expect(list.rows.map(\.item) == (try await app.engine.listFavourites()))
        #expect(list.emptyText == nil)
        events.end()
        #expect(await lists.rest().isEmpty)
        #expect(await Probe(output.failures).rest().isEmpty)
    }

    @Test("it follows saves: a star elsewhere, a rename, the screen's own unstar; empty, it says so in Korean")
    func followsSaves() async throws {
        let app = TestApp(locale: "ko_KR")
        let report = try await app.add("보고서")
        let (events, output, lists) = screen(app)
        let routes = Probe(app.navigator.routes)
        events.send(.appear)
        let empty = try #require(await lists.next())
        #expect(empty.rows.isEmpty)
        #expect(empty.emptyText?.hasPrefix("즐겨찾기가 아직 없습니다.") == true)
        #expect(output.unstarTitle == "즐겨찾기 해제")

        try await app.engine.star(.project(report.id))
        #expect(try #require(await lists.next()).rows.map(\.detail) == ["Projects · 할 일"])
        _ = try await app.engine.updateProject(report.id, with: ProjectDraft(title: "주간 보고서"))
        #expect(try #require(await lists.next()).rows.map(\.title) == ["주간 보고서"])

        events.send(.open(report.id))
        #expect(await routes.next() == .editForm(report.id))
        events.send(.unstar(.project(report.id)))
        #expect(try #require(await lists.next()).rows.isEmpty)
        events.end()
        #expect(await lists.rest().isEmpty)
    }
}
