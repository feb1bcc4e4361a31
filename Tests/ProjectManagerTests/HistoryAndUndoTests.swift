import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

@Suite("History and undo through the engine")
struct HistoryAndUndoTests {
    let clock = TestClock()

    func makeEngine(at url: URL? = nil) throws -> ProjectManagerEngine {
        let environment = EngineEnvironment.test(clock: clock)
        guard let url else { return .inMemory(environment: environment) }
        return try .persistent(at: url, environment: environment)
    }

    @Test("every user action records one activity, newest first")
    func recordsActivities() async throws {
        let engine = try makeEngine()
        let report = try await engine.createProject(ProjectDraft(title: "Write report"))
        let slides = try await engine.createProject(ProjectDraft(title: "Slides"))
        let budget = try await engine.createProject(ProjectDraft(title: "Budget"))
        try await engine.moveProject(report.id, to: .doing)
        _ = try await engine.updateProject(slides.id, with: ProjectDraft(title: "Slides v2"))
        try await engine.moveProject(budget.id, to: .todo, at: 0)
        try await engine.deleteProject(slides.id)

        let history = try await engine.fetchHistory()

        #expect(
            history.map(\.kind) == [
                .deleted(.todo), .reordered(.todo), .edited, .moved(from: .todo, to: .doing),
                .added(.todo), .added(.todo), .added(.todo),
            ])
        #expect(
            history.map(\.projectTitle) == [
                "Slides v2", "Budget", "Slides v2", "Write report", "Budget", "Slides", "Write report",
            ])
    }

    @Test("undo reverts the last action and its activity; redo repeats both")
    func undoAndRedo() async throws {
        let engine = try makeEngine()
        let report = try await engine.createProject(ProjectDraft(title: "Write report"))
        try await engine.moveProject(report.id, to: .doing)

        var status = await engine.undoRedo.status()
        #expect(status.canUndo && !status.canRedo)
        #expect(status.undoActivities.map(\.kind) == [.moved(from: .todo, to: .doing)])

        status = try await engine.undoRedo.undo()
        #expect(try await engine.fetchProject(report.id).state == .todo)
        #expect(try await engine.fetchHistory().map(\.kind) == [.added(.todo)])
        #expect(status.canUndo && status.canRedo)
        #expect(status.redoActivities.map(\.kind) == [.moved(from: .todo, to: .doing)])

        status = try await engine.undoRedo.redo()
        #expect(try await engine.fetchProject(report.id).state == .doing)
        #expect(!status.canRedo)

        try await engine.undoRedo.undo()
        try await engine.undoRedo.undo()
        status = await engine.undoRedo.status()
        #expect(!status.canUndo && status.canRedo)
        #expect(try await engine.fetchBoard().projects.isEmpty)
    }

    @Test("a new action after an undo clears redo")
    func newActionClearsRedo() async throws {
        let engine = try makeEngine()
        _ = try await engine.createProject(ProjectDraft(title: "One"))
        try await engine.undoRedo.undo()
        _ = try await engine.createProject(ProjectDraft(title: "Two"))

        let status = await engine.undoRedo.status()
        #expect(status.canUndo && !status.canRedo)
    }

    @Test("undo and redo stacks survive reopening the store")
    func undoSurvivesReopen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let report: Project
        do {
            let first = try makeEngine(at: url)
            report = try await first.createProject(ProjectDraft(title: "Write report"))
            try await first.moveProject(report.id, to: .done)
        }
        do {
            let second = try makeEngine(at: url)
            #expect(await second.undoRedo.status().canUndo)
            try await second.undoRedo.undo()
        }
        do {
            let third = try makeEngine(at: url)
            #expect(try await third.fetchProject(report.id).state == .todo)
            #expect(await third.undoRedo.status().canRedo)
            try await third.undoRedo.redo()
        }
        #expect(try await makeEngine(at: url).fetchProject(report.id).state == .done)
    }

    @Test("an edit session changes nothing until commit, and nothing at all when discarded")
    func editSession() async throws {
        let engine = try makeEngine()
        let report = try await engine.createProject(ProjectDraft(title: "Write report"))

        let discarded = try await engine.beginProjectEdit(report.id)
        try await discarded.apply(ProjectDraft(title: "Changed"))
        #expect(await discarded.current().title == "Changed")
        #expect(try await engine.fetchProject(report.id).title == "Write report")
        await discarded.discard()
        #expect(try await engine.fetchProject(report.id) == report)

        let committed = try await engine.beginProjectEdit(report.id)
        try await committed.apply(ProjectDraft(title: "Final report", body: "Due Friday"))
        try await engine.moveProject(report.id, to: .doing)
        let saved = try await committed.commit()

        #expect(saved.title == "Final report")
        #expect(saved.state == .doing)
        #expect(try await engine.fetchProject(report.id) == saved)
    }

    @Test("an edit session refuses a draft that breaks the rules")
    func editSessionValidates() async throws {
        let engine = try makeEngine()
        let report = try await engine.createProject(ProjectDraft(title: "Write report"))
        let session = try await engine.beginProjectEdit(report.id)

        await #expect(throws: RepositoryError.invalid(ValidationError([.titleEmpty]))) {
            try await session.apply(ProjectDraft(title: "  "))
        }
    }
}
