import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// A store written by `pm` before boards had lists of their own (commit 8518bc0, Project coding 2):
/// `Tests/Fixtures/format2-before-lists.pmstore`, made by `Scripts/make-format2-fixture.sh`.
@Suite("A store written before lists")
struct FormatTwoFixtureTests {
    struct Opened {
        let directory: TemporaryDirectory
        let url: URL
        let environment: EngineEnvironment
        let engine: ProjectManagerEngine

        init() throws {
            directory = try TemporaryDirectory()
            url = directory.file("before-lists.pmstore")
            try FileManager.default.copyItem(at: FixtureFiles.url("format2-before-lists.pmstore"), to: url)
            let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-20T10:00:00Z") ?? .distantPast)
            environment = .test(clock: clock)
            engine = try ProjectManagerEngine.persistent(at: url, environment: environment)
        }

        func reopened() throws -> ProjectManagerEngine {
            engine.close()
            return try ProjectManagerEngine.persistent(at: url, environment: environment)
        }

        func columns(_ engine: ProjectManagerEngine, board: Board.ID = .default) async throws -> [String: [String]] {
            let overview = try await engine.fetchBoard(board)
            return Dictionary(
                uniqueKeysWithValues: overview.columns.map { ($0.list.title, $0.items.map(\.project.title)) })
        }
    }

    static let defaultColumns = [
        "To Do": ["Water the plants", "Crème brûlée ☃"], "Doing": ["Call the printer again", "Write report"],
        "Done": ["Book venue"],
    ]

    @Test("every card opens in its place, its state's list, with its history; the three columns are three lists")
    func opens() async throws {
        let opened = try Opened()
        let engine = opened.engine

        #expect(try await opened.columns(engine) == Self.defaultColumns)
        let lists = try await engine.fetchLists()
        #expect(lists.map(\.list.title) == ["To Do", "Doing", "Done"])
        #expect(lists.map(\.count) == [2, 2, 1])
        for project in try await engine.fetchBoard().projects {
            #expect(project.listID == .standard(on: .default, project.state), "\(project.title)")
        }
        let work = try #require(try await engine.listBoards().first { $0.title == "Work" })
        #expect(
            try await opened.columns(engine, board: work.id) == [
                "To Do": ["Plan the sprint"], "Doing": ["Review pull requests"], "Done": [],
            ])

        let history = try await engine.fetchHistory().map(\.kind)
        #expect(history.count == 10)
        #expect(history.first == .occurrenceCompleted(Day("2026-11-20"), next: Day("2026-11-27")))
        #expect(history.last == .added(.todo))
        #expect(try await engine.fetchBoard().column(.todo).items.first?.project.deadline == Day("2026-11-27"))
    }

    @Test("the undo steps written before lists undo and redo, and a list added afterwards keeps every card")
    func undoSteps() async throws {
        let opened = try Opened()
        let engine = opened.engine
        let status = await engine.undoRedo.status()
        #expect(status.canUndo)
        #expect(status.canRedo)

        // The redo step is the star that was undone; the last undo step is the repeating card's completion.
        try await engine.undoRedo.redo()
        #expect(try await engine.listFavourites().count == 1)
        try await engine.undoRedo.undo()
        try await engine.undoRedo.undo()
        var columns = try await opened.columns(engine)
        #expect(columns == Self.defaultColumns)
        #expect(try await engine.fetchBoard().column(.todo).items.first?.project.deadline == Day("2026-11-20"))

        let review = try await engine.addList("Review", on: .default, stage: .doing, at: 2)
        let printer = try #require(try await engine.fetchBoard().column(.doing).items.first?.project)
        try await engine.moveProject(printer.id, toList: review.id)

        let reopened = try opened.reopened()
        columns = try await opened.columns(reopened)
        #expect(columns["To Do"] == ["Water the plants", "Crème brûlée ☃"])
        #expect(columns["Doing"] == ["Write report"])
        #expect(columns["Review"] == ["Call the printer again"])
        #expect(columns["Done"] == ["Book venue"])
        #expect(try await reopened.fetchLists().map(\.list.title) == ["To Do", "Doing", "Review", "Done"])
    }
}
