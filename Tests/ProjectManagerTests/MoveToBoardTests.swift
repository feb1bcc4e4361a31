import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

@Suite("Moving a card to another board")
struct MoveToBoardTests {
    /// A default board with A B C in To Do, and Work with X Y in Doing.
    struct TwoBoards {
        let harness: EngineHarness
        let home: [Project]
        let work: Board
        let workCards: [Project]
        var engine: ProjectManagerEngine { harness.engine }

        init(_ kind: StoreKind) async throws {
            harness = try EngineHarness(kind)
            home = try await harness.create(["A", "B", "C"])
            work = try await harness.engine.createBoard(title: "Work")
            workCards = try await harness.create(["X", "Y"], in: .doing, on: work.id)
            harness.clock.advance(by: 60)
        }
    }

    @Test(
        "a card moves to an index of another board's column, ranked between its new neighbours, after a restart too",
        arguments: StoreKind.allCases)
    func movesAtAnIndex(kind: StoreKind) async throws {
        // Given
        let boards = try await TwoBoards(kind)

        // When B goes between X and Y on Work
        let change = try await boards.engine.moveProject(boards.home[1].id, toBoard: boards.work.id, in: .doing, at: 1)

        // Then
        #expect(change.isChanged)
        #expect(change.project.boardID == boards.work.id)
        #expect(change.project.state == .doing)
        #expect(change.project.updatedAt == boards.harness.clock.now)
        #expect(boards.workCards[0].rank < change.project.rank && change.project.rank < boards.workCards[1].rank)
        let engine = try boards.harness.restarted()
        #expect(try await engine.fetchBoard(boards.work.id).titlesByColumn == [[], ["X", "B", "Y"], []])
        #expect(try await engine.fetchBoard().titlesByColumn == [["A", "C"], [], []])
        // And the cards it passed keep their ranks
        let stored = try await boards.harness.storedProjects(onBoard: boards.work.id) + boards.harness.storedProjects()
        for card in boards.home + boards.workCards where card.id != boards.home[1].id {
            #expect(stored.first(where: card.id)?.rank == card.rank)
        }
    }

    @Test("without a column it keeps its own; without an index it goes last", arguments: StoreKind.allCases)
    func keepsItsColumn(kind: StoreKind) async throws {
        // Given C moved to Doing on the default board
        let boards = try await TwoBoards(kind)
        try await boards.engine.moveProject(boards.home[2].id, to: .doing)

        // When
        try await boards.engine.moveProject(boards.home[2].id, toBoard: boards.work.id)

        // Then
        #expect(
            try await boards.harness.restarted().fetchBoard(boards.work.id).titlesByColumn == [
                [], ["X", "Y", "C"], [],
            ])
    }

    @Test("one save writes the moved card alone", arguments: StoreKind.allCases)
    func writesOneCard(kind: StoreKind) async throws {
        // Given
        let boards = try await TwoBoards(kind)
        var changes = boards.engine.changes().makeAsyncIterator()

        // When
        try await boards.engine.moveProject(boards.home[0].id, toBoard: boards.work.id, in: .todo, at: 0)
        let marker = try await boards.engine.createProject(ProjectDraft(title: "Marker"))

        // Then
        let change = try #require(await changes.next())
        #expect(change == RepositoryChange(updated: [.project(boards.home[0].id)]))
        #expect(change.projectBoards == [boards.home[0].id: boards.work.id])
        #expect(await changes.next() == RepositoryChange(inserted: [.project(marker.id)]))
    }

    @Test(
        "both boards' histories record the move, with the other board's title and both columns",
        arguments: StoreKind.allCases)
    func bothHistories(kind: StoreKind) async throws {
        // Given
        let boards = try await TwoBoards(kind)

        // When
        try await boards.engine.moveProject(boards.home[0].id, toBoard: boards.work.id, in: .done)

        // Then
        let engine = try boards.harness.restarted()
        let left = try #require(try await engine.fetchHistory(onBoard: .default, limit: 1).first)
        let joined = try #require(try await engine.fetchHistory(onBoard: boards.work.id, limit: 1).first)
        #expect(left.kind == .movedToBoard(boards.work.id, title: "Work", from: .todo, to: .done))
        #expect(joined.kind == .movedFromBoard(.default, title: Board.defaultTitle, from: .todo, to: .done))
        #expect(left.projectID == boards.home[0].id && joined.projectID == boards.home[0].id)
        #expect(left.projectTitle == "A" && joined.projectTitle == "A")
        #expect(left.date == boards.harness.clock.now && joined.date == boards.harness.clock.now)
    }

    @Test(
        "undo on the board it left puts it back where it stood, and redo moves it again, after restarts",
        arguments: StoreKind.allCases)
    func undoAndRedo(kind: StoreKind) async throws {
        // Given B moved to the top of Work's To Do
        let boards = try await TwoBoards(kind)
        try await boards.engine.moveProject(boards.home[1].id, toBoard: boards.work.id, in: .todo, at: 0)
        #expect(
            await boards.engine.undoRedo.status(onBoard: boards.work.id).undoActivities.map(\.kind) == [.added(.doing)])

        // When the default board undoes
        let status = try await boards.harness.restarted().undoRedo.undo(onBoard: .default)

        // Then B is back between A and C with its rank, and both histories forget the move
        var engine = try boards.harness.restarted()
        #expect(try await engine.fetchBoard().titlesByColumn == [["A", "B", "C"], [], []])
        #expect(try await engine.fetchProject(boards.home[1].id) == boards.home[1])
        #expect(try await engine.fetchBoard(boards.work.id).titlesByColumn == [[], ["X", "Y"], []])
        #expect(try await engine.fetchHistory(onBoard: boards.work.id, limit: 1).map(\.kind) == [.added(.doing)])
        #expect(
            status.redoActivities.map(\.kind).contains(
                .movedToBoard(boards.work.id, title: "Work", from: .todo, to: .todo)))

        // When it redoes
        try await engine.undoRedo.redo(onBoard: .default)

        // Then
        engine = try boards.harness.restarted()
        #expect(try await engine.fetchBoard(boards.work.id).titlesByColumn == [["B"], ["X", "Y"], []])
        #expect(try await engine.fetchBoard().titlesByColumn == [["A", "C"], [], []])
    }

    @Test(
        "an undo that would overwrite a later change on the other board is refused, and changes nothing",
        arguments: StoreKind.allCases)
    func undoConflict(kind: StoreKind) async throws {
        // Given A moved to Work, then moved to Doing there (the same fields as the move)
        let boards = try await TwoBoards(kind)
        let card = boards.home[0].id
        try await boards.engine.moveProject(card, toBoard: boards.work.id)
        try await boards.engine.moveProject(card, to: .doing)

        // When the default board tries to undo the move
        await #expect(throws: RepositoryError.undoConflict(.project(card))) {
            try await boards.engine.undoRedo.undo(onBoard: .default)
        }

        // Then nothing changed, and once Work undoes its move, the move can be undone
        var engine = try boards.harness.restarted()
        #expect(try await engine.fetchProject(card).state == .doing)
        #expect(try await engine.fetchProject(card).boardID == boards.work.id)
        try await engine.undoRedo.undo(onBoard: boards.work.id)
        try await engine.undoRedo.undo(onBoard: .default)
        engine = try boards.harness.restarted()
        #expect(try await engine.fetchBoard().titlesByColumn == [["A", "B", "C"], [], []])
    }

    @Test(
        "an undo of a move after an edit of other fields on the other board takes the card back and keeps the edit",
        arguments: StoreKind.allCases)
    func undoKeepsOtherFields(kind: StoreKind) async throws {
        let boards = try await TwoBoards(kind)
        let card = boards.home[0].id
        try await boards.engine.moveProject(card, toBoard: boards.work.id)
        try await boards.engine.updateProject(card, with: ProjectDraft(title: "A, edited on Work"))

        try await boards.engine.undoRedo.undo(onBoard: .default)

        let engine = try boards.harness.restarted()
        #expect(try await engine.fetchProject(card).title == "A, edited on Work")
        #expect(try await engine.fetchBoard().titlesByColumn == [["A, edited on Work", "B", "C"], [], []])
    }

    @Test("a move to the card's own board is a move within it")
    func ownBoard() async throws {
        // Given
        let boards = try await TwoBoards(.inMemory)

        // When
        let change = try await boards.engine.moveProject(boards.home[2].id, toBoard: .default, in: .todo, at: 0)
        let unchanged = try await boards.engine.moveProject(boards.home[2].id, toBoard: .default, in: .todo, at: 0)

        // Then
        #expect(change.isChanged && !unchanged.isChanged)
        #expect(try await boards.engine.fetchBoard().titlesByColumn == [["C", "A", "B"], [], []])
        #expect(try await boards.engine.fetchHistory(onBoard: .default, limit: 1).map(\.kind) == [.reordered(.todo)])
    }

    @Test("a card moves to the default board before anything was saved on it", arguments: StoreKind.allCases)
    func toANewDefaultBoard(kind: StoreKind) async throws {
        // Given a store whose only saves are on Work
        let harness = try EngineHarness(kind)
        let work = try await harness.engine.createBoard(title: "Work")
        let card = try await harness.engine.createProject(ProjectDraft(title: "Plan"), on: work.id)

        // When
        try await harness.engine.moveProject(card.id, toBoard: .default)

        // Then
        let engine = try harness.restarted()
        #expect(try await engine.fetchBoard().titlesByColumn == [["Plan"], [], []])
        #expect(
            try await engine.fetchHistory(onBoard: .default).map(\.kind) == [
                .movedFromBoard(work.id, title: "Work", from: .todo, to: .todo)
            ])
    }

    @Test(
        "a move to a board that does not exist, or of a card that does not, saves nothing",
        arguments: StoreKind.allCases)
    func unknownIDs(kind: StoreKind) async throws {
        // Given
        let boards = try await TwoBoards(kind)
        let nowhere = Board.ID(rawValue: SequentialIDs.id(9_999))
        let nothing = Project.ID(rawValue: SequentialIDs.id(9_998))
        var changes = boards.engine.changes().makeAsyncIterator()

        // Then
        await #expect(throws: RepositoryError.notFound(.board(nowhere))) {
            try await boards.engine.moveProject(boards.home[0].id, toBoard: nowhere)
        }
        await #expect(throws: RepositoryError.notFound(.project(nothing))) {
            try await boards.engine.moveProject(nothing, toBoard: boards.work.id)
        }
        let marker = try await boards.engine.createProject(ProjectDraft(title: "Marker"))
        #expect(await changes.next() == RepositoryChange(inserted: [.project(marker.id)]))
    }

    @Test("the board it left stops showing it, and the board it joined shows it, on one change each")
    func screensFollow() async throws {
        // Given both boards as their screens show them
        let boards = try await TwoBoards(.inMemory)
        let home = try await boards.engine.fetchBoard()
        let work = try await boards.engine.fetchBoard(boards.work.id)
        var changes = boards.engine.changes().makeAsyncIterator()

        // When
        try await boards.engine.moveProject(boards.home[0].id, toBoard: boards.work.id, in: .doing, at: 0)
        let change = try #require(await changes.next())

        // Then
        let left = try #require(try await boards.engine.fetchBoard.refresh(home, after: change))
        let joined = try #require(try await boards.engine.fetchBoard.refresh(work, after: change))
        #expect(left.titlesByColumn == [["B", "C"], [], []])
        #expect(joined.titlesByColumn == [[], ["A", "X", "Y"], []])
    }
}

@Suite("Moving a starred card to another board")
struct MoveStarredCardTests {
    @Test(
        "the star goes with the card, stays when the board it left is deleted, and comes back with undo",
        arguments: StoreKind.allCases)
    func starFollows(kind: StoreKind) async throws {
        // Given a starred card on Work
        let harness = try EngineHarness(kind)
        let work = try await harness.engine.createBoard(title: "Work")
        let card = try await harness.engine.createProject(ProjectDraft(title: "Plan"), on: work.id)
        try await harness.engine.star(.project(card.id))

        // When it moves to the default board, and Work is deleted
        try await harness.engine.moveProject(card.id, toBoard: .default)
        #expect(try await harness.engine.favourites.favourites(onBoard: work.id).isEmpty)
        try await harness.engine.deleteBoard(work.id)

        // Then
        let engine = try harness.restarted()
        let stars = try await engine.favourites.favourites(onBoard: .default)
        #expect(stars.map(\.target) == [.project(card.id)])
        #expect(stars.map(\.boardID) == [.default])
        #expect(try await engine.listFavourites().map(\.favourite.target) == [.project(card.id)])
    }
}
