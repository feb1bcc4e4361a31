import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// Opening a store decodes its undo history when it is first used, not at open: the snapshot's
/// stacks are checked for framing and kept as bytes, and the saves replayed after the snapshot
/// are applied to them, in order, when they are decoded.
@Suite("Undo stacks decoded on first use")
struct UndoOnFirstUseTests {
    typealias Fixture = BinaryCodingTests

    @Test("a snapshot's stacks decoded on first use are the stacks decoded at once")
    func sameStacks() throws {
        let data = try BinaryStoreCoding.encodeSnapshot(Fixture.contents())

        let atOnce = try BinaryStoreCoding.decodeSnapshot(data, schema: .projectManager, undoLimit: 10, steps: []).0
        let onFirstUse = try BinaryStoreCoding.decodeSnapshot(
            data, schema: .projectManager, undoLimit: 10, steps: [], undoOnFirstUse: true
        ).0

        #expect(Fixture.summary(onFirstUse) == Fixture.summary(atOnce))
        #expect(onFirstUse.undo.undo.count == 2)
        #expect(onFirstUse.undo.redo.map(\.name) == ["Delete"])
    }

    @Test("the objects of the undo history are not decoded at open: one that cannot be opens, and the history is empty")
    func objectsNotDecodedAtOpen() throws {
        var data = try BinaryStoreCoding.encodeSnapshot(Fixture.contents())
        // The edited title appears in the undo stack alone; a length that runs past its object
        // breaks the object and nothing around it.
        let title = Data("Edited".utf8)
        let at = try #require(data.firstRange(of: title)).lowerBound
        #expect(data[at - 1] == UInt8(title.count))
        data[at - 1] = 0x7F

        #expect(throws: (any Error).self) {
            try BinaryStoreCoding.decodeSnapshot(data, schema: .projectManager, undoLimit: 10, steps: [])
        }
        let opened = try BinaryStoreCoding.decodeSnapshot(
            data, schema: .projectManager, undoLimit: 10, steps: [], undoOnFirstUse: true
        ).0

        #expect(opened.graph.table(Project.self)[Fixture.projects[1].id.rawValue] == Fixture.projects[1])
        #expect(opened.undo.undo.isEmpty)
        #expect(opened.undo.redo.isEmpty)
    }

    @Test("saves replayed after the snapshot apply, in order, when the stacks are decoded")
    func replayedSaves() throws {
        let projects = Fixture.projects
        var replayed = try BinaryStoreCoding.decodeSnapshot(
            try BinaryStoreCoding.encodeSnapshot(Fixture.contents()), schema: .projectManager, undoLimit: 3,
            steps: [], undoOnFirstUse: true
        ).0
        var atOnce = Fixture.contents()
        atOnce.undo.limit = 3
        let saves: [(UndoOperation, String?)] = [
            (.push, "Add a"), (.undo, nil), (.push, "Add b"), (.merge, "Add b"), (.redo, nil), (.push, "Add c"),
            (.push, "Add d"),
        ]
        for (index, (operation, name)) in saves.enumerated() {
            let project = projects[index % projects.count]
            let changes = [ObjectChange(id: project.objectID, before: nil, after: project)]
            replayed.undo.apply(operation, name: name, changes: changes)
            atOnce.undo.apply(operation, name: name, changes: changes)
        }

        #expect(Fixture.summary(replayed) == Fixture.summary(atOnce))
        #expect(replayed.undo.undo.map(\.name) == ["Add b", "Add c", "Add d"])
    }

    @Test("a store reopened with its history in the snapshot and the journal undoes and redoes as before")
    func reopenedStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let books = (1...4).map { Library.Book($0, title: "book \($0)") }
        do {
            // Every save compacts: the history is in the snapshot.
            let context = try ObjectContext(
                schema: Library.schema, store: JournalStore(url: url, compactionFloor: 0), undoLimit: 10)
            for book in books.prefix(2) {
                try context.insert(book)
                try context.save(actionName: "add \(book.title)")
            }
        }
        do {
            // These stay in the journal, replayed over the snapshot's history.
            let context = try ObjectContext(schema: Library.schema, store: JournalStore(url: url), undoLimit: 10)
            try context.insert(books[2])
            try context.save(actionName: "add \(books[2].title)")
            try context.undo()
            try context.insert(books[3])
            try context.save(actionName: "add \(books[3].title)")
        }

        let context = try ObjectContext(schema: Library.schema, store: JournalStore(url: url), undoLimit: 10)

        #expect(context.undoActionName == "add book 4")
        #expect(context.canRedo == false)
        try context.undo()
        try context.undo()
        #expect(context.undoActionName == "add book 1")
        #expect(try context.fetch(FetchRequest<Library.Book>()).map(\.title).sorted() == ["book 1"])
        try context.redo()
        #expect(try context.fetch(FetchRequest<Library.Book>()).map(\.title).sorted() == ["book 1", "book 2"])
    }
}
