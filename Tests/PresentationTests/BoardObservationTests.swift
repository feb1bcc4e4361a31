import Foundation
import ProjectManager
import ProjectManagerPresentation
import Testing

/// A board screen follows only its own board: reads are counted through ``CountingRepository``.
///
/// Saves reach a view model in the order they were made, so each test ends with a marker save on
/// the watched board and waits for it: by then every earlier save has been handled.
@MainActor
@Suite("Board view model: it reads only what changed on its own board", .timeLimit(.minutes(10)))
struct BoardObservationTests {
    let app = TestApp()
    let reads: CountingRepository

    init() {
        reads = CountingRepository(over: app.engine)
    }

    /// The board screen of `board`, reading through the counting repository.
    func boardScreen(_ board: Board.ID) -> (Events<BoardViewModel.Event>, Probe<BoardSnapshot>) {
        let environment = app.engine.environment
        let viewModel = BoardViewModel(
            board: board,
            fetchBoard: FetchBoard(boards: reads, projects: reads, environment: environment),
            deleteProject: app.engine.deleteProject, changes: { [reads] in reads.changes() },
            navigator: nil, localizer: app.screens.localizer)
        let events = Events<BoardViewModel.Event>()
        return (events, Probe(viewModel.transform(.init(events: events.stream)).snapshots))
    }

    @Test("a save on another board reads nothing")
    func otherBoardCostsNothing() async throws {
        // Given board B's screen, shown
        let other = try await app.engine.createBoard(title: "Home")
        _ = try await app.engine.createProject(ProjectDraft(title: "Paint the fence"), on: other.id)
        let (events, snapshots) = boardScreen(other.id)
        events.send(.appear)
        _ = await snapshots.next()
        let before = reads.reads

        // When board A changes: an add, an edit, a move and a delete
        let report = try await app.add("Write report")
        _ = try await app.engine.updateProject(report.id, with: ProjectDraft(title: "Final report"))
        _ = try await app.engine.moveProject(report.id, to: .doing)
        _ = try await app.engine.deleteProject(report.id)
        let marker = try await app.engine.createProject(ProjectDraft(title: "Marker"), on: other.id)

        // Then board B read the marker alone
        let snapshot = try #require(await snapshots.next())
        #expect(snapshot.section(.todo)?.rows.map(\.title) == ["Paint the fence", "Marker"])
        #expect(
            reads.reads
                == CountingRepository.Reads(
                    projects: before.projects + 1, columns: before.columns, boards: before.boards))
        #expect(marker.boardID == other.id)
        events.end()
    }

    @Test("a save on its board reads the changed projects, not the board")
    func ownBoardCostsTheChangedRows() async throws {
        // Given
        let report = try await app.add("Write report")
        try await app.add("Pay invoice")
        try await app.add("Ship it")
        let (events, snapshots) = boardScreen(.default)
        events.send(.appear)
        let first = try #require(await snapshots.next())
        #expect(first.section(.todo)?.rows.map(\.title) == ["Write report", "Pay invoice", "Ship it"])
        let before = reads.reads

        // When one project is edited
        _ = try await app.engine.updateProject(report.id, with: ProjectDraft(title: "Final report"))

        // Then
        let edited = try #require(await snapshots.next())
        #expect(edited.section(.todo)?.rows.map(\.title) == ["Final report", "Pay invoice", "Ship it"])
        #expect(edited.difference(in: .todo).summary == ["-0 Write report", "+0 Final report"])
        #expect(
            reads.reads
                == CountingRepository.Reads(
                    projects: before.projects + 1, columns: before.columns, boards: before.boards))
        events.end()
    }

    @Test("a deleted project leaves the board without a read; a moved one is read alone and placed by its rank")
    func deleteAndMove() async throws {
        // Given
        let report = try await app.add("Write report")
        let invoice = try await app.add("Pay invoice")
        let (events, snapshots) = boardScreen(.default)
        events.send(.appear)
        _ = await snapshots.next()
        let before = reads.reads

        // When
        _ = try await app.engine.deleteProject(report.id)
        let afterDelete = try #require(await snapshots.next())
        let readsAfterDelete = reads.reads
        _ = try await app.engine.moveProject(invoice.id, to: .done)
        let afterMove = try #require(await snapshots.next())

        // Then
        #expect(afterDelete.section(.todo)?.rows.map(\.title) == ["Pay invoice"])
        #expect(readsAfterDelete == before, "the deleted project was shown: nothing to read")
        #expect(afterMove.section(.todo)?.rows.isEmpty == true)
        #expect(afterMove.section(.done)?.rows.map(\.title) == ["Pay invoice"])
        #expect(
            reads.reads
                == CountingRepository.Reads(
                    projects: before.projects + 1, columns: before.columns, boards: before.boards),
            "the moved project alone")
        events.end()
    }

    @Test("renaming the board reads the board record only")
    func renameReadsTheBoard() async throws {
        // Given
        let board = try await app.engine.createBoard(title: "Work")
        let (events, snapshots) = boardScreen(board.id)
        events.send(.appear)
        _ = await snapshots.next()
        let before = reads.reads

        // When
        _ = try await app.engine.renameBoard(board.id, to: "Office")
        _ = try await app.engine.createProject(ProjectDraft(title: "Marker"), on: board.id)

        // Then
        #expect(try #require(await snapshots.next()).section(.todo)?.rows.map(\.title) == ["Marker"])
        #expect(
            reads.reads
                == CountingRepository.Reads(
                    projects: before.projects + 1, columns: before.columns, boards: before.boards + 1))
        events.end()
    }
}
