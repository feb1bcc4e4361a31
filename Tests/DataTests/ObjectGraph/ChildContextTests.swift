import Foundation
import ProjectManagerData
import ProjectManagerTestSupport
import Testing

@Suite("Child contexts")
struct ChildContextTests {
    typealias Book = Library.Book

    static let alpha = Book(1, title: "alpha")
    static let bravo = Book(2, title: "bravo")

    @Test("a child starts from its parent's objects, unsaved changes included, and knows its parent")
    func childSeesParent() throws {
        // Given
        let parent = Library.context()
        try parent.insert(Self.alpha)
        try parent.save()
        try parent.insert(Self.bravo)

        // When
        let child = parent.newChildContext()

        // Then
        #expect(child.parent === parent)
        #expect(parent.parent == nil)
        #expect(!child.hasChanges)
        #expect(try child.count(FetchRequest<Book>()) == 2)
    }

    @Test("saving a child pushes its changes into the parent as unsaved changes, without touching disk")
    func childSavePushesIntoParent() throws {
        // Given a parent over a store file, with alpha saved
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.json")
        let parent = try ObjectContext(schema: Library.schema, store: .file(url))
        try parent.insert(Self.alpha)
        try parent.save()
        let bytesBefore = try Data(contentsOf: url)
        let child = parent.newChildContext()
        var renamed = Self.alpha
        renamed.title = "alpha, renamed"

        // When
        try child.update(renamed)
        try child.insert(Self.bravo)
        try child.save()

        // Then
        #expect(!child.hasChanges)
        #expect(parent.hasChanges)
        #expect(parent.insertedObjects == [Self.bravo.objectID])
        #expect(parent.updatedObjects == [Self.alpha.objectID])
        #expect(parent.object(Book.self, id: Self.alpha.id)?.title == "alpha, renamed")
        #expect(try Data(contentsOf: url) == bytesBefore)

        // When the parent saves
        try parent.save()

        // Then
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(reopened.object(Book.self, id: Self.bravo.id) == Self.bravo)
        #expect(reopened.object(Book.self, id: Self.alpha.id) == renamed)
    }

    @Test("a child's delete reaches the parent, and the parent can roll it back")
    func childDeleteAndParentRollback() throws {
        // Given
        let parent = Library.context()
        try parent.insert([Self.alpha, Self.bravo])
        try parent.save()
        let child = parent.newChildContext()

        // When
        try child.delete(Book.self, id: Self.alpha.id)
        try child.save()

        // Then
        #expect(parent.deletedObjects == [Self.alpha.objectID])

        // When
        parent.rollback()

        // Then
        #expect(parent.object(Book.self, id: Self.alpha.id) == Self.alpha)
        #expect(!parent.hasChanges)
    }

    @Test("discarding a child leaves the parent untouched")
    func discardingChild() throws {
        // Given
        let parent = Library.context()
        try parent.insert(Self.alpha)
        try parent.save()

        // When changes are made in a child that is dropped unsaved
        do {
            let child = parent.newChildContext()
            try child.insert(Self.bravo)
            try child.delete(Book.self, id: Self.alpha.id)
            #expect(child.hasChanges)
        }

        // Then
        #expect(!parent.hasChanges)
        #expect(parent.object(Book.self, id: Self.alpha.id) == Self.alpha)
        #expect(parent.object(Book.self, id: Self.bravo.id) == nil)
    }

    @Test("a child's rollback discards its changes, and a failed child save leaves the parent untouched")
    func childRollbackAndFailedSave() throws {
        // Given
        let parent = Library.context()
        try parent.insert(Self.alpha)
        try parent.save()
        let child = parent.newChildContext()

        // When
        try child.insert(Book(3, title: ""))

        // Then
        #expect(throws: ContextError.self) { try child.save() }
        #expect(!parent.hasChanges)

        // When
        child.rollback()

        // Then
        #expect(!child.hasChanges)
        #expect(try child.count(FetchRequest<Book>()) == 1)
    }

    @Test("a parent's changes after the child was made do not reach the child")
    func childIsASnapshot() throws {
        // Given
        let parent = Library.context()
        let child = parent.newChildContext()

        // When
        try parent.insert(Self.alpha)

        // Then
        #expect(child.object(Book.self, id: Self.alpha.id) == nil)
    }
}

@Suite("Change stream")
struct ChangeStreamTests {
    typealias Book = Library.Book

    @Test("delivers the ids of each save, in order, and nothing for a save without changes")
    func deliversEachSave() async throws {
        // Given
        let context = Library.context()
        let alpha = Book(1, title: "alpha")
        let bravo = Book(2, title: "bravo")
        let stream = context.changeStream()
        var changes = stream.makeAsyncIterator()

        // When
        try context.insert([alpha, bravo])
        try context.save()
        try context.save()
        var renamed = alpha
        renamed.title = "alpha, renamed"
        try context.update(renamed)
        try context.delete(Book.self, id: bravo.id)
        try context.save()

        // Then
        #expect(await changes.next() == ContextChanges(inserted: [alpha.objectID, bravo.objectID]))
        #expect(await changes.next() == ContextChanges(updated: [alpha.objectID], deleted: [bravo.objectID]))
    }

    @Test("delivers every save to every listener, including cascaded deletes")
    func deliversToEveryListener() async throws {
        // Given
        let context = Library.context()
        let book = Book(1, title: "alpha")
        let chapter = Library.Chapter(1, of: book.id, number: 1)
        try context.insert(book)
        try context.insert(chapter)
        try context.save()
        var first = context.changeStream().makeAsyncIterator()
        var second = context.changeStream().makeAsyncIterator()

        // When
        try context.delete(Book.self, id: book.id)
        try context.save()

        // Then
        let expected = ContextChanges(deleted: [book.objectID, chapter.objectID])
        #expect(await first.next() == expected)
        #expect(await second.next() == expected)
    }

    @Test("delivers nothing for a failed save or a rollback")
    func nothingForFailures() async throws {
        // Given
        let context = Library.context()
        var changes = context.changeStream().makeAsyncIterator()

        // When
        try context.insert(Book(1, title: ""))
        #expect(throws: ContextError.self) { try context.save() }
        context.rollback()
        try context.insert(Book(2, title: "bravo"))
        try context.save()

        // Then the first thing delivered is the good save
        #expect(await changes.next() == ContextChanges(inserted: [Book(2, title: "").objectID]))
    }

    @Test("ends when the context goes away")
    func endsWithTheContext() async {
        // Given
        var context: ObjectContext? = Library.context()
        var changes = context?.changeStream().makeAsyncIterator()

        // When
        context = nil

        // Then
        #expect(await changes?.next() == nil)
    }
}
