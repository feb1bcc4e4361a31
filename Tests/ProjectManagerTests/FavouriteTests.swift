import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

@Suite("Favourites through the engine")
struct FavouriteTests {
    @Test(
        "a starred project and board stay starred across a restart, in the order starred", arguments: StoreKind.allCases
    )
    func persisted(kind: StoreKind) async throws {
        // Given a project and a board
        let harness = try EngineHarness(kind)
        let report = try await harness.engine.createProject(ProjectDraft(title: "Write report"))
        let mart = try await harness.engine.createBoard(title: "이마트")

        // When both are starred
        #expect(try await harness.engine.star(.project(report.id)))
        harness.clock.advance(by: 60)
        #expect(try await harness.engine.star(.board(mart.id)))

        // Then a new run lists them, with what they star
        let engine = try harness.restarted()
        let items = try await engine.listFavourites()
        #expect(items.map(\.favourite.target) == [.project(report.id), .board(mart.id)])
        #expect(items.map(\.title) == ["Write report", "이마트"])
        #expect(items.map(\.board.id) == [.default, mart.id])
        #expect(
            items.map(\.favourite.starredAt) == [TestClock.defaultStart, TestClock.defaultStart.addingTimeInterval(60)])
        #expect(try await engine.listFavourites.starredProjects(onBoard: .default) == [report.id])
        #expect(try await engine.listFavourites.starredProjects(onBoard: mart.id).isEmpty)
    }

    @Test("starring twice, or unstarring what is not starred, saves nothing and records nothing")
    func idempotent() async throws {
        let harness = try EngineHarness(.file)
        let report = try await harness.engine.createProject(ProjectDraft(title: "Write report"))
        try await harness.engine.star(.project(report.id))
        let history = try await harness.engine.fetchHistory()

        #expect(try await harness.engine.star(.project(report.id)) == false)
        #expect(try await harness.engine.unstar(.board(.default)) == false)

        #expect(try await harness.engine.fetchHistory() == history)
        #expect(try await harness.restarted().listFavourites().count == 1)
    }

    @Test("starring and unstarring are history entries and one undo step each, on the target's board")
    func historyAndUndo() async throws {
        // Given a project on a second board, starred and unstarred, and that board starred
        let harness = try EngineHarness(.file)
        let engine = harness.engine
        let mart = try await engine.createBoard(title: "Mart")
        let sunday = try await engine.createProject(ProjectDraft(title: "Closed on Sunday"), on: mart.id)
        try await engine.star(.project(sunday.id))
        try await engine.unstar(.project(sunday.id))
        try await engine.star(.board(mart.id))

        // Then the board's history says so, newest first, and the default board's says nothing
        #expect(
            try await engine.fetchHistory(onBoard: mart.id, limit: 3).map(\.kind) == [
                .starred(.board), .unstarred(.project), .starred(.project),
            ])
        #expect(
            try await engine.fetchHistory(onBoard: mart.id, limit: 3).map(\.projectID) == [nil, sunday.id, sunday.id])
        #expect(try await engine.fetchHistory().isEmpty)
        #expect(await engine.undoRedo.status(onBoard: mart.id).undoActivities.map(\.kind) == [.starred(.board)])

        // When each is undone in turn, across a restart
        try await engine.undoRedo.undo(onBoard: mart.id)
        #expect(try await engine.listFavourites().isEmpty)
        let restarted = try harness.restarted()
        try await restarted.undoRedo.undo(onBoard: mart.id)
        #expect(try await restarted.listFavourites().map(\.favourite.target) == [.project(sunday.id)])

        // Then redo repeats them
        try await restarted.undoRedo.redo(onBoard: mart.id)
        try await restarted.undoRedo.redo(onBoard: mart.id)
        #expect(try await restarted.listFavourites().map(\.favourite.target) == [.board(mart.id)])
        #expect(try await restarted.fetchHistory(onBoard: mart.id, limit: 1).map(\.kind) == [.starred(.board)])
    }

    @Test("deleting a project drops its star; undoing the delete brings it back")
    func deletingAProject() async throws {
        let harness = try EngineHarness(.file)
        let engine = harness.engine
        let report = try await engine.createProject(ProjectDraft(title: "Write report"))
        let slides = try await engine.createProject(ProjectDraft(title: "Slides"))
        try await engine.star(.project(report.id))
        try await engine.star(.project(slides.id))

        try await engine.deleteProject(report.id)
        #expect(try await harness.restarted().listFavourites().map(\.title) == ["Slides"])
        #expect(try await harness.engine.fetchHistory(limit: 1).map(\.kind) == [.deleted(.todo)])

        try await harness.engine.undoRedo.undo()
        #expect(try await harness.restarted().listFavourites().map(\.title) == ["Write report", "Slides"])
    }

    @Test("deleting a board drops its star and its projects' stars; undoing the delete brings them back")
    func deletingABoard() async throws {
        let harness = try EngineHarness(.file)
        let engine = harness.engine
        let mart = try await engine.createBoard(title: "Mart")
        let sunday = try await engine.createProject(ProjectDraft(title: "Closed on Sunday"), on: mart.id)
        let report = try await engine.createProject(ProjectDraft(title: "Write report"))
        try await engine.star(.board(mart.id))
        try await engine.star(.project(sunday.id))
        try await engine.star(.project(report.id))

        try await engine.deleteBoard(mart.id)
        #expect(try await harness.restarted().listFavourites().map(\.title) == ["Write report"])

        try await harness.engine.undoRedo.undo()
        let items = try await harness.restarted().listFavourites()
        #expect(items.map(\.favourite.target) == [.board(mart.id), .project(sunday.id), .project(report.id)])
    }

    @Test("a star on what does not exist is refused, naming it, and nothing is saved")
    func missingTarget() async throws {
        let harness = try EngineHarness(.file)
        let ghost = Project.ID(rawValue: SequentialIDs.id(999))
        let nowhere = Board.ID(rawValue: SequentialIDs.id(998))

        await #expect(throws: RepositoryError.notFound(.project(ghost))) {
            try await harness.engine.star(.project(ghost))
        }
        await #expect(throws: RepositoryError.notFound(.board(nowhere))) {
            try await harness.engine.star(.board(nowhere))
        }
        await #expect(throws: RepositoryError.notFound(.project(ghost))) {
            try await harness.engine.unstar(.project(ghost))
        }
        #expect(!harness.storeFileExists)
    }

    @Test("the default board can be starred before anything is saved on it")
    func defaultBoard() async throws {
        let harness = try EngineHarness(.file)
        try await harness.engine.star(.board(.default))
        let items = try await harness.restarted().listFavourites()
        #expect(items.map(\.title) == [Board.defaultTitle])
        #expect(try await harness.engine.fetchHistory().map(\.kind) == [.starred(.board)])
    }

    @Test("the today summary's next 7 days are the favourites': starred projects and a starred board's projects")
    func todaySummary() async throws {
        // Given 2026-03-15 noon UTC, deadlines this week on two boards
        let harness = try EngineHarness(.inMemory)
        let engine = harness.engine
        let mart = try await engine.createBoard(title: "Mart")
        let starred = try await engine.createProject(ProjectDraft(title: "Starred", deadline: Day("2026-03-18")))
        _ = try await engine.createProject(ProjectDraft(title: "Plain", deadline: Day("2026-03-17")))
        _ = try await engine.createProject(
            ProjectDraft(title: "Closed Sunday", deadline: Day("2026-03-22")), on: mart.id)
        _ = try await engine.createProject(ProjectDraft(title: "Overdue", deadline: Day("2026-03-14")), on: mart.id)

        // With nothing starred, no upcoming deadline is listed, yet every board counts them
        var summary = try await engine.fetchTodaySummary()
        #expect(summary.upcoming.isEmpty)
        #expect(summary.boards.map(\.upcoming) == [2, 1])

        // When a project and a board are starred
        try await engine.star(.project(starred.id))
        try await engine.star(.board(mart.id))
        summary = try await engine.fetchTodaySummary()

        // Then
        #expect(summary.upcoming.map(\.title) == ["Starred", "Closed Sunday"])
        #expect(summary.overdue.map(\.title) == ["Overdue"])
    }

    @Test("the change stream names the star a save put on or took off")
    func changeStream() async throws {
        let harness = try EngineHarness(.inMemory)
        let report = try await harness.engine.createProject(ProjectDraft(title: "Write report"))
        var changes = harness.engine.changes().makeAsyncIterator()

        try await harness.engine.star(.project(report.id))
        try await harness.engine.deleteProject(report.id)

        let starred = try #require(await changes.next())
        #expect(starred.favourites == [Favourite.Target.project(report.id).favouriteID])
        #expect(!starred.isEmpty)
        let deleted = try #require(await changes.next())
        #expect(deleted.favourites == [Favourite.Target.project(report.id).favouriteID])
        #expect(deleted.deleted == [.project(report.id)])
    }
}
