import Foundation
import ProjectManager
import ProjectManagerPresentation
import Testing

@MainActor
@Suite("Board view model: stars and the starred-only filter", .timeLimit(.minutes(10)))
struct BoardFavouritesTests {
    let app = TestApp()

    @Test("rows say which projects are starred; the filter shows only those, and lifting it shows every row again")
    func filter() async throws {
        // Given three projects, two of them starred
        let report = try await app.add("Write report")
        try await app.add("Pay invoice")
        let ship = try await app.add("Ship it", in: .doing)
        try await app.engine.star(.project(report.id))
        try await app.engine.star(.project(ship.id))
        let events = Events<BoardViewModel.Event>()
        let snapshots = Probe(app.screens.makeBoard().transform(.init(events: events.stream)).snapshots)

        // When the board appears
        events.send(.appear)
        let all = try #require(await snapshots.next())
        #expect(all.section(.todo)?.rows.map(\.isStarred) == [true, false])
        #expect(all.section(.doing)?.rows.map(\.isStarred) == [true])

        // When the filter is on
        events.send(.showStarredOnly(true))
        let starred = try #require(await snapshots.next())
        #expect(starred.sections.map(\.count) == [1, 1, 0])
        #expect(starred.section(.todo)?.rows.map(\.title) == ["Write report"])
        #expect(starred.difference(in: .todo).summary == ["-1 Pay invoice"])

        // When it is off again
        events.send(.showStarredOnly(false))
        let again = try #require(await snapshots.next())
        #expect(again.sections.map(\.count) == [2, 1, 0])
        #expect(again.difference(in: .todo).summary == ["+1 Pay invoice"])
        events.end()
        #expect(await snapshots.rest().isEmpty)
    }

    @Test("a star put on or taken off elsewhere, and the screen's own star events, reach the filtered board")
    func followsStars() async throws {
        // Given the filtered board with nothing starred
        let report = try await app.add("Write report")
        let invoice = try await app.add("Pay invoice")
        let events = Events<BoardViewModel.Event>()
        let snapshots = Probe(app.screens.makeBoard().transform(.init(events: events.stream)).snapshots)
        events.send(.showStarredOnly(true), .appear)
        #expect(try #require(await snapshots.next()).sections.map(\.count) == [0, 0, 0])

        // When a use case elsewhere stars a project, then the screen stars the other
        try await app.engine.star(.project(invoice.id))
        #expect(try #require(await snapshots.next()).section(.todo)?.rows.map(\.title) == ["Pay invoice"])
        events.send(.star(report.id))
        #expect(
            try #require(await snapshots.next()).section(.todo)?.rows.map(\.title) == ["Write report", "Pay invoice"])

        // When the screen unstars one, and undo puts its star back
        events.send(.unstar(invoice.id))
        #expect(try #require(await snapshots.next()).section(.todo)?.rows.map(\.title) == ["Write report"])
        try await app.engine.undoRedo.undo()
        #expect(
            try #require(await snapshots.next()).section(.todo)?.rows.map(\.title) == ["Write report", "Pay invoice"])

        // When a starred project is deleted, it leaves the filtered board with its star
        try await app.engine.deleteProject(report.id)
        #expect(try #require(await snapshots.next()).section(.todo)?.rows.map(\.title) == ["Pay invoice"])
        #expect(try await app.engine.listFavourites().map(\.title) == ["Pay invoice"])
        events.end()
        #expect(await snapshots.rest().isEmpty)
    }

    @Test("a star on another board's project changes nothing on this board")
    func otherBoard() async throws {
        let other = try await app.engine.createBoard(title: "Home")
        let fence = try await app.engine.createProject(ProjectDraft(title: "Paint the fence"), on: other.id)
        try await app.add("Write report")
        let events = Events<BoardViewModel.Event>()
        let snapshots = Probe(app.screens.makeBoard().transform(.init(events: events.stream)).snapshots)
        events.send(.appear)
        _ = await snapshots.next()

        try await app.engine.star(.project(fence.id))
        let marker = try await app.add("Marker")

        let next = try #require(await snapshots.next())
        #expect(next.section(.todo)?.rows.map(\.title) == ["Write report", "Marker"])
        #expect(next.section(.todo)?.rows.map(\.isStarred) == [false, false])
        #expect(next.difference(in: .todo).summary == ["+1 Marker"])
        #expect(marker.boardID == .default)
        events.end()
    }
}
