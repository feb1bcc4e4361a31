import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

@Suite("Boards, history and undo per board; imports; windows; calendars")
struct EngineAtScaleTests {
    let clock = TestClock()

    func engine(at url: URL? = nil, calendar: Calendar = Calendar(identifier: .gregorian)) throws
        -> ProjectManagerEngine
    {
        let environment = EngineEnvironment(
            now: { [clock] in clock.now }, calendar: calendar, timeZone: .gmt, makeID: SequentialIDs().make)
        guard let url else { return .inMemory(environment: environment) }
        return try .persistent(at: url, environment: environment)
    }

    // MARK: - Undo per board

    @Test("undo on one board's history reverts that board's last change and never another board's")
    func undoBelongsToABoard() async throws {
        // Given a change on Work after a change on the default board
        let engine = try engine()
        let home = try await engine.createProject(ProjectDraft(title: "Water plants"))
        let work = try await engine.createBoard(title: "Work")
        let report = try await engine.createProject(ProjectDraft(title: "Write report"), on: work.id)
        try await engine.moveProject(home.id, to: .doing)

        // When Work's history screen undoes
        let status = try await engine.undoRedo.undo(onBoard: work.id)

        // Then the report is gone, and the default board's move stands
        await #expect(throws: RepositoryError.notFound(.project(report.id))) {
            try await engine.fetchProject(report.id)
        }
        #expect(try await engine.fetchProject(home.id).state == .doing)
        #expect(status.redoActivities.map(\.kind) == [.added(.todo)])
        #expect(
            await engine.undoRedo.status(onBoard: .default).undoActivities.map(\.kind) == [
                .moved(from: .todo, to: .doing)
            ])

        // And redo on the default board has nothing of Work's to repeat
        #expect(!(await engine.undoRedo.status(onBoard: .default).canRedo))
        try await engine.undoRedo.redo(onBoard: work.id)
        #expect(try await engine.fetchProject(report.id).title == "Write report")
    }

    @Test("creating, renaming and deleting a board are in history, and undo reverts each")
    func boardChangesAreHistory() async throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let work = try await {
            // When
            let engine = try self.engine(at: url)
            let work = try await engine.createBoard(title: "Work")
            try await engine.renameBoard(work.id, to: "Office")
            _ = try await engine.createProject(ProjectDraft(title: "Write report"), on: work.id)
            try await engine.deleteBoard(work.id)

            // Then the deletion is on the default board's history, the rest on Work's
            #expect(try await engine.fetchHistory(onBoard: .default).map(\.kind) == [.boardDeleted])
            #expect(try await engine.fetchHistory(onBoard: .default).map(\.projectTitle) == ["Office"])
            return work
        }()

        // When the default board's history undoes the deletion, after a restart
        let engine = try engine(at: url)
        try await engine.undoRedo.undo(onBoard: .default)

        // Then Work is back with its card and its own history
        #expect(try await engine.listBoards().map(\.title) == ["Projects", "Office"])
        #expect(try await engine.fetchBoard(work.id).titlesByColumn == [["Write report"], [], []])
        #expect(
            try await engine.fetchHistory(onBoard: work.id).map(\.kind) == [
                .added(.todo), .boardRenamed(from: "Work"), .boardCreated,
            ])

        // And Work's own undo steps revert the card, the rename, then the board itself
        try await engine.undoRedo.undo(onBoard: work.id)
        try await engine.undoRedo.undo(onBoard: work.id)
        #expect(try await engine.listBoards().map(\.title) == ["Projects", "Work"])
        try await engine.undoRedo.undo(onBoard: work.id)
        #expect(try await engine.listBoards().map(\.title) == ["Projects"])
    }

    @Test("renaming a board to its own title records nothing")
    func renameToSameTitle() async throws {
        let engine = try engine()
        let work = try await engine.createBoard(title: "Work")
        try await engine.renameBoard(work.id, to: " Work ")
        #expect(try await engine.fetchHistory(onBoard: work.id).map(\.kind) == [.boardCreated])
    }

    // MARK: - No-op moves and edits

    @Test("a move or an edit that changes nothing says so and records no history")
    func noOpsSayThey() async throws {
        let engine = try engine()
        let first = try await engine.createProject(ProjectDraft(title: "First"))
        let last = try await engine.createProject(ProjectDraft(title: "Last"))

        #expect(try await !engine.moveProject(last.id, to: .todo).isChanged)
        #expect(try await !engine.moveProject(first.id, to: .todo, at: 0).isChanged)
        #expect(try await !engine.updateProject(first.id, with: ProjectDraft(title: "First ")).isChanged)
        #expect(try await engine.fetchHistory().count == 2)
        #expect(try await engine.moveProject(first.id, to: .todo, at: 1).isChanged)
        #expect(try await engine.fetchBoard().titlesByColumn == [["Last", "First"], [], []])
    }

    // MARK: - Imports

    @Test("an import saves many cards as one save, one history entry and one undo step")
    func importsAsOneUnit() async throws {
        // Given
        let engine = try engine()
        _ = try await engine.createProject(ProjectDraft(title: "Existing"))
        var changes = engine.changes().makeAsyncIterator()

        // When
        let imported = try await engine.importProjects((1...250).map { ProjectDraft(title: "Issue \($0)") })

        // Then
        #expect(imported.count == 250)
        #expect(await changes.next()?.inserted.count == 250)
        let board = try await engine.fetchBoard(window: 3)
        #expect(board.column(.todo).count == 251)
        #expect(board.column(.todo).items.map(\.project.title) == ["Existing", "Issue 1", "Issue 2"])
        #expect(try await engine.fetchHistory().map(\.kind) == [.imported(count: 250, .todo), .added(.todo)])
        try await engine.undoRedo.undo()
        #expect(try await engine.fetchBoard().column(.todo).count == 1)
    }

    @Test("an import with one invalid draft saves nothing")
    func importIsAllOrNothing() async throws {
        let engine = try engine()
        await #expect(throws: RepositoryError.invalid(ValidationError([.titleEmpty]))) {
            try await engine.importProjects([ProjectDraft(title: "Fine"), ProjectDraft(title: "  ")])
        }
        #expect(try await engine.fetchBoard().column(.todo).count == 0)
    }

    @Test("a board read in windows gives each column's first items, their positions and the whole count")
    func windows() async throws {
        let engine = try engine()
        _ = try await engine.importProjects((0..<10).map { ProjectDraft(title: "Card \($0)") })

        let board = try await engine.fetchBoard(window: 4)
        let next = try await engine.fetchBoard.column(.todo, offset: 4, limit: 4)

        #expect(board.column(.todo).items.map(\.position) == [0, 1, 2, 3])
        #expect(board.column(.todo).count == 10)
        #expect(next.items.map(\.project.title) == ["Card 4", "Card 5", "Card 6", "Card 7"])
        #expect(next.items.map(\.position) == [4, 5, 6, 7])
    }

    // MARK: - Calendars

    @Test(
        "days are Gregorian whatever the user's calendar",
        arguments: [Calendar.Identifier.buddhist, .japanese, .gregorian])
    func gregorianDays(calendar identifier: Calendar.Identifier) async throws {
        // Given a clock at 2026-06-15 12:00 UTC and a card due the next day
        clock.set(Date(timeIntervalSince1970: 1_781_524_800))
        let engine = try engine(calendar: Calendar(identifier: identifier))
        _ = try await engine.createProject(ProjectDraft(title: "Due tomorrow", deadline: Day("2026-06-16")))

        // Then
        let board = try await engine.fetchBoard()
        #expect(board.today == Day("2026-06-15"))
        #expect(board.column(.todo).items.map(\.isOverdue) == [false])
    }

    // MARK: - Typed storage errors

    @Test("a store another engine holds is refused with a StoreError callers can match")
    func typedStorageError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let engine = try engine(at: url)
        _ = try await engine.createProject(ProjectDraft(title: "Held"))

        #expect(throws: StoreError.locked(file: url.path)) { try self.engine(at: url) }
        // The use cases' `.storage(.closed)` after `close()` is in StoreHardeningTests.
    }
}
