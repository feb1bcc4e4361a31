import Foundation
import ProjectManager
import ProjectManagerPresentation
import Testing

@MainActor
@Suite("History view model", .timeLimit(.minutes(10)))
struct HistoryViewModelTests {
    let app = TestApp()

    @Test("shows the activities newest first, as sentences with their time")
    func entriesNewestFirst() async throws {
        // Given
        let report = try await app.add("Write report")
        app.clock.advance(by: 90 * 60)
        try await app.engine.moveProject(report.id, to: .doing)
        let events = Events<HistoryViewModel.Event>()
        let output = app.screens.makeHistory().transform(.init(events: events.stream))

        // When
        let entries = try #require(await Probe(output.entries).next())

        // Then
        #expect(output.title == "History")
        #expect(entries.map(\.text) == ["Moved 'Write report' from To Do to Doing", "Added 'Write report' to To Do"])
        #expect(
            entries.map(\.time) == [
                app.screens.localizer.time(app.clock.now),
                app.screens.localizer.time(app.clock.now.addingTimeInterval(-90 * 60)),
            ])
        #expect(entries[0].time.hasPrefix("Mar 15, 2026") && entries[0].time.contains("1:30"))
        events.end()
    }

    @Test("Undo and Redo enable and disable as actions are made, undone and redone")
    func undoRedoEnabled() async throws {
        // Given an empty board: nothing to undo or redo
        let events = Events<HistoryViewModel.Event>()
        let output = app.screens.makeHistory().transform(.init(events: events.stream))
        let canUndo = Probe(output.canUndo)
        let canRedo = Probe(output.canRedo)
        let entries = Probe(output.entries)
        #expect(await canUndo.next() == false)
        #expect(await canRedo.next() == false)
        #expect(await entries.next() == [])

        // When a project is made elsewhere, Undo enables
        try await app.add("Write report")
        #expect(await canUndo.next() == true)
        #expect(await entries.next()?.map(\.text) == ["Added 'Write report' to To Do"])

        // When Undo is tapped, the project and its entry go; Redo enables, Undo disables
        events.send(.undo)
        #expect(await canRedo.next() == true)
        #expect(await canUndo.next() == false)
        #expect(await entries.next() == [])
        #expect(try await app.engine.fetchBoard().projects.isEmpty)

        // When Undo is tapped with nothing to undo, nothing happens; Redo brings the project back
        events.send(.undo, .redo)
        #expect(await canUndo.next() == true)
        #expect(await canRedo.next() == false)
        #expect(await entries.next()?.map(\.text) == ["Added 'Write report' to To Do"])
        #expect(try await app.engine.fetchBoard().projects.map(\.title) == ["Write report"])

        // Then, when the screen goes away, every stream ends with nothing more
        events.end()
        #expect(await canUndo.rest().isEmpty)
        #expect(await canRedo.rest().isEmpty)
        #expect(await entries.rest().isEmpty)
        #expect(await Probe(output.errors).rest().isEmpty)
    }

    @Test("undoing a board's creation empties its history, and is no failure")
    func undoBoardCreation() async throws {
        // Given a board just made, and its history screen
        let board = try await app.engine.createBoard(title: "Trip")
        let events = Events<HistoryViewModel.Event>()
        let output = app.screens.onBoard(board.id).makeHistory().transform(.init(events: events.stream))
        let entries = Probe(output.entries)
        #expect(await entries.next()?.map(\.text).count == 1)

        // When its creation is undone
        events.send(.undo)

        // Then the board is gone, its history with it, and the screen says nothing went wrong
        #expect(await entries.next() == [])
        await #expect(throws: RepositoryError.notFound(.board(board.id))) { try await app.engine.fetchBoard(board.id) }
        events.end()
        _ = await entries.rest()
        #expect(await Probe(output.errors).rest().isEmpty)
    }
}
