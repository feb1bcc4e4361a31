import Foundation
import ProjectManagerData
import ProjectManagerTestSupport
import Testing

@Suite("Delete rules, validation and uniqueness")
struct IntegrityTests {
    typealias Shelf = Library.Shelf
    typealias Book = Library.Book
    typealias Chapter = Library.Chapter
    typealias Loan = Library.Loan

    // MARK: - Nullify

    @Test("deleting an object clears the optional references to it (nullify)")
    func nullifies() throws {
        // Given two books on a shelf, and one on another, saved
        let context = Library.context()
        let fiction = Shelf(1, name: "fiction")
        let poetry = Shelf(2, name: "poetry")
        try context.insert([fiction, poetry])
        try context.insert([
            Book(1, title: "alpha", shelf: fiction.id),
            Book(2, title: "bravo", shelf: fiction.id),
            Book(3, title: "charlie", shelf: poetry.id),
        ])
        try context.save()

        // When
        try context.delete(Shelf.self, id: fiction.id)

        // Then the books stay, off the shelf, and the change is tracked
        #expect(context.object(Book.self, id: Book(1, title: "").id)?.shelfID == nil)
        #expect(context.object(Book.self, id: Book(2, title: "").id)?.shelfID == nil)
        #expect(context.object(Book.self, id: Book(3, title: "").id)?.shelfID == poetry.id)
        #expect(context.deletedObjects == [fiction.objectID])
        #expect(context.updatedObjects == [Book(1, title: "").objectID, Book(2, title: "").objectID])

        // When
        try context.save()

        // Then
        #expect(try context.count(FetchRequest<Book>()) == 3)
        #expect(try context.fetch(FetchRequest<Book>()).filter { $0.shelfID == fiction.id }.isEmpty)
    }

    @Test("rollback after a nullifying delete puts the references back")
    func rollbackAfterNullify() throws {
        // Given
        let context = Library.context()
        let shelf = Shelf(1, name: "fiction")
        let book = Book(1, title: "alpha", shelf: shelf.id)
        try context.insert(shelf)
        try context.insert(book)
        try context.save()
        try context.delete(Shelf.self, id: shelf.id)

        // When
        context.rollback()

        // Then
        #expect(context.object(Book.self, id: book.id)?.shelfID == shelf.id)
        #expect(try context.fetch(FetchRequest<Book>()).filter { $0.shelfID == shelf.id } == [book])
    }

    // MARK: - Cascade

    @Test("deleting an object deletes the objects whose required reference cascades, and only those")
    func cascades() throws {
        // Given
        let context = Library.context()
        let alpha = Book(1, title: "alpha")
        let bravo = Book(2, title: "bravo")
        try context.insert([alpha, bravo])
        try context.insert([
            Chapter(1, of: alpha.id, number: 1), Chapter(2, of: alpha.id, number: 2),
            Chapter(3, of: bravo.id, number: 1),
        ])
        try context.save()

        // When
        try context.delete(Book.self, id: alpha.id)

        // Then
        #expect(
            context.deletedObjects == [
                alpha.objectID, Chapter(1, of: alpha.id, number: 1).objectID,
                Chapter(2, of: alpha.id, number: 2).objectID,
            ])
        try context.save()
        let chapters = try context.fetch(FetchRequest<Chapter>())
        #expect(chapters == [Chapter(3, of: bravo.id, number: 1)])
        #expect(context.object(Book.self, id: bravo.id) == bravo)
    }

    @Test("rollback after a cascading delete brings every object back")
    func rollbackAfterCascade() throws {
        // Given
        let context = Library.context()
        let alpha = Book(1, title: "alpha")
        try context.insert(alpha)
        try context.insert([Chapter(1, of: alpha.id, number: 1), Chapter(2, of: alpha.id, number: 2)])
        try context.save()
        try context.delete(Book.self, id: alpha.id)

        // When
        context.rollback()

        // Then
        #expect(try context.count(FetchRequest<Chapter>()) == 2)
        #expect(context.objects(Chapter.self, where: \.bookID, is: alpha.id).count == 2)
        #expect(!context.hasChanges)
    }

    // MARK: - Deny

    @Test("a delete denied by a reference fails the save with validationFailed naming the object")
    func denies() throws {
        // Given a book on loan, saved
        let context = Library.context()
        let book = Book(1, title: "alpha")
        let loan = Loan(1, of: book.id, to: "Ada")
        try context.insert(book)
        try context.insert(loan)
        try context.save()

        // When
        try context.delete(Book.self, id: book.id)

        // Then
        let error = try #require(throws: ContextError.self) { try context.save() }
        guard case .validationFailed(let issues) = error else {
            Issue.record("expected validationFailed, got \(error)")
            return
        }
        #expect(issues.map(\.object) == [book.objectID])
        #expect(issues.first?.message.contains(loan.objectID.description) == true)
        #expect(context.hasChanges)

        // When
        context.rollback()

        // Then
        #expect(!context.hasChanges)
        #expect(context.object(Book.self, id: book.id) == book)
        #expect(context.objects(Loan.self, where: \.bookID, is: book.id) == [loan])
        try context.save()
    }

    @Test("a denied delete succeeds once the denying objects are deleted in the same save")
    func denyClearedInSameSave() throws {
        // Given
        let context = Library.context()
        let book = Book(1, title: "alpha")
        try context.insert(book)
        try context.insert(Loan(1, of: book.id, to: "Ada"))
        try context.save()

        // When
        try context.delete(Loan.self, id: Loan(1, of: book.id, to: "Ada").id)
        try context.delete(Book.self, id: book.id)
        try context.save()

        // Then
        #expect(try context.count(FetchRequest<Book>()) == 0)
        #expect(try context.count(FetchRequest<Loan>()) == 0)
    }

    // MARK: - Validation and referential integrity

    @Test("a save with broken references and broken rules fails listing every issue, and saves nothing")
    func reportsEveryIssue() throws {
        // Given
        let context = Library.context()
        let missingShelf = Shelf(9, name: "missing")
        let missingBook = Book(9, title: "missing")
        let untitled = Book(1, title: "", shelf: missingShelf.id)
        let orphan = Chapter(1, of: missingBook.id, number: 1)
        let fine = Book(2, title: "fine")
        try context.insert([untitled, fine])
        try context.insert(orphan)

        // When
        let error = try #require(throws: ContextError.self) { try context.save() }

        // Then
        guard case .validationFailed(let issues) = error else {
            Issue.record("expected validationFailed, got \(error)")
            return
        }
        #expect(
            Set(issues) == [
                ValidationIssue(object: untitled.objectID, message: "the title is empty"),
                ValidationIssue(
                    object: untitled.objectID, message: "refers to \(missingShelf.objectID), which does not exist"),
                ValidationIssue(
                    object: orphan.objectID, message: "refers to \(missingBook.objectID), which does not exist"),
            ])
        #expect(issues.count == 3)
        #expect(context.insertedObjects == [untitled.objectID, fine.objectID, orphan.objectID])
        #expect(error.description.hasPrefix("not saved: "))
    }

    @Test("a reference to an object deleted in the same save is caught")
    func referenceToDeletedObject() throws {
        // Given a saved book, and a chapter of it inserted after the book was deleted
        let context = Library.context()
        let book = Book(1, title: "alpha")
        try context.insert(book)
        try context.save()
        try context.delete(Book.self, id: book.id)
        let chapter = Chapter(1, of: book.id, number: 1)
        try context.insert(chapter)

        // When
        let error = try #require(throws: ContextError.self) { try context.save() }

        // Then
        guard case .validationFailed(let issues) = error else {
            Issue.record("expected validationFailed, got \(error)")
            return
        }
        #expect(
            issues.contains(
                ValidationIssue(object: chapter.objectID, message: "refers to \(book.objectID), which does not exist")))
    }

    @Test("an invalid object can be fixed and saved after a failed save")
    func fixAfterFailedSave() throws {
        // Given
        let context = Library.context()
        var book = Book(1, title: "")
        try context.insert(book)
        #expect(throws: ContextError.self) { try context.save() }

        // When
        book.title = "alpha"
        try context.update(book)
        try context.save()

        // Then
        #expect(!context.hasChanges)
        #expect(context.object(Book.self, id: book.id) == book)
    }

    // MARK: - Uniqueness

    @Test("two objects may not share a uniqueness constraint's value")
    func uniquenessConflict() throws {
        // Given
        let context = Library.context()
        let alpha = Book(1, title: "alpha", isbn: "978-0")
        try context.insert(alpha)
        try context.save()

        // When
        let copy = Book(2, title: "alpha again", isbn: "978-0")
        try context.insert(copy)

        // Then
        let error = try #require(throws: ContextError.self) { try context.save() }
        guard case .uniquenessConflict(let constraint, let objects) = error else {
            Issue.record("expected uniquenessConflict, got \(error)")
            return
        }
        #expect(constraint == "isbn")
        #expect(Set(objects) == [alpha.objectID, copy.objectID])
        #expect(objects.count == 2)
        #expect(context.insertedObjects == [copy.objectID])
    }

    @Test("a value freed by a delete or an update in the same save may be reused")
    func uniquenessAfterFreeingTheValue() throws {
        // Given
        let context = Library.context()
        var alpha = Book(1, title: "alpha", isbn: "978-0")
        let bravo = Book(2, title: "bravo", isbn: "978-1")
        try context.insert([alpha, bravo])
        try context.save()

        // When alpha takes a new ISBN and bravo is replaced by a book with bravo's ISBN
        alpha.isbn = "978-2"
        try context.update(alpha)
        try context.insert(Book(3, title: "charlie", isbn: "978-0"))
        try context.delete(Book.self, id: bravo.id)
        try context.insert(Book(4, title: "delta", isbn: "978-1"))

        // Then
        try context.save()
        #expect(try context.count(FetchRequest<Book>()) == 3)
    }
}
