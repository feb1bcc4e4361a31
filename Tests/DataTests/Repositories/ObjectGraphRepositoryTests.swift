import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Object graph repository")
struct ObjectGraphRepositoryTests {
    static let now = TestClock.defaultStart
    static let stranger = Project.ID(rawValue: SequentialIDs.id(900))
    static let nowhere = Board.ID(rawValue: SequentialIDs.id(901))

    static func repository() throws -> (ObjectGraphRepository, ObjectContext) {
        let context = try ObjectContext(schema: .projectManager, store: .inMemory)
        return (ObjectGraphRepository(context: context), context)
    }

    static func project(_ n: Int, _ title: String, board: Board.ID = .default) -> Project {
        Project(id: Project.ID(rawValue: SequentialIDs.id(n)), boardID: board, title: title, createdAt: now)
    }

    /// Saves `build`'s changes through the port, as one unit undone on `board`.
    static func save(
        to repository: ObjectGraphRepository, undoOn board: Board.ID = .default, _ build: (inout ChangeSet) -> Void
    ) async throws(RepositoryError) {
        var changes = ChangeSet(UserAction(.deleteBoard(board), at: now), undoOn: board)
        build(&changes)
        try await repository.save(changes)
    }

    /// Saves projects on a board through the port, each last in its column, each its own save.
    static func add(_ projects: [Project], to repository: ObjectGraphRepository, board: Board.ID = .default)
        async throws
    {
        for var project in projects {
            project.boardID = board
            project.rank = try await repository.gap(at: nil, in: project.state, onBoard: board, moving: nil).rank
            try await save(to: repository, undoOn: board) { [project] in $0.insert(project) }
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
            try await Self.save(to: repository) {
                $0.update(Board(id: Self.nowhere, title: "Nowhere", createdAt: Self.now))
            }
        }
        await #expect(throws: expected) { try await Self.save(to: repository) { $0.delete(Self.nowhere) } }
        await #expect(throws: expected) {
            try await repository.gap(at: 0, in: .todo, onBoard: Self.nowhere, moving: nil)
        }
        await #expect(throws: expected) {
            try await Self.add([Self.project(1, "lost")], to: repository, board: Self.nowhere)
        }
        #expect(!context.hasChanges)
        #expect(try context.count(FetchRequest<Project>()) == 0)
    }

    @Test("a batch with a project on a board that does not exist saves nothing")
    func batchSavesAllOrNothing() async throws {
        // Given
        let (repository, context) = try Self.repository()
        try await Self.add([Self.project(1, "kept")], to: repository)

        // When
        await #expect(throws: RepositoryError.notFound(.board(Self.nowhere))) {
            try await Self.save(to: repository) {
                $0.insert(Self.project(2, "dropped"))
                $0.insert(Self.project(3, "lost", board: Self.nowhere))
            }
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
        let repository = ObjectGraphRepository(context: context)

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

        try await Self.save(to: repository) {
            $0.update(Board(id: .default, title: "Home", createdAt: Date(timeIntervalSince1970: 0)))
        }

        #expect(context.object(Board.self, id: .default)?.title == "Home")
        #expect(try await repository.boards().map(\.title) == ["Home"])
    }

    @Test("lists boards oldest first, with the default board first")
    func listsBoardsOldestFirst() async throws {
        // Given
        let (repository, _) = try Self.repository()
        let newer = Board(
            id: Board.ID(rawValue: SequentialIDs.id(1)), title: "Newer", createdAt: Self.now.addingTimeInterval(60))
        let older = Board(id: Board.ID(rawValue: SequentialIDs.id(2)), title: "Older", createdAt: Self.now)

        // When
        try await Self.save(to: repository, undoOn: newer.id) { $0.insert(newer) }
        try await Self.save(to: repository, undoOn: older.id) { $0.insert(older) }

        // Then
        #expect(try await repository.boards().map(\.title) == [Board.defaultTitle, "Older", "Newer"])
    }

    @Test("deleting a board deletes its projects and only its projects, in one save")
    func deleteBoardCascades() async throws {
        // Given
        let (repository, context) = try Self.repository()
        let work = Board(id: Board.ID(rawValue: SequentialIDs.id(50)), title: "Work", createdAt: Self.now)
        try await Self.save(to: repository, undoOn: work.id) { $0.insert(work) }
        try await Self.add([Self.project(1, "home 1"), Self.project(2, "home 2")], to: repository)
        try await Self.add(
            [Self.project(3, "work 1", board: work.id), Self.project(4, "work 2", board: work.id)], to: repository,
            board: work.id)
        var changes = repository.changes().makeAsyncIterator()

        // When
        try await Self.save(to: repository) { $0.delete(work.id) }

        // Then
        #expect(try await repository.boards().map(\.id) == [.default])
        #expect(try await repository.projects(onBoard: .default).map(\.title).sorted() == ["home 1", "home 2"])
        #expect(try context.count(FetchRequest<Project>()) == 2)
        await #expect(throws: RepositoryError.notFound(.project(Self.project(3, "").id))) {
            try await repository.project(id: Self.project(3, "").id)
        }
        #expect(
            await changes.next()
                == RepositoryChange(deleted: [
                    .board(work.id), .project(Self.project(3, "").id), .project(Self.project(4, "").id),
                ]))
    }

    // MARK: - Gaps

    @Test("a gap gives its neighbours' ranks, counted without the project that moves")
    func gapsCountWithoutTheMovingProject() async throws {
        // Given To Do: one, two, three
        let (repository, _) = try Self.repository()
        try await Self.add([Self.project(1, "one"), Self.project(2, "two"), Self.project(3, "three")], to: repository)
        let ranks = try await repository.column(.todo, onBoard: .default, offset: 0, limit: nil).projects.map(\.rank)
        let one = Self.project(1, "").id

        // Then
        let top = try await repository.gap(at: 0, in: .todo, onBoard: .default, moving: nil)
        #expect((top.index, top.before, top.after, top.current) == (0, nil, ranks[0], nil))
        let last = try await repository.gap(at: nil, in: .todo, onBoard: .default, moving: nil)
        #expect((last.index, last.before, last.after) == (3, ranks[2], nil))
        // "one" moving to index 1 goes between "two" and "three"; to index 0 it stays where it is.
        let second = try await repository.gap(at: 1, in: .todo, onBoard: .default, moving: one)
        #expect((second.before, second.after, second.current, second.isCurrentPlace) == (ranks[1], ranks[2], 0, false))
        #expect(try await repository.gap(at: 0, in: .todo, onBoard: .default, moving: one).isCurrentPlace)
        // In another column it is not counted.
        let done = try await repository.gap(at: 5, in: .done, onBoard: .default, moving: one)
        #expect((done.index, done.before, done.after, done.current) == (0, nil, nil, nil))
    }

    @Test("a change set's history entries are numbered in order and dated with its action")
    func entriesDatedWithTheAction() async throws {
        let (repository, _) = try Self.repository()
        let date = Self.now.addingTimeInterval(3600)
        var changes = ChangeSet(UserAction(.deleteProject(Self.stranger), at: date), undoOn: .default)
        changes.record(.boardRenamed(from: "A"), title: "B", on: .default)
        changes.record(.boardRenamed(from: "B"), title: "C", on: .default)

        try await repository.save(changes)

        let history = try await repository.activities(onBoard: .default, limit: nil)
        #expect(history.map(\.projectTitle) == ["C", "B"])
        #expect(history.allSatisfy { $0.date == date })
    }
}
