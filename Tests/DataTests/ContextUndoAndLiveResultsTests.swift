import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Context undo and redo")
struct ContextUndoAndLiveResultsTests {
    let board = Board(id: .default, title: "Projects", createdAt: TestClock.defaultStart)
    let ids = SequentialIDs()

    func project(_ title: String, _ state: ProjectState = .todo, position: Int = 0) -> Project {
        Project(
            id: Project.ID(rawValue: ids.make()), boardID: .default, title: title, state: state,
            rank: Rank(ordinal: position), createdAt: TestClock.defaultStart)
    }

    func makeContext(undoLimit: Int = ObjectContext.defaultUndoLimit) throws -> ObjectContext {
        let context = try ObjectContext(schema: .projectManager, store: .inMemory, undoLimit: undoLimit)
        try context.insert(board)
        try context.save()
        return context
    }

    /// Saves "Write report" as the action "Add", then renames it "Final report" as "Rename".
    func addAndRename(in context: ObjectContext) throws -> Project {
        var report = project("Write report")
        try context.insert(report)
        try context.save(actionName: "Add")
        report.title = "Final report"
        try context.update(report)
        try context.save(actionName: "Rename")
        return report
    }

    @Test("each save is one undo step, undone and redone in order")
    func undoStepPerSave() throws {
        let context = try makeContext()
        let report = try addAndRename(in: context)

        #expect(context.undoActionName == "Rename")
        try context.undo()
        #expect(context.object(Project.self, id: report.id)?.title == "Write report")
        #expect(context.undoActionName == "Add")
        #expect(context.redoActionName == "Rename")
        try context.undo()
        #expect(context.object(Project.self, id: report.id) == nil)
        try context.undo()  // the board's insert
        #expect(!context.canUndo)

        try context.redo()
        try context.redo()
        try context.redo()
        #expect(context.object(Project.self, id: report.id)?.title == "Final report")
        #expect(!context.canRedo)
    }

    @Test("the undo and redo steps' objects are read as their action left them")
    func undoStepObjectsAfterTheAction() throws {
        let context = try makeContext()
        let report = try addAndRename(in: context)
        #expect(context.undoStepObjects(Project.self).undo.map(\.id) == [report.id])
        #expect(context.undoStepObjects(Project.self).undo.map(\.title) == ["Final report"])

        try context.undo()

        let steps = context.undoStepObjects(Project.self)
        #expect(steps.undo.map(\.title) == ["Write report"])
        #expect(steps.redo.map(\.title) == ["Final report"])
    }

    @Test("saves inside an undo group are undone together")
    func grouping() throws {
        let context = try makeContext()
        let first = project("First")
        let second = project("Second", position: 1)
        context.beginUndoGroup(named: "Add two")
        try context.insert(first)
        try context.save()
        try context.insert(second)
        try context.save()
        context.endUndoGroup()

        try context.undo()

        #expect(context.object(Project.self, id: first.id) == nil)
        #expect(context.object(Project.self, id: second.id) == nil)
        #expect(context.redoActionName == "Add two")
    }

    @Test("undo depth is bounded")
    func boundedDepth() throws {
        let context = try makeContext(undoLimit: 2)
        for index in 0..<5 {
            try context.insert(project("P\(index)", position: index))
            try context.save()
        }

        try context.undo()
        try context.undo()

        #expect(!context.canUndo)
        #expect(try context.count(FetchRequest<Project>()) == 3)
    }

    @Test("undo refuses to run over unsaved changes, which stay")
    func undoNeedsSavedContext() throws {
        let context = try makeContext()
        let pending = project("Pending")
        try context.insert(pending)

        #expect(throws: ContextError.unsavedChanges) { try context.undo() }
        #expect(context.insertedObjects == [pending.objectID])
    }

    @Test("a context without undo keeps no steps")
    func noUndo() throws {
        let context = try makeContext(undoLimit: 0)
        try context.insert(project("One"))
        try context.save()

        #expect(!context.canUndo)
        try context.undo()
        #expect(try context.count(FetchRequest<Project>()) == 1)
    }
}
