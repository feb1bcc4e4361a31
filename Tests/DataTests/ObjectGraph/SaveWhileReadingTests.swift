import Foundation
import ProjectManagerTestSupport
import Synchronization
import Testing

@testable import ProjectManagerData

/// A root context writes and syncs its store without the lock its readers take. The disk is made
/// slow on cue through the file-system seam: ``FaultyFileSystem/Gate`` holds the save's sync until
/// the test has read.
@Suite("Context: reads while a save syncs")
struct SaveWhileReadingTests {
    /// A library store at `url` over `fileSystem`, with one shelf saved as "Add shelf".
    private func library(at url: URL, over fileSystem: FaultyFileSystem) throws -> ObjectContext {
        let context = try ObjectContext(
            schema: Library.schema, store: JournalStore(url: url, fileSystem: fileSystem), undoLimit: 10)
        try context.insert(Library.Shelf(1, name: "Fiction"))
        try context.save(actionName: "Add shelf")
        return context
    }

    @Test("a read while a save syncs does not wait for the disk, and sees the whole save")
    func readDuringSync() throws {
        // Given a store with a shelf saved, whose next sync is held
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        try readWhileHeld(url)

        // And the save is durable
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try reopened.count(FetchRequest<Library.Chapter>()) == 2)
    }

    /// Opens the store at `url` (the store admits one context at a time: this one closes on
    /// return), holds a save's sync and reads meanwhile.
    private func readWhileHeld(_ url: URL) throws {
        let fileSystem = FaultyFileSystem()
        let context = try library(at: url, over: fileSystem)
        let gate = FaultyFileSystem.Gate()
        fileSystem.inject(.hold(gate), into: .synchronize)
        let book = Library.Book(1, title: "alpha", shelf: Library.Shelf(1, name: "Fiction").id)
        let chapters = [Library.Chapter(1, of: book.id, number: 1), Library.Chapter(2, of: book.id, number: 2)]
        try context.insert(book)
        for chapter in chapters { try context.insert(chapter) }

        // When the save is in its sync, on another thread
        let outcome = Mutex<Result<Void, ContextError>?>(nil)
        let saved = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let result = Result { () throws(ContextError) in try context.save(actionName: "Add book") }
            outcome.withLock { $0 = result }
            saved.signal()
        }
        try #require(gate.waitUntilHeld(), "the save never reached its sync")
        let bookDuringSync = context.object(Library.Book.self, id: book.id)
        let chaptersDuringSync = context.objects(Library.Chapter.self, where: \.bookID, is: book.id)
        let booksDuringSync = try context.count(FetchRequest<Library.Book>())
        let undoDuringSync = context.undoActionName
        gate.release()
        saved.wait()

        // Then the reads ran while the sync waited, and saw the save whole
        #expect(gate.wasReleased, "a read waited for the sync")
        #expect(bookDuringSync == book)
        #expect(Set(chaptersDuringSync.map(\.id)) == Set(chapters.map(\.id)))
        #expect(booksDuringSync == 1)
        #expect(undoDuringSync == "Add shelf", "the undo step is the save's once it is durable")
        #expect(throws: Never.self) { try outcome.withLock { $0 }?.get() }
        #expect(context.undoActionName == "Add book")
        #expect(!context.hasChanges)
    }

    @Test("a failed sync while readers read gives the changes back unsaved, and undo is as it was")
    func failedSyncKeepsChanges() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fileSystem = FaultyFileSystem()
        let context = try library(at: directory.file("library.pmstore"), over: fileSystem)
        fileSystem.inject(.fail, into: .synchronize)
        let book = Library.Book(1, title: "alpha")
        try context.insert(book)

        // When
        #expect(throws: ContextError.self) { try context.save(actionName: "Add book") }

        // Then
        #expect(context.insertedObjects == [book.objectID])
        #expect(context.undoActionName == "Add shelf")
        context.rollback()
        #expect(context.object(Library.Book.self, id: book.id) == nil)
    }
}
