import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("File store")
struct FileStoreTests {
    typealias Shelf = Library.Shelf
    typealias Book = Library.Book
    typealias Chapter = Library.Chapter
    typealias Loan = Library.Loan

    @Test("opening a missing file gives an empty context, and makes no folder, lock or store file")
    func missingFileIsEmpty() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("new/library.pmstore")

        // When
        let context = try ObjectContext(schema: Library.schema, store: .file(url))

        // Then
        #expect(try context.count(FetchRequest<Book>()) == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.file("new").path))
    }

    @Test("reopening a store shows what was saved, and not what was left unsaved")
    func reopenShowsSavedObjects() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("nested/dirs/library.pmstore")
        let shelf = Shelf(1, name: "fiction")
        let alpha = Book(1, title: "alpha", year: 1999, isbn: "978-0", shelf: shelf.id)
        let chapter = Chapter(1, of: alpha.id, number: 7)

        // When
        do {
            let context = try ObjectContext(schema: Library.schema, store: .file(url))
            try context.insert(shelf)
            try context.insert(alpha)
            try context.insert(chapter)
            try context.save()
            try context.insert(Book(2, title: "unsaved"))
        }
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))

        // Then
        #expect(try reopened.fetch(FetchRequest<Shelf>()) == [shelf])
        #expect(try reopened.fetch(FetchRequest<Book>()) == [alpha])
        #expect(try reopened.fetch(FetchRequest<Chapter>()) == [chapter])
        #expect(!reopened.hasChanges)
        #expect(reopened.objects(Chapter.self, where: \.bookID, is: alpha.id) == [chapter])
    }

    @Test("a reopened store keeps its relationships: delete rules still apply")
    func reopenKeepsRelationships() throws {
        // Given a book on a shelf with a chapter, saved and reopened
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let shelf = Shelf(1, name: "fiction")
        let book = Book(1, title: "alpha", shelf: shelf.id)
        do {
            let context = try ObjectContext(schema: Library.schema, store: .file(url))
            try context.insert(shelf)
            try context.insert(book)
            try context.insert(Chapter(1, of: book.id, number: 1))
            try context.save()
        }

        // When
        do {
            let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
            try reopened.delete(Shelf.self, id: shelf.id)
            try reopened.delete(Book.self, id: book.id)
            try reopened.save()
        }

        // Then
        let again = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try again.count(FetchRequest<Shelf>()) == 0)
        #expect(try again.count(FetchRequest<Book>()) == 0)
        #expect(try again.count(FetchRequest<Chapter>()) == 0)
    }

    @Test("writes a store file that starts with the store header and reopens with every object")
    func fileLayoutAndRoundTrip() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let shelf = Shelf(1, name: "fiction")
        let book = Book(1, title: "alpha", year: 1999, isbn: "978-0", shelf: shelf.id)
        let chapter = Chapter(1, of: book.id, number: 3)
        let loan = Loan(1, of: book.id, to: "Ada")

        // When
        do {
            let context = try ObjectContext(schema: Library.schema, store: .file(url))
            try context.insert(shelf)
            try context.insert(book)
            try context.insert(chapter)
            try context.insert(loan)
            try context.save()
        }

        // Then the file is a store file: magic, format version 2, schema version 1
        let bytes = try Data(contentsOf: url)
        try #require(bytes.count > 16)
        #expect(Array(bytes.prefix(8)) == Array("PMSTORE\0".utf8))
        #expect(Array(bytes[8..<12]) == [2, 0, 0, 0])
        #expect(Array(bytes[12..<16]) == [1, 0, 0, 0])

        // And reopening restores every object
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try reopened.fetch(FetchRequest<Shelf>()) == [shelf])
        #expect(try reopened.fetch(FetchRequest<Book>()) == [book])
        #expect(try reopened.fetch(FetchRequest<Chapter>()) == [chapter])
        #expect(try reopened.fetch(FetchRequest<Loan>()) == [loan])
    }

    @Test("a save of one changed object appends a small record, whatever the size of the store")
    func saveCostDoesNotGrowWithTheStore() throws {
        // Given stores of 1,000 and 10,000 objects
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        // When one object of each is renamed and saved
        let small = try Self.bytesAppendedByRenamingOneShelf(among: 1_000, at: directory.file("small.pmstore"))
        let large = try Self.bytesAppendedByRenamingOneShelf(among: 10_000, at: directory.file("large.pmstore"))

        // Then
        #expect(small > 0)
        #expect(small < 1_024)
        #expect(large < 1_024)
        #expect(Double(large) <= Double(small) * 1.5)
    }

    @Test("an import that makes the journal due for compaction ends in the snapshot, later saves in the journal")
    func largeSaveWritesTheSnapshot() throws {
        // Given a store that compacts once its journal outgrows its snapshot
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let store = JournalStore(url: url, compactionFloor: 0)
        let context = try ObjectContext(schema: Library.schema, store: store, undoLimit: 10)
        let shelves = (1...2_500).map { Shelf($0, name: "shelf \($0)") }  // more than one chunk of JSON

        // When an import is saved, then one small change
        try context.insert(shelves)
        try context.save()
        let journalAfterImport = store.journalBytes
        try context.update(Shelf(7, name: "renamed"))
        try context.save()

        // Then the import went into the snapshot, the small change into the journal, and both read back
        #expect(journalAfterImport == 0)
        #expect(store.journalBytes > 0)
        // (a copy: this context holds the store's lock)
        try FileManager.default.copyItem(at: url, to: directory.file("copy.pmstore"))
        let copy = try ObjectContext(schema: Library.schema, store: .file(directory.file("copy.pmstore")))
        #expect(try copy.count(FetchRequest<Shelf>()) == 2_500)
        #expect(copy.object(Shelf.self, id: Shelf(2_000, name: "").id) == Shelf(2_000, name: "shelf 2000"))
        #expect(copy.object(Shelf.self, id: Shelf(7, name: "").id)?.name == "renamed")
    }

    /// Saves `count` shelves in a new store at `url`, then renames one, and returns how many bytes
    /// that second save added to the file.
    static func bytesAppendedByRenamingOneShelf(among count: Int, at url: URL) throws -> Int {
        let context = try ObjectContext(schema: Library.schema, store: .file(url))
        try context.insert((1...count).map { Shelf($0, name: "shelf \($0)") })
        try context.save()
        let before = try Data(contentsOf: url).count
        try context.update(Shelf(count / 2, name: "renamed"))
        try context.save()
        return try Data(contentsOf: url).count - before
    }

    @Test("a failed save writes nothing")
    func failedSaveWritesNothing() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let context = try ObjectContext(schema: Library.schema, store: .file(url))
        try context.insert(Book(1, title: "alpha"))
        try context.save()
        let bytesBefore = try Data(contentsOf: url)

        // When
        try context.insert(Book(2, title: ""))
        #expect(throws: ContextError.self) { try context.save() }

        // Then
        #expect(try Data(contentsOf: url) == bytesBefore)
    }

    @Test(
        "a write that fails gives an ioFailure naming the file, keeps the changes to roll back, and loses no earlier save"
    )
    func writeFailure() throws {
        // Given a store with alpha saved, whose next write fails
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let alpha = Book(1, title: "alpha")
        let bravo = Book(2, title: "bravo")
        let bytesBefore: Data
        do {
            let fileSystem = FaultyFileSystem()
            let context = try ObjectContext(
                schema: Library.schema, store: JournalStore(url: url, fileSystem: fileSystem), undoLimit: 10)
            try context.insert(alpha)
            try context.save()
            bytesBefore = try Data(contentsOf: url)
            fileSystem.inject(.fail, into: .write)
            try context.insert(bravo)

            // When
            let error = try #require(throws: ContextError.self) { try context.save() }

            // Then the error names the file and the change is kept, unsaved
            guard case .store(.ioFailure(let file, let operation, _)) = error else {
                Issue.record("expected a store ioFailure, got \(error)")
                return
            }
            #expect(file == url.path)
            #expect(operation == "write to")
            #expect(context.insertedObjects == [bravo.objectID])

            // And the store takes no more saves until it is reopened; the change can be rolled back
            #expect(throws: ContextError.store(.closed(file: url.path))) { try context.save() }
            context.rollback()
            #expect(!context.hasChanges)
        }
        #expect(try Data(contentsOf: url) == bytesBefore)
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try reopened.fetch(FetchRequest<Book>()) == [alpha])
    }

    // MARK: - One writer

    @Test("a second open of the same store file is refused as locked, and the first keeps working")
    func secondOpenIsLocked() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let alpha = Book(1, title: "alpha")
        let bravo = Book(2, title: "bravo")
        do {
            let first = try ObjectContext(schema: Library.schema, store: .file(url))
            try first.insert(alpha)
            try first.save()

            // When
            #expect(throws: ContextError.store(.locked(file: url.path))) {
                try ObjectContext(schema: Library.schema, store: .file(url))
            }

            // Then the first context still reads and saves
            try first.insert(bravo)
            try first.save()
            #expect(try first.count(FetchRequest<Book>()) == 2)
        }

        // And once it is gone the store opens with both saves
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try reopened.fetch(FetchRequest<Book>()).sorted { $0.title < $1.title } == [alpha, bravo])
    }

    // MARK: - Crashes

    @Test("a last save torn by a crash is dropped on opening, the earlier save is intact, and the next save follows it")
    func tornLastRecord() throws {
        // Given a store with two saves, whose file lost its last five bytes
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let alpha = Book(1, title: "alpha")
        let bravo = Book(2, title: "bravo")
        let charlie = Book(3, title: "charlie")
        let firstSaveEnd: Int
        do {
            let context = try ObjectContext(schema: Library.schema, store: .file(url))
            try context.insert(alpha)
            try context.save()
            firstSaveEnd = try Data(contentsOf: url).count
            try context.insert(bravo)
            try context.save()
        }
        let torn = try Data(contentsOf: url).dropLast(5)
        try torn.write(to: url)

        do {
            // When
            let store = JournalStore(url: url)
            let context = try ObjectContext(schema: Library.schema, store: store, undoLimit: 10)

            // Then
            #expect(try context.fetch(FetchRequest<Book>()) == [alpha])
            #expect(store.warnings == [.droppedTornTail(offset: firstSaveEnd, bytes: torn.count - firstSaveEnd)])
            #expect(context.storeWarnings == store.warnings)
            #expect(try Data(contentsOf: url) == torn)

            // When
            try context.insert(charlie)
            try context.save()
        }

        // Then
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try reopened.fetch(FetchRequest<Book>()).sorted { $0.title < $1.title } == [alpha, charlie])
    }
}
