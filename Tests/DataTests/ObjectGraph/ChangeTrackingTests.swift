import Foundation
import ProjectManagerData
import ProjectManagerTestSupport
import Testing

@Suite("Change tracking and rollback")
struct ChangeTrackingTests {
    typealias Book = Library.Book

    static let alpha = Book(1, title: "alpha")
    static let bravo = Book(2, title: "bravo")
    static let charlie = Book(3, title: "charlie")

    /// A context with alpha and bravo saved.
    static func savedContext() throws -> ObjectContext {
        let context = Library.context()
        try context.insert([alpha, bravo])
        try context.save()
        return context
    }

    @Test("a new context has no changes")
    func newContextHasNoChanges() {
        let context = Library.context()

        #expect(!context.hasChanges)
        #expect(context.changes.isEmpty)
    }

    @Test("tracks an insert until it is saved")
    func tracksInsert() throws {
        // Given
        let context = Library.context()

        // When
        try context.insert(Self.alpha)

        // Then
        #expect(context.hasChanges)
        #expect(context.insertedObjects == [Self.alpha.objectID])
        #expect(context.updatedObjects.isEmpty)
        #expect(context.deletedObjects.isEmpty)

        // When
        try context.save()

        // Then
        #expect(!context.hasChanges)
        #expect(context.insertedObjects.isEmpty)
        #expect(context.object(Book.self, id: Self.alpha.id) == Self.alpha)
    }

    @Test("tracks an update of a saved object")
    func tracksUpdate() throws {
        // Given
        let context = try Self.savedContext()
        var renamed = Self.alpha
        renamed.title = "alpha, second edition"

        // When
        try context.update(renamed)

        // Then
        #expect(context.hasChanges)
        #expect(context.insertedObjects.isEmpty)
        #expect(context.updatedObjects == [Self.alpha.objectID])
        #expect(context.deletedObjects.isEmpty)
        #expect(context.object(Book.self, id: Self.alpha.id)?.title == "alpha, second edition")
    }

    @Test("tracks a delete of a saved object")
    func tracksDelete() throws {
        // Given
        let context = try Self.savedContext()

        // When
        try context.delete(Book.self, id: Self.bravo.id)

        // Then
        #expect(context.hasChanges)
        #expect(context.insertedObjects.isEmpty)
        #expect(context.updatedObjects.isEmpty)
        #expect(context.deletedObjects == [Self.bravo.objectID])
        #expect(context.object(Book.self, id: Self.bravo.id) == nil)
    }

    @Test("an object inserted and then deleted before a save is no change")
    func insertThenDeleteIsNoChange() throws {
        // Given
        let context = try Self.savedContext()

        // When
        try context.insert(Self.charlie)
        try context.delete(Book.self, id: Self.charlie.id)

        // Then
        #expect(!context.hasChanges)
        #expect(context.insertedObjects.isEmpty)
        #expect(context.deletedObjects.isEmpty)
    }

    @Test("an object updated and then deleted is only deleted; inserted and then updated is only inserted")
    func combinesChangesToOneObject() throws {
        // Given
        let context = try Self.savedContext()
        var alpha = Self.alpha
        alpha.year = 1999
        var charlie = Self.charlie
        charlie.year = 1999

        // When
        try context.update(alpha)
        try context.delete(Book.self, id: Self.alpha.id)
        try context.insert(Self.charlie)
        try context.update(charlie)

        // Then
        #expect(context.deletedObjects == [Self.alpha.objectID])
        #expect(context.insertedObjects == [Self.charlie.objectID])
        #expect(context.updatedObjects.isEmpty)
    }

    @Test("refuses to insert an object whose id exists, and to update or delete one that does not")
    func refusesBadChanges() throws {
        // Given
        let context = try Self.savedContext()

        // Then
        #expect(throws: ContextError.objectExists(Self.alpha.objectID)) {
            try context.insert(Self.alpha)
        }
        #expect(throws: ContextError.objectNotFound(Self.charlie.objectID)) {
            try context.update(Self.charlie)
        }
        #expect(throws: ContextError.objectNotFound(Self.charlie.objectID)) {
            try context.delete(Book.self, id: Self.charlie.id)
        }
        #expect(!context.hasChanges)
    }

    @Test("rollback restores every object as it was at the last save")
    func rollbackRestores() throws {
        // Given
        let context = try Self.savedContext()
        var alpha = Self.alpha
        alpha.title = "changed"
        try context.update(alpha)
        try context.delete(Book.self, id: Self.bravo.id)
        try context.insert(Self.charlie)

        // When
        context.rollback()

        // Then
        #expect(!context.hasChanges)
        #expect(context.object(Book.self, id: Self.alpha.id) == Self.alpha)
        #expect(context.object(Book.self, id: Self.bravo.id) == Self.bravo)
        #expect(context.object(Book.self, id: Self.charlie.id) == nil)
        #expect(try context.count(FetchRequest<Book>()) == 2)
    }

    @Test("rollback after a save keeps what was saved")
    func rollbackKeepsSaves() throws {
        // Given
        let context = try Self.savedContext()
        try context.insert(Self.charlie)
        try context.save()

        // When
        context.rollback()

        // Then
        #expect(context.object(Book.self, id: Self.charlie.id) == Self.charlie)
        #expect(try context.count(FetchRequest<Book>()) == 3)
    }

    @Test("rollback restores a relationship's inverse side")
    func rollbackRestoresInverse() throws {
        // Given a chapter of alpha, saved
        let context = try Self.savedContext()
        let chapter = Library.Chapter(1, of: Self.alpha.id, number: 1)
        try context.insert(chapter)
        try context.save()

        // When it moves to bravo, and that is rolled back
        var moved = chapter
        moved.bookID = Self.bravo.id
        try context.update(moved)
        context.rollback()

        // Then
        #expect(context.objects(Library.Chapter.self, where: \.bookID, is: Self.alpha.id) == [chapter])
        #expect(context.objects(Library.Chapter.self, where: \.bookID, is: Self.bravo.id).isEmpty)
    }

    @Test("a save with no changes succeeds and does nothing")
    func emptySave() throws {
        let context = try Self.savedContext()

        try context.save()

        #expect(!context.hasChanges)
        #expect(try context.count(FetchRequest<Book>()) == 2)
    }
}
