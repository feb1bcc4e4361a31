import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

/// The board screen's card actions: a drag and drop's move, within the board and to another, a
/// skipped occurrence, a star on the board, and what the screen read.
@MainActor
@Suite("Board view model: moving, skipping and starring cards", .timeLimit(.minutes(10)))
struct BoardCardActionsTests {
    let app = TestApp()

    typealias Screen = (events: Events<BoardViewModel.Event>, output: BoardViewModel.Output)

    func screen(_ factory: ViewModelFactory? = nil) -> Screen {
        let events = Events<BoardViewModel.Event>()
        return (events, (factory ?? app.screens).makeBoard().transform(.init(events: events.stream)))
    }

    @Test("a drop moves the card there and says where it landed; the sections follow")
    func move() async throws {
        // Given two cards in To Do and one in Doing, on screen
        let report = try await app.add("Write report")
        try await app.add("Pay invoice")
        try await app.add("Plan", in: .doing)
        let (events, output) = screen()
        let snapshots = Probe(output.snapshots)
        let moved = Probe(output.moved)
        events.send(.appear)
        _ = await snapshots.next()

        // When the report is dropped at the top of Doing
        events.send(.move(report.id, to: .doing, at: 0))

        // Then it is saved there, first of two
        let move = try #require(await moved.next())
        #expect(move.change.isChanged)
        #expect(move.change.project.state == .doing)
        #expect(
            try move.place.get()
                == ProjectPlace(state: .doing, list: .standard(on: .default, .doing), index: 0, count: 2))
        let snapshot = try #require(await snapshots.next())
        #expect(snapshot.section(.doing)?.rows.map(\.title) == ["Write report", "Plan"])

        // When it is dropped where it stands, nothing is saved
        events.send(.move(report.id, to: .doing, at: 0))
        #expect(await moved.next()?.change.isChanged == false)
        events.end()
    }

    @Test("a drop on another board moves the card there, in its own column unless told")
    func moveToBoard() async throws {
        let report = try await app.add("Write report", in: .doing)
        let work = try await app.engine.createBoard(title: "Work")
        let (events, output) = screen()
        let moved = Probe(output.moved)

        events.send(.moveToBoard(report.id, work.id, in: nil, at: nil))

        let move = try #require(await moved.next())
        #expect(move.change.project.boardID == work.id)
        #expect(
            try move.place.get()
                == ProjectPlace(state: .doing, list: .standard(on: work.id, .doing), index: 0, count: 1))
        #expect(try await app.engine.fetchBoard(work.id).column(.doing).count == 1)
        events.end()
    }

    @Test("a drop on a list of the user's own moves the card there, with the list's stage")
    func moveToList() async throws {
        let report = try await app.add("Write report")
        let review = try await app.engine.addList("Review", on: .default, stage: .doing)
        let (events, output) = screen()
        let moved = Probe(output.moved)

        events.send(.moveToList(report.id, review.id, at: nil))

        let move = try #require(await moved.next())
        #expect(move.change.project.listID == review.id)
        #expect(move.change.project.state == .doing)
        #expect(try move.place.get() == ProjectPlace(state: .doing, list: review.id, index: 0, count: 1))
        events.end()
    }

    @Test("a move that fails says why, in words and as the error, and saves nothing")
    func failure() async throws {
        let report = try await app.add("Write report")
        let nowhere = Board.ID(rawValue: UUID())
        let (events, output) = screen()
        let errors = Probe(output.errors)
        let failures = Probe(output.failures)

        events.send(.moveToBoard(report.id, nowhere, in: .done, at: nil))

        #expect(await failures.next() == .notFound(.board(nowhere)))
        #expect(await errors.next() == "This board no longer exists.")
        #expect(try await app.engine.fetchProject(report.id).state == .todo)
        events.end()
        #expect(await Probe(output.moved).rest().isEmpty)
    }

    @Test("skipping an occurrence moves the deadline to the next one")
    func skip() async throws {
        let weekly = try await app.engine.createProject(
            ProjectDraft(
                title: "Water the plants", deadline: Day(year: 2026, month: 3, day: 16),
                repeatRule: try RecurrenceRule(parsing: "FREQ=WEEKLY")))
        let (events, output) = screen()
        let skipped = Probe(output.skipped)

        events.send(.skipOccurrence(weekly.id))

        let change = try #require(await skipped.next())
        #expect(change.isChanged)
        #expect(change.project.deadline == Day(year: 2026, month: 3, day: 23))
        events.end()
    }

    @Test("the board itself is starred and unstarred, and a star already on changes nothing")
    func starBoard() async throws {
        let (events, output) = screen()
        let starred = Probe(output.starred)

        events.send(.starBoard, .starBoard, .unstarBoard)

        #expect(
            await starred.take(3) == [
                StarChange(target: .board(.default), isStarred: true, isChanged: true),
                StarChange(target: .board(.default), isStarred: true, isChanged: false),
                StarChange(target: .board(.default), isStarred: false, isChanged: true),
            ])
        #expect(try await app.engine.listFavourites().isEmpty)
        events.end()
    }

    @Test("appearing hands over the board as read, every project with all its fields")
    func overviews() async throws {
        let report = try await app.add("Write report", body: "Quarterly numbers, by region")
        let (events, output) = screen()
        let overviews = Probe(output.overviews)

        events.send(.appear)

        let overview = try #require(await overviews.next())
        #expect(overview.projects == [try await app.engine.fetchProject(report.id)])
        events.end()
    }
}
