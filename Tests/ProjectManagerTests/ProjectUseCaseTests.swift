import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

@Suite("Project use cases")
struct ProjectUseCaseTests {
    // MARK: - Create

    @Test("creates a project last in To Do, with the clock's time and the next id", arguments: StoreKind.allCases)
    func createsProject(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)

        // When
        let project = try await harness.engine.createProject(
            ProjectDraft(title: "  Write report  ", body: "Two pages.\nNo more.", deadline: Day("2028-02-29")))

        // Then
        #expect(project.id == Project.ID(rawValue: SequentialIDs.id(1)))
        #expect(project.boardID == .default)
        #expect(project.title == "Write report")
        #expect(project.body == "Two pages.\nNo more.")
        #expect(project.deadline == Day("2028-02-29"))
        #expect(project.state == .todo)
        #expect(
            try await harness.engine.fetchProject.place(of: project.id)
                == ProjectPlace(state: .todo, list: .standard(on: .default, .todo), index: 0, count: 1))
        #expect(project.createdAt == harness.clock.now)
        #expect(project.updatedAt == harness.clock.now)
        #expect(try await harness.restarted().fetchProject(project.id) == project)
    }

    @Test("creates each project after the others in its column", arguments: StoreKind.allCases)
    func createsInOrder(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)

        // When
        let todo = try await harness.create(["first", "second", "third"])
        let doing = try await harness.create(["started"], in: .doing)

        // Then
        #expect(try await harness.indexes(of: todo) == [0, 1, 2])
        #expect(try await harness.indexes(of: doing) == [0])
        #expect(doing.map(\.state) == [.doing])
        #expect(todo.map(\.rank) == todo.map(\.rank).sorted())
        let stored = try await harness.storedProjects()
        #expect(stored.titlesByColumn == [["first", "second", "third"], ["started"], []])
        #expect(stored.ranksAreDistinct)
    }

    @Test("refuses an invalid project with every broken rule, and saves nothing", arguments: StoreKind.allCases)
    func refusesInvalidProject(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let draft = ProjectDraft(
            title: "Two\nlines", body: String.characters(1_001), deadline: Day(year: 2026, month: 4, day: 31))

        // Then
        await #expect(
            throws: RepositoryError.invalid(
                ValidationError([
                    .titleHasLineBreak, .bodyTooLong(limit: 1_000),
                    .deadlineNotADay(Day(year: 2026, month: 4, day: 31)),
                ]))
        ) {
            try await harness.engine.createProject(draft)
        }
        #expect(try await harness.storedProjects().isEmpty)
        #expect(!harness.storeFileExists)
    }

    @Test("refuses to create a project on a board that does not exist", arguments: StoreKind.allCases)
    func createOnUnknownBoard(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let nowhere = Board.ID(rawValue: SequentialIDs.id(999))

        await #expect(throws: RepositoryError.notFound(.board(nowhere))) {
            try await harness.engine.createProject(ProjectDraft(title: "Lost"), on: nowhere)
        }
        #expect(!harness.storeFileExists)
    }

    // MARK: - Update

    @Test("updates the title, body and deadline, keeping the project's place", arguments: StoreKind.allCases)
    func updatesProject(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        try await harness.create(["first"])
        let original = try await harness.engine.createProject(
            ProjectDraft(title: "Draft", deadline: Day("2026-03-14")), in: .todo)
        try await harness.engine.moveProject(original.id, to: .doing)
        harness.clock.advance(by: 3_600)

        // When
        let change = try await harness.engine.updateProject(
            original.id, with: ProjectDraft(title: " Final ", body: "Body", deadline: Day("2026-04-30")))
        let updated = change.project

        // Then
        #expect(updated.title == "Final")
        #expect(updated.body == "Body")
        #expect(updated.deadline == Day("2026-04-30"))
        #expect(updated.state == .doing)
        #expect(change.isChanged)
        #expect(try await harness.engine.fetchProject.place(of: updated.id).index == 0)
        #expect(updated.createdAt == original.createdAt)
        #expect(updated.updatedAt == harness.clock.now)
        #expect(try await harness.restarted().fetchProject(original.id) == updated)
    }

    @Test("clears a deadline", arguments: StoreKind.allCases)
    func clearsDeadline(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let project = try await harness.engine.createProject(ProjectDraft(title: "Due", deadline: Day("2026-03-14")))

        // When
        _ = try await harness.engine.updateProject(project.id, with: ProjectDraft(title: "Due"))

        // Then
        #expect(try await harness.restarted().fetchProject(project.id).deadline == nil)
    }

    @Test("an update that changes nothing saves nothing", arguments: StoreKind.allCases)
    func noOpUpdate(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let project = try await harness.engine.createProject(ProjectDraft(title: "Same", body: "Same"))
        harness.clock.advance(by: 60)
        var changes = harness.engine.changes().makeAsyncIterator()

        // When
        let unchanged = try await harness.engine.updateProject(
            project.id, with: ProjectDraft(title: " Same ", body: "Same"))
        let marker = try await harness.engine.createProject(ProjectDraft(title: "Marker"))

        // Then the first save after the update is the marker's
        #expect(unchanged == ProjectChange(project: project, isChanged: false))
        #expect(await changes.next() == RepositoryChange(inserted: [.project(marker.id)]))
    }

    @Test(
        "refuses an invalid update with every broken rule, and keeps the project as it was",
        arguments: StoreKind.allCases)
    func refusesInvalidUpdate(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let project = try await harness.engine.createProject(ProjectDraft(title: "Valid"))

        // Then
        await #expect(
            throws: RepositoryError.invalid(
                ValidationError([
                    .titleEmpty, .deadlineNotADay(Day(year: 2026, month: 2, day: 29)),
                ]))
        ) {
            try await harness.engine.updateProject(
                project.id, with: ProjectDraft(title: "", deadline: Day(year: 2026, month: 2, day: 29)))
        }
        #expect(try await harness.restarted().fetchProject(project.id) == project)
    }

    @Test("refuses to update, move, delete or fetch a project that does not exist", arguments: StoreKind.allCases)
    func unknownProject(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let stranger = Project.ID(rawValue: SequentialIDs.id(999))
        let notFound = RepositoryError.notFound(.project(stranger))

        // Then
        await #expect(throws: notFound) { try await harness.engine.fetchProject(stranger) }
        await #expect(throws: notFound) {
            try await harness.engine.updateProject(stranger, with: ProjectDraft(title: "x"))
        }
        await #expect(throws: notFound) { try await harness.engine.moveProject(stranger, to: .done) }
        await #expect(throws: notFound) { try await harness.engine.deleteProject(stranger) }
        #expect(!harness.storeFileExists)
    }

    // MARK: - Delete

    @Test("deletes a project; the others keep their places and ranks", arguments: StoreKind.allCases)
    func deletesProject(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let todo = try await harness.create(["A", "B", "C"])
        try await harness.create(["X", "Y"], in: .doing)

        // When
        let deleted = try await harness.engine.deleteProject(todo[0].id)

        // Then
        #expect(deleted.id == todo[0].id)
        let engine = try harness.restarted()
        await #expect(throws: RepositoryError.notFound(.project(todo[0].id))) {
            try await engine.fetchProject(todo[0].id)
        }
        let stored = try await engine.projects.projects(onBoard: .default)
        #expect(stored.titlesByColumn == [["B", "C"], ["X", "Y"], []])
        #expect(stored.filter { $0.state == .todo }.map(\.rank) == todo.dropFirst().map(\.rank))
    }

    // MARK: - Move

    @Test(
        "moves a project within its column", arguments: StoreKind.allCases,
        [
            // (project, index, To Do afterwards)
            ("C", 0, ["C", "A", "B", "D"]),
            ("A", 1, ["B", "A", "C", "D"]),
            ("B", 2, ["A", "C", "B", "D"]),
            ("A", 3, ["B", "C", "D", "A"]),
            ("B", 10, ["A", "C", "D", "B"]),
            ("D", 0, ["D", "A", "B", "C"]),
            ("B", nil, ["A", "C", "D", "B"]),
        ] as [(String, Int?, [String])])
    func movesWithinColumn(kind: StoreKind, move: (title: String, index: Int?, todo: [String])) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let todo = try await harness.create(["A", "B", "C", "D"])
        try await harness.create(["X", "Y"], in: .doing)
        let id = try #require(todo.first { $0.title == move.title }?.id)

        // When
        try await harness.engine.moveProject(id, to: .todo, at: move.index)

        // Then
        #expect(try await harness.engine.fetchProject.place(of: id).index == move.todo.firstIndex(of: move.title))
        let stored = try await harness.storedProjects()
        #expect(stored.titlesByColumn == [move.todo, ["X", "Y"], []])
        #expect(stored.ranksAreDistinct)
        #expect(try await harness.restarted().fetchBoard().titlesByColumn == [move.todo, ["X", "Y"], []])
    }

    @Test(
        "moves a project across columns, changing no other project", arguments: StoreKind.allCases,
        [
            // (project, state, index, To Do, Doing, Done afterwards)
            ("B", .doing, 0, ["A", "C", "D"], ["B", "X", "Y"], []),
            ("B", .doing, 1, ["A", "C", "D"], ["X", "B", "Y"], []),
            ("A", .doing, 2, ["B", "C", "D"], ["X", "Y", "A"], []),
            ("D", .doing, 99, ["A", "B", "C"], ["X", "Y", "D"], []),
            ("C", .done, nil, ["A", "B", "D"], ["X", "Y"], ["C"]),
            ("X", .todo, 0, ["X", "A", "B", "C", "D"], ["Y"], []),
            ("Y", .todo, 2, ["A", "B", "Y", "C", "D"], ["X"], []),
            ("X", .done, 0, ["A", "B", "C", "D"], ["Y"], ["X"]),
        ] as [(String, ProjectState, Int?, [String], [String], [String])])
    func movesAcrossColumns(
        kind: StoreKind,
        move: (title: String, state: ProjectState, index: Int?, todo: [String], doing: [String], done: [String])
    ) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let made = try await harness.create(["A", "B", "C", "D"]) + harness.create(["X", "Y"], in: .doing)
        let id = try #require(made.first { $0.title == move.title }?.id)
        harness.clock.advance(by: 60)

        // When
        let moved = try await harness.engine.moveProject(id, to: move.state, at: move.index).project

        // Then
        #expect(moved.state == move.state)
        #expect(moved.updatedAt == harness.clock.now)
        let stored = try await harness.storedProjects()
        #expect(stored.titlesByColumn == [move.todo, move.doing, move.done])
        #expect(stored.ranksAreDistinct)
        #expect(stored.filter { $0.id != id } == made.filter { $0.id != id }.map { stored.first(where: $0.id) })
    }

    @Test("moving a project to where it already is saves nothing", arguments: StoreKind.allCases)
    func moveInPlace(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let made = try await harness.create(["A", "B", "C"])
        harness.clock.advance(by: 60)
        var changes = harness.engine.changes().makeAsyncIterator()

        // When
        let moved = try await harness.engine.moveProject(made[0].id, to: .todo, at: 0)
        try await harness.engine.moveProject(made[2].id, to: .todo)
        let marker = try await harness.engine.createProject(ProjectDraft(title: "Marker"))

        // Then the first save after the moves is the marker's
        #expect(moved == ProjectChange(project: made[0], isChanged: false))
        #expect(await changes.next() == RepositoryChange(inserted: [.project(marker.id)]))
    }

    @Test("a move saves the moved project alone", arguments: StoreKind.allCases)
    func moveSavesOnlyWhatChanged(kind: StoreKind) async throws {
        // Given A B C D in To Do
        let harness = try EngineHarness(kind)
        let made = try await harness.create(["A", "B", "C", "D"])
        var changes = harness.engine.changes().makeAsyncIterator()

        // When B moves below C
        try await harness.engine.moveProject(made[1].id, to: .todo, at: 2)

        // Then
        #expect(await changes.next() == RepositoryChange(updated: [.project(made[1].id)]))
    }

    // MARK: - Change stream

    @Test("the change stream delivers what each use case saved", arguments: StoreKind.allCases)
    func changeStream(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        var changes = harness.engine.changes().makeAsyncIterator()

        // When
        let first = try await harness.engine.createProject(ProjectDraft(title: "first"))
        let second = try await harness.engine.createProject(ProjectDraft(title: "second"))
        try await harness.engine.deleteProject(first.id)

        // Then
        #expect(await changes.next() == RepositoryChange(inserted: [.board(.default), .project(first.id)]))
        #expect(await changes.next() == RepositoryChange(inserted: [.project(second.id)]))
        #expect(await changes.next() == RepositoryChange(deleted: [.project(first.id)]))
    }
}
