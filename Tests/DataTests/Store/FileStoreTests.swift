import Foundation
import ProjectManagerData
import ProjectManagerTestSupport
import Testing

@Suite("File store")
struct FileStoreTests {
    typealias Shelf = Library.Shelf
    typealias Book = Library.Book
    typealias Chapter = Library.Chapter

    @Test("opening a missing file gives an empty context and writes nothing")
    func missingFileIsEmpty() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("new/library.json")

        // When
        let context = try ObjectContext(schema: Library.schema, store: .file(url))

        // Then
        #expect(try context.count(FetchRequest<Book>()) == 0)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("reopening a store shows what was saved, and not what was left unsaved")
    func reopenShowsSavedObjects() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("nested/dirs/library.json")
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
        let url = directory.file("library.json")
        let shelf = Shelf(1, name: "fiction")
        let book = Book(1, title: "alpha", shelf: shelf.id)
        do {
            let context = try ObjectContext(schema: Library.schema, store: .file(url))
            try context.insert(shelf)
            try context.insert(book)
            try context.insert(Chapter(1, of: book.id, number: 1))
            try context.save()
        }
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))

        // When
        try reopened.delete(Shelf.self, id: shelf.id)
        try reopened.delete(Book.self, id: book.id)
        try reopened.save()

        // Then
        let again = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try again.count(FetchRequest<Shelf>()) == 0)
        #expect(try again.count(FetchRequest<Book>()) == 0)
        #expect(try again.count(FetchRequest<Chapter>()) == 0)
    }

    @Test("writes a JSON document with its format, its schema version and one array per entity")
    func documentLayout() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.json")
        let context = try ObjectContext(schema: Library.schema, store: .file(url))
        try context.insert(Book(1, title: "alpha"))

        // When
        try context.save()

        // Then
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(document["format"] as? Int == 1)
        #expect(document["schemaVersion"] as? Int == 1)
        let entities = try #require(document["entities"] as? [String: Any])
        #expect(Set(entities.keys) == ["Shelf", "Book", "Chapter", "Loan"])
        #expect((entities["Book"] as? [Any])?.count == 1)
    }

    @Test("a failed save writes nothing")
    func failedSaveWritesNothing() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.json")
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

    @Test("a write that fails gives an ioFailure naming the file, and keeps the changes to retry or roll back")
    func writeFailure() throws {
        // Given a store whose directory cannot be made, because a file stands in its place
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data("not a directory".utf8).write(to: directory.file("blocked"))
        let url = directory.file("blocked/library.json")
        let context = try ObjectContext(schema: Library.schema, store: .file(url))
        try context.insert(Book(1, title: "alpha"))

        // When
        let error = try #require(throws: ContextError.self) { try context.save() }

        // Then
        guard case .store(.ioFailure(let file, let operation, _)) = error else {
            Issue.record("expected a store ioFailure, got \(error)")
            return
        }
        #expect(file == url.path)
        #expect(operation == "write")
        #expect(context.insertedObjects == [Book(1, title: "").objectID])
        context.rollback()
        #expect(!context.hasChanges)
    }
}
