import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

@Suite("Board use cases")
struct BoardUseCaseTests {
    // MARK: - The default board

    @Test("a new store has the default board, empty, titled Projects", arguments: StoreKind.allCases)
    func defaultBoardExists(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)

        // When
        let boards = try await harness.engine.listBoards()
        let overview = try await harness.engine.fetchBoard()

        // Then
        #expect(boards.map(\.id) == [.default])
        #expect(boards.map(\.title) == [Board.defaultTitle])
        #expect(overview.board.id == .default)
        #expect(overview.columns.map(\.state) == [.todo, .doing, .done])
        #expect(overview.columns.map(\.count) == [0, 0, 0])
    }

    @Test("reading a new store writes no file")
    func readingWritesNothing() async throws {
        // Given
        let harness = try EngineHarness(.file)
        let stranger = Project.ID(rawValue: SequentialIDs.id(999))

        // When
        _ = try await harness.engine.listBoards()
        _ = try await harness.engine.fetchBoard()
        _ = try await harness.engine.projects.projects(onBoard: .default)
        _ = try? await harness.engine.fetchProject(stranger)
        _ = try? await harness.engine.deleteBoard(.default)
        _ = try? await harness.engine.createProject(ProjectDraft(title: ""))

        // Then
        #expect(!harness.storeFileExists)
        let names = try FileManager.default.contentsOfDirectory(atPath: harness.directory.url.path)
        #expect(names.allSatisfy { $0 == harness.storeURL.lastPathComponent + ".lock" })
    }

    @Test("the default board cannot be deleted, even once it has projects", arguments: StoreKind.allCases)
    func defaultBoardIsPermanent(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        await #expect(throws: RepositoryError.defaultBoardIsPermanent) {
            try await harness.engine.deleteBoard(.default)
        }
        try await harness.create(["kept"])

        // Then
        await #expect(throws: RepositoryError.defaultBoardIsPermanent) {
            try await harness.engine.deleteBoard(.default)
        }
        #expect(try await harness.restarted().fetchBoard().titlesByColumn == [["kept"], [], []])
    }

    @Test("renames the default board", arguments: StoreKind.allCases)
    func renamesDefaultBoard(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)

        // When
        let renamed = try await harness.engine.renameBoard(.default, to: " Home ")

        // Then
        #expect(renamed.title == "Home")
        #expect(try await harness.restarted().listBoards().map(\.title) == ["Home"])
        #expect(try await harness.restarted().fetchBoard().board.title == "Home")
    }

    // MARK: - Create, rename, list

    @Test(
        "creates boards with the next id and the clock's time, and lists them oldest first",
        arguments: StoreKind.allCases)
    func createsAndListsBoards(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)

        // When
        let work = try await harness.engine.createBoard(title: "  Work ")
        harness.clock.advance(by: 60)
        let garden = try await harness.engine.createBoard(title: "Garden")

        // Then
        #expect(work.id == Board.ID(rawValue: SequentialIDs.id(1)))
        #expect(work.title == "Work")
        #expect(work.createdAt == TestClock.defaultStart)
        #expect(garden.createdAt == TestClock.defaultStart.addingTimeInterval(60))
        let boards = try await harness.restarted().listBoards()
        #expect(
            boards == [Board(id: .default, title: Board.defaultTitle, createdAt: boards[0].createdAt), work, garden])
        #expect(try await harness.restarted().fetchBoard(garden.id).columns.map(\.count) == [0, 0, 0])
    }

    @Test(
        "refuses a board title that breaks the title rules",
        arguments: [
            ("", [ValidationFailure.titleEmpty]),
            (" \t ", [.titleEmpty]),
            ("Two\nlines", [.titleHasLineBreak]),
            (String.characters(101), [.titleTooLong(limit: 100)]),
        ])
    func refusesBadBoardTitles(title: String, failures: [ValidationFailure]) async throws {
        // Given
        let harness = try EngineHarness(.file)
        let work = try await harness.engine.createBoard(title: "Work")

        // Then
        await #expect(throws: RepositoryError.invalid(ValidationError(failures))) {
            try await harness.engine.createBoard(title: title)
        }
        await #expect(throws: RepositoryError.invalid(ValidationError(failures))) {
            try await harness.engine.renameBoard(work.id, to: title)
        }
        #expect(try await harness.restarted().listBoards().map(\.title) == [Board.defaultTitle, "Work"])
    }

    @Test("a board title may have 100 characters, emoji counted as one each")
    func longestBoardTitle() async throws {
        let harness = try EngineHarness(.inMemory)

        let board = try await harness.engine.createBoard(title: String.characters(100, of: "👩🏽‍💻"))

        #expect(board.title.count == 100)
    }

    @Test("renames a board, and the new title is kept", arguments: StoreKind.allCases)
    func renamesBoard(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let board = try await harness.engine.createBoard(title: "Wrok")

        // When
        let renamed = try await harness.engine.renameBoard(board.id, to: "Work")

        // Then
        #expect(renamed == Board(id: board.id, title: "Work", createdAt: board.createdAt))
        #expect(try await harness.restarted().listBoards().last == renamed)
    }

    @Test("refuses to rename, delete or fetch a board that does not exist", arguments: StoreKind.allCases)
    func unknownBoard(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let nowhere = Board.ID(rawValue: SequentialIDs.id(999))
        let notFound = RepositoryError.notFound(.board(nowhere))

        // Then
        await #expect(throws: notFound) { try await harness.engine.renameBoard(nowhere, to: "Somewhere") }
        await #expect(throws: notFound) { try await harness.engine.deleteBoard(nowhere) }
        await #expect(throws: notFound) { try await harness.engine.fetchBoard(nowhere) }
        #expect(!harness.storeFileExists)
    }

    // MARK: - Delete

    @Test("deleting a board deletes its projects and only its projects", arguments: StoreKind.allCases)
    func deleteBoardCascades(kind: StoreKind) async throws {
        // Given a default board and two more, each with projects
        let harness = try EngineHarness(kind)
        let work = try await harness.engine.createBoard(title: "Work")
        let garden = try await harness.engine.createBoard(title: "Garden")
        let home = try await harness.create(["home"])
        let workProjects =
            try await harness.create(["report", "slides"], on: work.id)
            + harness.create(["review"], in: .doing, on: work.id)
        let gardenProjects = try await harness.create(["roses"], on: garden.id)

        // When
        try await harness.engine.deleteBoard(work.id)

        // Then
        let engine = try harness.restarted()
        #expect(try await engine.listBoards().map(\.id) == [.default, garden.id])
        for project in workProjects {
            await #expect(throws: RepositoryError.notFound(.project(project.id))) {
                try await engine.fetchProject(project.id)
            }
        }
        #expect(try await engine.fetchProject(home[0].id) == home[0])
        #expect(try await engine.fetchProject(gardenProjects[0].id) == gardenProjects[0])
        #expect(try await engine.fetchBoard(garden.id).titlesByColumn == [["roses"], [], []])
        await #expect(throws: RepositoryError.notFound(.board(work.id))) {
            try await engine.fetchBoard(work.id)
        }
    }

    // MARK: - Fetch board

    @Test("shows a board's three columns in order, in position order, with counts", arguments: StoreKind.allCases)
    func fetchesBoard(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let made = try await harness.create(["A", "B", "C"])
        try await harness.create(["X"], in: .doing)
        try await harness.engine.moveProject(made[2].id, to: .todo, at: 0)
        try await harness.engine.moveProject(made[1].id, to: .done)

        // When
        let overview = try await harness.restarted().fetchBoard()

        // Then
        #expect(overview.titlesByColumn == [["C", "A"], ["X"], ["B"]])
        #expect(overview.columns.map(\.count) == [2, 1, 1])
        #expect(overview.today == Day("2026-03-15"))
    }

    @Test("keeps projects on other boards off a board's overview", arguments: StoreKind.allCases)
    func overviewShowsOneBoard(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let work = try await harness.engine.createBoard(title: "Work")
        try await harness.create(["home"])
        try await harness.create(["work"], on: work.id)

        // Then
        #expect(try await harness.engine.fetchBoard().titlesByColumn == [["home"], [], []])
        #expect(try await harness.engine.fetchBoard(work.id).titlesByColumn == [["work"], [], []])
    }
}
