import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// The move rules, decided in the Domain and checked against the in-memory store: no object graph.
@Suite("Moving a project: the rules")
struct MoveProjectTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    static let mart = RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU")
    static let work = Board(
        id: Board.ID(rawValue: SequentialIDs.id(500)), title: "Work", createdAt: TestClock.defaultStart)

    struct World {
        let store: InMemoryProjectStore
        let clock: TestClock
        let environment: EngineEnvironment

        init(on day: String = "2026-03-01", boards: [Board] = [MoveProjectTests.work]) {
            let start = Day(day)
            clock = TestClock(.at(start.year, start.month, start.day, 12, in: MoveProjectTests.seoul))
            environment = .test(clock: clock, timeZone: MoveProjectTests.seoul)
            store = InMemoryProjectStore(boards: boards)
        }

        var create: CreateProject { CreateProject(store: store, environment: environment) }
        var move: MoveProject { MoveProject(store: store, environment: environment) }
        var star: Star { Star(store: store, environment: environment) }

        func titles(_ state: ProjectState, on board: Board.ID = .default) async throws -> [String] {
            try await store.column(state, onBoard: board, offset: 0, limit: nil).projects.map(\.title)
        }

        /// The history entries the last save recorded.
        func lastEntries() async -> [ChangeSet.Entry] {
            await store.saved.last?.entries ?? []
        }
    }

    @Test("a move takes a rank between its new neighbours, and a move to where it stands saves nothing")
    func rankBetweenNeighbours() async throws {
        let world = World()
        let a = try await world.create(ProjectDraft(title: "a"))
        _ = try await world.create(ProjectDraft(title: "b"))
        _ = try await world.create(ProjectDraft(title: "c"))

        let moved = try await world.move(a.id, to: .todo, at: 2)
        #expect(moved.isChanged)
        #expect(try await world.titles(.todo) == ["b", "c", "a"])
        #expect(await world.lastEntries().map(\.kind) == [.reordered(.todo)])

        let saves = await world.store.saved.count
        let unchanged = try await world.move(a.id, to: .todo, at: 2)
        #expect(!unchanged.isChanged)
        #expect(await world.store.saved.count == saves)

        try await world.move(a.id, to: .doing, at: 0)
        #expect(await world.lastEntries().map(\.kind) == [.moved(from: .todo, to: .doing)])
        let last = await world.store.saved.last
        #expect(last?.action.request == .moveProject(a.id, to: .doing, index: 0))
        #expect(last?.undoBoard == .default)
    }

    @Test("a repeating project moved into Done completes its occurrence: back in To Do, due on the next one")
    func doneCompletesTheOccurrence() async throws {
        let world = World()
        let mart = try await world.create(ProjectDraft(title: "Mart", repeatRule: Self.mart))
        _ = try await world.create(ProjectDraft(title: "other"))
        try await world.move(mart.id, to: .doing)

        let change = try await world.move(mart.id, to: .done)

        #expect(change.project.state == .todo)
        #expect(change.project.deadline == Day("2026-03-22"))
        #expect(try await world.titles(.todo) == ["other", "Mart"])  // from Doing: last in To Do
        #expect(try await world.titles(.done).isEmpty)
        #expect(
            await world.lastEntries().map(\.kind) == [.occurrenceCompleted(Day("2026-03-08"), next: Day("2026-03-22"))])
    }

    @Test("one done from To Do keeps its place there; after the last occurrence it stays in Done")
    func completionPlaceAndEnd() async throws {
        let world = World()
        let mart = try await world.create(ProjectDraft(title: "Mart", repeatRule: Self.mart))
        _ = try await world.create(ProjectDraft(title: "other"))
        let done = try await world.move(mart.id, to: .done)
        #expect(done.project.rank == mart.rank)

        let twice = try await world.create(
            ProjectDraft(title: "Twice", repeatRule: RecurrenceRule("FREQ=DAILY;COUNT=2")))
        try await world.move(twice.id, to: .done)
        let last = try await world.move(twice.id, to: .done)
        #expect(last.project.state == .done)
        #expect(await world.lastEntries().map(\.kind) == [.moved(from: .todo, to: .done)])
    }

    @Test(
        "a move to another board lands where asked, records on both boards, is undone on the one it left, and takes its star"
    )
    func moveToAnotherBoard() async throws {
        let world = World()
        let card = try await world.create(ProjectDraft(title: "card"))
        _ = try await world.create(ProjectDraft(title: "there"), on: Self.work.id, in: .doing)
        try await world.star(.project(card.id))

        let change = try await world.move(card.id, toBoard: Self.work.id, in: .doing, at: 0)

        #expect(change.project.boardID == Self.work.id)
        #expect(try await world.titles(.doing, on: Self.work.id) == ["card", "there"])
        #expect(try await world.store.favourite(for: .project(card.id))?.boardID == Self.work.id)
        let saved = try #require(await world.store.saved.last)
        #expect(saved.undoBoard == .default)
        #expect(
            saved.entries == [
                ChangeSet.Entry(
                    kind: .movedToBoard(Self.work.id, title: "Work", from: .todo, to: .doing), title: "card",
                    project: card.id, board: .default),
                ChangeSet.Entry(
                    kind: .movedFromBoard(.default, title: Board.defaultTitle, from: .todo, to: .doing), title: "card",
                    project: card.id, board: Self.work.id),
            ])
    }

    @Test("a repeating project moved into another board's Done completes its occurrence there, last in its To Do")
    func moveToAnotherBoardsDone() async throws {
        let world = World()
        let mart = try await world.create(ProjectDraft(title: "Mart", repeatRule: Self.mart))
        _ = try await world.create(ProjectDraft(title: "there"), on: Self.work.id)

        let change = try await world.move(mart.id, toBoard: Self.work.id, in: .done, at: 0)

        #expect(change.project.state == .todo)
        #expect(change.project.deadline == Day("2026-03-22"))
        #expect(try await world.titles(.todo, on: Self.work.id) == ["there", "Mart"])
        #expect(
            await world.lastEntries().map(\.kind).last
                == .occurrenceCompleted(Day("2026-03-08"), next: Day("2026-03-22")))
    }

    @Test("a move to a board that does not exist, or of a project that does not, saves nothing")
    func missing() async throws {
        let world = World()
        let card = try await world.create(ProjectDraft(title: "card"))
        let nowhere = Board.ID(rawValue: SequentialIDs.id(900))
        let saves = await world.store.saved.count

        await #expect(throws: RepositoryError.notFound(.board(nowhere))) {
            try await world.move(card.id, toBoard: nowhere)
        }
        let stranger = Project.ID(rawValue: SequentialIDs.id(901))
        await #expect(throws: RepositoryError.notFound(.project(stranger))) {
            try await world.move(stranger, to: .done)
        }
        #expect(await world.store.saved.count == saves)
    }

    @Test("skipping the last occurrence puts the project last in Done")
    func skipTheLast() async throws {
        let world = World()
        _ = try await world.create(ProjectDraft(title: "finished"), in: .done)
        let once = try await world.create(ProjectDraft(title: "Once", repeatRule: RecurrenceRule("FREQ=DAILY;COUNT=1")))

        let change = try await SkipOccurrence(store: world.store, environment: world.environment)(once.id)

        #expect(change.project.state == .done)
        #expect(try await world.titles(.done) == ["finished", "Once"])
        #expect(await world.lastEntries().map(\.kind) == [.occurrenceSkipped(Day("2026-03-01"), next: nil)])
    }

    @Test("deleting a project takes its star off in the same save")
    func deleteTakesTheStar() async throws {
        let world = World()
        let card = try await world.create(ProjectDraft(title: "card"))
        try await world.star(.project(card.id))

        try await DeleteProject(store: world.store, environment: world.environment)(card.id)

        let saved = try #require(await world.store.saved.last)
        #expect(
            saved.changes == [.deleteFavourite(Favourite.Target.project(card.id).favouriteID), .deleteProject(card.id)])
        #expect(saved.entries.map(\.kind) == [.deleted(.todo)])
    }
}
