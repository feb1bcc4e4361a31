import Foundation
import ProjectManager
import ProjectManagerPresentation
import Testing

@MainActor
@Suite("Board view model", .timeLimit(.minutes(10)))
struct BoardViewModelTests {
    let app = TestApp()

    @Test("appearing shows three sections with titles, counts and rows")
    func appearShowsSections() async throws {
        // Given
        try await app.add("Write report", body: "Quarterly\nnumbers", deadline: Day(year: 2026, month: 3, day: 20))
        try await app.add("Pay invoice", deadline: Day(year: 2026, month: 3, day: 10))
        try await app.add("Ship it", deadline: Day(year: 2026, month: 3, day: 1), in: .done)
        let events = Events<BoardViewModel.Event>()
        let output = app.screens.makeBoard().transform(.init(events: events.stream))
        let snapshots = Probe(output.snapshots)

        // When
        events.send(.appear)
        let snapshot = try #require(await snapshots.next())

        // Then
        #expect(output.title == "Project Manager")
        #expect(snapshot.sections.map(\.title) == ["To Do", "Doing", "Done"])
        #expect(snapshot.sections.map(\.count) == [2, 0, 1])
        let todo = try #require(snapshot.section(.todo)).rows
        #expect(todo.map(\.title) == ["Write report", "Pay invoice"])
        #expect(todo[0].preview == "Quarterly numbers")
        #expect(todo.map(\.deadline) == ["Mar 20, 2026", "Mar 10, 2026"])
        #expect(todo.map(\.isOverdue) == [false, true])
        #expect(snapshot.section(.done)?.rows.first?.isOverdue == false, "a done project is never overdue")
        #expect(snapshot.difference(in: .todo).summary == ["+0 Write report", "+1 Pay invoice"])
        events.end()
        #expect(await snapshots.rest().isEmpty)
    }

    @Test("a long body is previewed on one line and cut with an ellipsis")
    func previewIsShort() async throws {
        let body = String(repeating: "word ", count: 40) + "\nsecond line"
        try await app.add("Long", body: body)
        let events = Events<BoardViewModel.Event>()
        let snapshots = Probe(app.screens.makeBoard().transform(.init(events: events.stream)).snapshots)

        events.send(.appear)
        let row = try #require(await snapshots.next()?.section(.todo)?.rows.first)

        #expect(row.preview.count <= BoardRow.previewLimit + 1)
        #expect(row.preview.hasSuffix("…"))
        #expect(!row.preview.contains("\n"))
        #expect(row.deadline == nil)
        events.end()
    }

    @Test("saves made elsewhere update the board with each section's difference")
    func reactsToSavesElsewhere() async throws {
        // Given a board on screen
        let report = try await app.add("Write report")
        let events = Events<BoardViewModel.Event>()
        let snapshots = Probe(app.screens.makeBoard().transform(.init(events: events.stream)).snapshots)
        events.send(.appear)
        _ = await snapshots.next()

        // When a use case creates a project
        let slides = try await app.add("Slides")
        var snapshot = try #require(await snapshots.next())
        // Then it is inserted last in To Do, and nothing else changes
        #expect(snapshot.difference(in: .todo).summary == ["+1 Slides"])
        #expect(snapshot.difference(in: .doing).isEmpty && snapshot.difference(in: .done).isEmpty)
        #expect(snapshot.sections.map(\.count) == [2, 0, 0])

        // When a use case moves one
        try await app.engine.moveProject(report.id, to: .doing)
        snapshot = try #require(await snapshots.next())
        #expect(snapshot.difference(in: .todo).summary == ["-0 Write report"])
        #expect(snapshot.difference(in: .doing).summary == ["+0 Write report"])
        #expect(snapshot.sections.map(\.count) == [1, 1, 0])

        // When an edit session in a child context commits
        let session = try await app.engine.beginProjectEdit(slides.id)
        try await session.apply(ProjectDraft(title: "Slides v2"))
        try await session.commit()
        snapshot = try #require(await snapshots.next())
        #expect(snapshot.difference(in: .todo).summary == ["-0 Slides", "+0 Slides v2"])
        #expect(snapshot.difference(in: .doing).isEmpty)

        events.end()
        #expect(await snapshots.rest().isEmpty)
    }

    @Test("swipe to delete removes the row")
    func deleteRemovesRow() async throws {
        try await app.add("Keep")
        let gone = try await app.add("Delete me")
        let events = Events<BoardViewModel.Event>()
        let snapshots = Probe(app.screens.makeBoard().transform(.init(events: events.stream)).snapshots)
        events.send(.appear)
        _ = await snapshots.next()

        events.send(.delete(gone.id))
        let snapshot = try #require(await snapshots.next())

        #expect(snapshot.difference(in: .todo).summary == ["-1 Delete me"])
        #expect(snapshot.section(.todo)?.rows.map(\.title) == ["Keep"])
        events.end()
    }

    @Test("add, open, the state menu and the history ask the navigator for their screens")
    func navigates() async throws {
        let project = try await app.add("Write report")
        let events = Events<BoardViewModel.Event>()
        _ = app.screens.makeBoard().transform(.init(events: events.stream))
        let routes = Probe(app.navigator.routes)

        events.send(.add, .open(project.id), .openStateMenu(project.id), .showHistory)

        #expect(await routes.take(4) == [.createForm, .editForm(project.id), .stateMenu(project.id), .history])
        events.end()
    }

    @Test("deleting a project that is gone reports it")
    func deleteMissing() async throws {
        let events = Events<BoardViewModel.Event>()
        let errors = Probe(app.screens.makeBoard().transform(.init(events: events.stream)).errors)

        events.send(.delete(Project.ID(rawValue: UUID())))

        #expect(await errors.next() == "This project no longer exists.")
        events.end()
        #expect(await errors.rest().isEmpty)
    }
}
