import Foundation
@testable import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Object graph repository")
struct ObjectGraphRepositoryTests {
    static let now = TestClock.defaultStart
    static let stranger = Project.ID(rawValue: SequentialIDs.id(900))
    static let nowhere = Board.ID(rawValue: SequentialIDs.id(901))

    static func repository() throws -> (ObjectGraphRepository, ObjectContext) {
        let context = try ObjectContext(schema: .projectManager, store: .inMemory)
        return (ObjectGraphRepository(context: context, environment: .test()), context)
    }

    static func project(_ n: Int, _ title: String, board: Board.ID = .default) -> Project {
        Project(id: Project.ID(rawValue: SequentialIDs.id(n)), boardID: board, title: title, createdAt: now)
    }

    /// Saves projects on a board through the port.
    static func add(_ projects: [Project], to repository: ObjectGraphRepository, board: Board.ID = .default) async throws {
        for var project in projects {
            project.boardID = board
            _ = try await repository.insert(project, at: nil)
        }
    }

    // MARK: - Errors

    @Test("a project that does not exist is notFound(.project(id))")
    func unknownProject() async throws {
        let (repository, _) = try Self.repository()

        await #expect(throws: RepositoryError.notFound(.project(Self.stranger))) {
            try await repository.project(id: Self.stranger)
        }
    }

    @Test("a board that does not exist is notFound(.board(id)) wherever it is named")
    func unknownBoard() async throws {
        // Given
        let (repository, context) = try Self.repository()
        let expected = RepositoryError.notFound(.board(Self.nowhere))

        // Then
        await #expect(throws: expected) { try await repository.board(id: Self.nowhere) }
        await #expect(throws: expected) { try await repository.projects(onBoard: Self.nowhere) }
        await #expect(throws: expected) {
            try await repository.update(Board(id: Self.nowhere, title: "Nowhere", createdAt: Self.now))
        }
        await #expect(throws: expected) { try await repository.deleteBoard(id: Self.nowhere) }
        await #expect(throws: expected) {
            try await Self.add([Self.project(1, "lost")], to: repository, board: Self.nowhere)
        }
        #expect(!context.hasChanges)
        #expect(try context.count(FetchRequest<Project>()) == 0)
    }

    @Test("the default board cannot be deleted")
    func defaultBoardIsPermanent() async throws {
        let (repository, _) = try Self.repository()

        await #expect(throws: RepositoryError.defaultBoardIsPermanent) {
            try await repository.deleteBoard(id: .default)
        }
        #expect(try await repository.boards().map(\.id) == [.default])
    }

    @Test("a batch with a project on a board that does not exist saves nothing")
    func batchSavesAllOrNothing() async throws {
        // Given
        let (repository, context) = try Self.repository()
        try await Self.add([Self.project(1, "kept")], to: repository)

        // When
        await #expect(throws: RepositoryError.notFound(.board(Self.nowhere))) {
            try await repository.insert([Self.project(2, "dropped"), Self.project(3, "lost", board: Self.nowhere)])
        }

        // Then
        #expect(try await repository.projects(onBoard: .default).map(\.title) == ["kept"])
        #expect(!context.hasChanges)
    }

    @Test("a store that cannot write is a storage error that says why, and the context is rolled back")
    func storageFailure() async throws {
        // Given a store whose first write fails
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let fileSystem = FaultyFileSystem()
        fileSystem.inject(.fail, into: .write)
        let context = try ObjectContext(
            schema: .projectManager, store: JournalStore(url: url, fileSystem: fileSystem), undoLimit: 10)
        let repository = ObjectGraphRepository(context: context, environment: .test())

        // When
        let error = try await #require(throws: RepositoryError.self) {
            try await Self.add([Self.project(1, "unsaved")], to: repository)
        }

        // Then
        guard case .storage(.ioFailure(let file, _, _)) = error else {
            Issue.record("expected a storage error, got \(error)")
            return
        }
        #expect(file.hasPrefix(url.path))
        #expect(!context.hasChanges)
        await #expect(throws: RepositoryError.notFound(.project(Self.project(1, "").id))) {
            try await repository.project(id: Self.project(1, "").id)
        }
    }

    // MARK: - Boards

    @Test("a new store has the default board, titled Projects, without writing it")
    func defaultBoardInNewStore() async throws {
        // Given
        let (repository, context) = try Self.repository()

        // When
        let boards = try await repository.boards()
        let board = try await repository.board(id: .default)
        let projects = try await repository.projects(onBoard: .default)

        // Then
        #expect(boards == [board])
        #expect(board.id == .default)
        #expect(board.title == Board.defaultTitle)
        #expect(projects.isEmpty)
        #expect(!context.hasChanges)
        #expect(context.object(Board.self, id: .default) == nil)
    }

    @Test("saving the first project writes the default board with it")
    func firstProjectWritesDefaultBoard() async throws {
        // Given
        let (repository, context) = try Self.repository()
        let changes = repository.changes()
        var iterator = changes.makeAsyncIterator()

        // When
        try await Self.add([Self.project(1, "first")], to: repository)

        // Then
        #expect(context.object(Board.self, id: .default)?.title == Board.defaultTitle)
        let change = await iterator.next()
        #expect(change == RepositoryChange(inserted: [.board(.default), .project(Self.project(1, "").id)]))
    }

    @Test("renaming the default board before anything is saved writes it")
    func renameUnsavedDefaultBoard() async throws {
        let (repository, context) = try Self.repository()

        try await repository.update(Board(id: .default, title: "Home", createdAt: Date(timeIntervalSince1970: 0)))

        #expect(context.object(Board.self, id: .default)?.title == "Home")
        #expect(try await repository.boards().map(\.title) == ["Home"])
    }

    @Test("lists boards oldest first, with the default board first")
    func listsBoardsOldestFirst() async throws {
        // Given
        let (repository, _) = try Self.repository()
        let newer = Board(id: Board.ID(rawValue: SequentialIDs.id(1)), title: "Newer", createdAt: Self.now.addingTimeInterval(60))
        let older = Board(id: Board.ID(rawValue: SequentialIDs.id(2)), title: "Older", createdAt: Self.now)

        // When
        try await repository.insert(newer)
        try await repository.insert(older)

        // Then
        #expect(try await repository.boards().map(\.title) == [Board.defaultTitle, "Older", "Newer"])
    }

    @Test("deleting a board deletes its projects and only its projects, in one save")
    func deleteBoardCascades() async throws {
        // Given
        let (repository, context) = try Self.repository()
        let work = Board(id: Board.ID(rawValue: SequentialIDs.id(50)), title: "Work", createdAt: Self.now)
        try await repository.insert(work)
        try await Self.add([Self.project(1, "home 1"), Self.project(2, "home 2")], to: repository)
        try await Self.add([Self.project(3, "work 1", board: work.id), Self.project(4, "work 2", board: work.id)], to: repository, board: work.id)
        var changes = repository.changes().makeAsyncIterator()

        // When
        try await repository.deleteBoard(id: work.id)

        // Then
        #expect(try await repository.boards().map(\.id) == [.default])
        #expect(try await repository.projects(onBoard: .default).map(\.title).sorted() == ["home 1", "home 2"])
        #expect(try context.count(FetchRequest<Project>()) == 2)
        await #expect(throws: RepositoryError.notFound(.project(Self.project(3, "").id))) {
            try await repository.project(id: Self.project(3, "").id)
        }
        #expect(await changes.next() == RepositoryChange(deleted: [
            .board(work.id), .project(Self.project(3, "").id), .project(Self.project(4, "").id),
        ]))
    }
}
