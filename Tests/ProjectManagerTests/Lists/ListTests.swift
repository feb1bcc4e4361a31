import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// A board's lists of the user's own, through the engine, over both kinds of store.
@Suite("Lists")
struct ListTests {
    static func titles(_ engine: ProjectManagerEngine, on board: Board.ID = .default) async throws -> [String] {
        try await engine.fetchLists(board).map(\.list.title)
    }

    static func cards(_ overview: BoardOverview) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: overview.columns.map { ($0.list.title, $0.items.map(\.project.title)) })
    }

    @Test(
        "a board starts with To Do, Doing and Done, stored nowhere until its lists change",
        arguments: StoreKind.allCases)
    func standardLists(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "a"))

        let lists = try await engine.fetchLists()
        #expect(lists.map(\.list.title) == ["To Do", "Doing", "Done"])
        #expect(lists.map(\.list.stage) == [.todo, .doing, .done])
        #expect(lists.map(\.count) == [1, 0, 0])
        #expect(lists.allSatisfy { $0.list.isStandardAsMade })
        #expect(card.listID == lists[0].list.id)
        #expect(try await engine.fetchBoard().columns.map(\.state) == [.todo, .doing, .done])
    }

    @Test("a list is added at an index, renamed and moved, each one undo step", arguments: StoreKind.allCases)
    func addRenameMove(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "a"))

        let review = try await engine.addList("Review", on: .default, stage: .doing, at: 2, limit: 3)
        #expect(try await Self.titles(engine) == ["To Do", "Doing", "Review", "Done"])
        try await engine.editList(review.id, on: .default, .rename("In review"))
        try await engine.editList(review.id, on: .default, .move(to: 0))
        #expect(try await Self.titles(harness.restarted()) == ["In review", "To Do", "Doing", "Done"])
        #expect(try await harness.engine.fetchProject(card.id).listID == .standard(on: .default, .todo))

        let history = try await harness.engine.fetchHistory(limit: 3).map(\.kind)
        #expect(
            history == [.listMoved("In review"), .listRenamed(from: "Review", to: "In review"), .listAdded("Review")])

        try await harness.engine.undoRedo.undo()
        try await harness.engine.undoRedo.undo()
        try await harness.engine.undoRedo.undo()
        #expect(try await Self.titles(harness.engine) == ["To Do", "Doing", "Done"])
        #expect(try await harness.engine.fetchBoard().column(.todo).items.map(\.project.title) == ["a"])
    }

    @Test(
        "a name another open list has, an empty name and a limit below 1 are refused, and nothing is saved",
        arguments: StoreKind.allCases)
    func refusals(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let review = try await engine.addList("Review", on: .default)

        await #expect(throws: RepositoryError.invalid(ValidationError([.listNameTaken("review")]))) {
            try await engine.addList("review", on: .default)
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.listNameTaken("Doing")]))) {
            try await engine.editList(review.id, on: .default, .rename("Doing"))
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.titleEmpty]))) {
            try await engine.addList("  ", on: .default)
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.listLimitInvalid(0)]))) {
            try await engine.editList(review.id, on: .default, .limit(0))
        }
        let missing = BoardList.ID(rawValue: UUID())
        await #expect(throws: RepositoryError.notFound(.list(missing))) {
            try await engine.editList(missing, on: .default, .archive)
        }
        #expect(try await Self.titles(harness.restarted()) == ["To Do", "Doing", "Done", "Review"])
    }

    @Test(
        "cards move into a list of one's own and take its stage; a new stage goes to its cards",
        arguments: StoreKind.allCases)
    func moveAndStage(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let late = try await engine.createProject(
            ProjectDraft(
                title: "late",
                deadline: Day(
                    containing: harness.clock.now.addingTimeInterval(-2 * 86_400), in: harness.environment.calendar)))
        let review = try await engine.addList("Review", on: .default, stage: .doing)

        let moved = try await engine.moveProject(late.id, toList: review.id)
        #expect(moved.project.state == .doing)
        #expect(moved.project.listID == review.id)
        #expect(
            try await engine.fetchHistory(limit: 1).map(\.kind) == [.movedBetweenLists(from: "To Do", to: "Review")])
        var board = try await engine.fetchBoard()
        #expect(Self.cards(board)["Review"] == ["late"])
        #expect(board.column(list: review.id)?.items.first?.isOverdue == true)

        try await engine.editList(review.id, on: .default, .stage(.done))
        let restarted = try harness.restarted()
        board = try await restarted.fetchBoard()
        #expect(try await restarted.fetchProject(late.id).state == .done)
        #expect(try await restarted.fetchProject(late.id).listID == review.id)
        #expect(board.column(list: review.id)?.items.first?.isOverdue == false)
    }

    @Test("a list over its limit takes the move and says it is over", arguments: StoreKind.allCases)
    func softLimit(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let cards = try await harness.create(["a", "b"])
        let review = try await engine.addList("Review", on: .default, stage: .doing, limit: 1)

        try await engine.moveProject(cards[0].id, toList: review.id)
        #expect(try await engine.fetchLists().first { $0.id == review.id }?.isOverLimit == false)
        try await engine.moveProject(cards[1].id, toList: review.id, at: 0)
        let entry = try #require(try await engine.fetchLists().first { $0.id == review.id })
        #expect(entry.count == 2)
        #expect(entry.isOverLimit)
        #expect(try await engine.fetchBoard().column(list: review.id)?.isOverLimit == true)
        #expect(try await engine.fetchBoard().column(list: review.id)?.items.map(\.project.title) == ["b", "a"])
    }

    @Test(
        "an archived list leaves the board with its cards and comes back last; the last open list stays",
        arguments: StoreKind.allCases)
    func archive(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "a"), in: .doing)

        try await engine.editList(.standard(on: .default, .doing), on: .default, .archive)
        #expect(try await engine.fetchBoard().columns.map(\.list.title) == ["To Do", "Done"])
        #expect(try await engine.fetchLists(archived: true).map(\.list.isArchived) == [false, true, false])
        try await engine.editList(.standard(on: .default, .done), on: .default, .archive)
        await #expect(throws: RepositoryError.invalid(ValidationError([.lastOpenList]))) {
            try await engine.editList(.standard(on: .default, .todo), on: .default, .archive)
        }

        try await engine.editList(.standard(on: .default, .doing), on: .default, .restore)
        let board = try await harness.restarted().fetchBoard()
        #expect(board.columns.map(\.list.title) == ["To Do", "Doing"])
        #expect(board.column(list: .standard(on: .default, .doing))?.items.map(\.project.id) == [card.id])
    }

    @Test(
        "a repeating card moved into a done list of one's own completes its occurrence and goes back to To Do",
        arguments: StoreKind.allCases)
    func repeatingIntoOwnDoneList(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let today = Day(containing: harness.clock.now, in: harness.environment.calendar)
        let card = try await engine.createProject(
            ProjectDraft(title: "water", deadline: today, repeatRule: RecurrenceRule("FREQ=DAILY")))
        let shipped = try await engine.addList("Shipped", on: .default, stage: .done)

        let moved = try await engine.moveProject(card.id, toList: shipped.id)
        #expect(moved.project.listID == .standard(on: .default, .todo))
        #expect(
            moved.project.deadline
                == Day(containing: harness.clock.now.addingTimeInterval(86_400), in: harness.environment.calendar))
        #expect(try await engine.fetchLists().first { $0.id == shipped.id }?.count == 0)
    }

    @Test("a card made or moved by stage lands in the first open list of it", arguments: StoreKind.allCases)
    func landingByStage(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let backlog = try await engine.addList("Backlog", on: .default, stage: .todo, at: 0)

        let card = try await engine.createProject(ProjectDraft(title: "a"))
        #expect(card.listID == backlog.id)
        #expect(try await engine.fetchHistory(limit: 1).map(\.kind) == [.addedToList("Backlog")])
        try await engine.moveProject(card.id, to: .doing)
        try await engine.moveProject(card.id, to: .todo)
        #expect(try await engine.fetchProject(card.id).listID == backlog.id)
    }
}
