import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// A card's checklist, through the engine, over both kinds of store.
@Suite("Checklists")
struct ChecklistTests {
    static func texts(_ engine: ProjectManagerEngine, of card: Project.ID) async throws -> [String] {
        try await engine.fetchChecklist(card).map(\.text)
    }

    /// Each item's text, with "✓" before a ticked one.
    static func ticks(_ engine: ProjectManagerEngine, of card: Project.ID) async throws -> [String] {
        try await engine.fetchChecklist(card).map { ($0.isDone ? "✓" : "") + $0.text }
    }

    @Test(
        "items keep the order they are put in, at an index or last, and a restart keeps it",
        arguments: StoreKind.allCases)
    func order(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan the offsite"))

        let room = try await engine.addChecklistItem("Book the room", to: card.id)
        try await engine.addChecklistItem("Order lunch", to: card.id)
        try await engine.addChecklistItem("Send the agenda", to: card.id, at: 0)
        try await engine.addChecklistItem("Print badges", to: card.id, at: 2)
        try await engine.addChecklistItem("Book the bus", to: card.id, at: 99)

        let expected = ["Send the agenda", "Book the room", "Print badges", "Order lunch", "Book the bus"]
        #expect(try await Self.texts(engine, of: card.id) == expected)
        #expect(room.projectID == card.id)
        #expect(room.boardID == .default)
        #expect(!room.isDone)
        // Rewritten as one snapshot, the store keeps the checklist as well as its journal did.
        if kind == .file { try engine.compact() }
        #expect(try await Self.texts(harness.restarted(), of: card.id) == expected)
        #expect(
            try await harness.engine.fetchHistory(limit: 1).map(\.kind) == [.checklistItemAdded("Book the bus")])
        #expect(try await harness.engine.fetchHistory(limit: 1).map(\.projectTitle) == ["Plan the offsite"])
    }

    @Test("ticking counts toward the card's progress, 2/5; a tick writes the item alone", arguments: StoreKind.allCases)
    func progress(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan the offsite"))
        var items: [ChecklistItem] = []
        for text in ["a", "b", "c", "d", "e"] { items.append(try await engine.addChecklistItem(text, to: card.id)) }
        #expect(try await engine.fetchChecklist.progress(of: card.id).description == "0/5")
        var changes = engine.changes().makeAsyncIterator()
        harness.clock.advance(by: 60)

        let ticked = try await engine.editChecklistItem(items[1].id, .done(true))
        try await engine.editChecklistItem(items[3].id, .done(true))

        #expect(ticked.isDone)
        let progress = try await engine.fetchChecklist.progress(of: card.id)
        #expect(progress == ChecklistProgress(done: 2, total: 5))
        #expect(progress.description == "2/5")
        #expect(!progress.isComplete)
        #expect(try await Self.ticks(engine, of: card.id) == ["a", "✓b", "c", "✓d", "e"])
        // The card itself is not written: its date of change is the one it was made with.
        #expect(try await engine.fetchProject(card.id) == card)
        // The save names the item, and its card as the one to show again; no other item.
        let change = try #require(await changes.next())
        #expect(change.inserted.isEmpty && change.deleted.isEmpty)
        #expect(change.updated == [.checklistItem(items[1].id), .project(card.id)])
        #expect(change.projectBoards == [card.id: .default])
        #expect(
            try await engine.fetchHistory(limit: 2).map(\.kind) == [.checklistItemDone("d"), .checklistItemDone("b")])

        try await engine.editChecklistItem(items[1].id, .done(false))
        #expect(try await harness.restarted().fetchChecklist.progress(of: card.id).description == "1/5")
        #expect(try await harness.engine.fetchHistory(limit: 1).map(\.kind) == [.checklistItemUndone("b")])
    }

    @Test(
        "an item is renamed and moved to an index; an edit that changes nothing saves nothing",
        arguments: StoreKind.allCases)
    func renameAndMove(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan"))
        let a = try await engine.addChecklistItem("a", to: card.id)
        try await engine.addChecklistItem("b", to: card.id)
        let c = try await engine.addChecklistItem("c", to: card.id)

        try await engine.editChecklistItem(c.id, .move(to: 0))
        try await engine.editChecklistItem(a.id, .move(to: 5))
        try await engine.editChecklistItem(a.id, .text("  A, first  "))
        #expect(try await Self.texts(engine, of: card.id) == ["c", "b", "A, first"])
        let history = try await engine.fetchHistory().count

        try await engine.editChecklistItem(c.id, .move(to: 0))
        try await engine.editChecklistItem(a.id, .move(to: 2))
        try await engine.editChecklistItem(a.id, .text("A, first"))
        try await engine.editChecklistItem(a.id, .done(false))

        #expect(try await engine.fetchHistory().count == history)
        #expect(try await Self.texts(harness.restarted(), of: card.id) == ["c", "b", "A, first"])
        #expect(
            try await harness.engine.fetchHistory(limit: 3).map(\.kind) == [
                .checklistItemEdited(from: "a", to: "A, first"), .checklistItemMoved("a"), .checklistItemMoved("c"),
            ])
    }

    @Test("each step is undone alone, newest first, and redone", arguments: StoreKind.allCases)
    func undoEachStep(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan"))
        let a = try await engine.addChecklistItem("a", to: card.id)
        let b = try await engine.addChecklistItem("b", to: card.id)
        try await engine.editChecklistItem(a.id, .done(true))
        try await engine.editChecklistItem(a.id, .text("A"))
        try await engine.editChecklistItem(b.id, .move(to: 0))
        try await engine.editChecklistItem(b.id, .delete)
        #expect(try await Self.ticks(engine, of: card.id) == ["✓A"])

        let engineAfterRestart = try harness.restarted()
        var states: [[String]] = []
        for _ in 0..<6 {
            try await engineAfterRestart.undoRedo.undo()
            states.append(try await Self.ticks(engineAfterRestart, of: card.id))
        }

        #expect(states == [["b", "✓A"], ["✓A", "b"], ["✓a", "b"], ["a", "b"], ["a"], []])
        try await engineAfterRestart.undoRedo.redo()
        #expect(try await Self.ticks(engineAfterRestart, of: card.id) == ["a"])
    }

    @Test(
        "text that breaks a title's rules, a missing item and a missing card are refused; nothing is saved",
        arguments: StoreKind.allCases)
    func refusals(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan"))
        let item = try await engine.addChecklistItem("a", to: card.id)
        let history = try await engine.fetchHistory().count

        await #expect(throws: RepositoryError.invalid(ValidationError([.titleEmpty]))) {
            try await engine.addChecklistItem("   ", to: card.id)
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.titleHasLineBreak]))) {
            try await engine.editChecklistItem(item.id, .text("one\ntwo"))
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.titleTooLong(limit: 100)]))) {
            try await engine.addChecklistItem(String(repeating: "x", count: 101), to: card.id)
        }
        let missingItem = ChecklistItem.ID(rawValue: UUID())
        await #expect(throws: RepositoryError.notFound(.checklistItem(missingItem))) {
            try await engine.editChecklistItem(missingItem, .done(true))
        }
        let missingCard = Project.ID(rawValue: UUID())
        await #expect(throws: RepositoryError.notFound(.project(missingCard))) {
            try await engine.addChecklistItem("b", to: missingCard)
        }
        await #expect(throws: RepositoryError.notFound(.project(missingCard))) {
            try await engine.fetchChecklist(missingCard)
        }

        #expect(try await engine.fetchHistory().count == history)
        #expect(try await Self.ticks(harness.restarted(), of: card.id) == ["a"])
    }

    @Test("deleting a card deletes its checklist, and undoing it brings it back", arguments: StoreKind.allCases)
    func deleteCascades(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan"))
        let item = try await engine.addChecklistItem("a", to: card.id)
        try await engine.addChecklistItem("b", to: card.id)
        let other = try await engine.createProject(ProjectDraft(title: "Other"))
        try await engine.addChecklistItem("kept", to: other.id)

        try await engine.deleteProject(card.id)

        let restarted = try harness.restarted()
        await #expect(throws: RepositoryError.notFound(.checklistItem(item.id))) {
            try await restarted.editChecklistItem(item.id, .done(true))
        }
        #expect(try await Self.texts(restarted, of: other.id) == ["kept"])
        if kind == .file {
            let check = restarted.checkStore()
            #expect(check.isHealthy)
            #expect(check.objects[ChecklistItem.entityName] == 1)
        }
        try await restarted.undoRedo.undo()
        #expect(try await Self.texts(restarted, of: card.id) == ["a", "b"])
    }

    @Test(
        "a card moved to another board takes its checklist; the board deleted takes it away",
        arguments: StoreKind.allCases)
    func moveToBoard(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let work = try await engine.createBoard(title: "Work")
        let card = try await engine.createProject(ProjectDraft(title: "Plan"))
        let item = try await engine.addChecklistItem("a", to: card.id)
        try await engine.editChecklistItem(item.id, .done(true))

        try await engine.moveProject(card.id, toBoard: work.id)

        let restarted = try harness.restarted()
        #expect(try await restarted.fetchChecklist(card.id).map(\.boardID) == [work.id])
        #expect(try await Self.ticks(restarted, of: card.id) == ["✓a"])
        // Undone on the board it left, it comes back with its checklist; redone, it goes again.
        try await restarted.undoRedo.undo(onBoard: .default)
        #expect(try await restarted.fetchChecklist(card.id).map(\.boardID) == [.default])
        try await restarted.undoRedo.redo(onBoard: .default)
        // Work's history undoes the next step there, not the item: its checklist is on Work now.
        try await restarted.editChecklistItem(item.id, .text("A"))
        try await restarted.undoRedo.undo(onBoard: work.id)
        #expect(try await Self.ticks(restarted, of: card.id) == ["✓a"])

        try await restarted.deleteBoard(work.id)
        await #expect(throws: RepositoryError.notFound(.checklistItem(item.id))) {
            try await restarted.editChecklistItem(item.id, .done(false))
        }
        if kind == .file { #expect(try harness.restarted().checkStore().isHealthy) }
    }

    @Test("another account's checklist reads as missing, and cannot be changed", arguments: StoreKind.allCases)
    func anotherAccounts(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        _ = try await engine.signUp(email: "ada@example.com", password: "correct horse battery")
        let board = try await engine.createBoard(title: "Ada's")
        let card = try await engine.createProject(ProjectDraft(title: "Secret"), on: board.id)
        let item = try await engine.addChecklistItem("a", to: card.id)
        _ = try await engine.signUp(email: "bob@example.com", password: "correct horse battery")

        await #expect(throws: RepositoryError.notFound(.project(card.id))) { try await engine.fetchChecklist(card.id) }
        await #expect(throws: RepositoryError.notFound(.project(card.id))) {
            try await engine.addChecklistItem("b", to: card.id)
        }
        await #expect(throws: RepositoryError.notFound(.checklistItem(item.id))) {
            try await engine.editChecklistItem(item.id, .delete)
        }
        _ = try await engine.signIn(email: "ada@example.com", password: "correct horse battery")
        #expect(try await Self.texts(engine, of: card.id) == ["a"])
    }
}
