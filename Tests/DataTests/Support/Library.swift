import Foundation
import ProjectManagerData
import ProjectManagerTestSupport

/// A small library schema that exercises every feature of the object graph:
///
/// - a ``Book`` may stand on a ``Shelf`` (an optional reference: deleting the shelf nullifies it),
///   has an ISBN no other book may share, and must have a title;
/// - a ``Chapter`` belongs to a book (deleting the book deletes its chapters);
/// - a ``Loan`` holds a book (a book on loan cannot be deleted).
enum Library {
    static let schema = Schema(version: 1, entities: [Shelf.self, Book.self, Chapter.self, Loan.self])

    struct Shelf: ManagedEntity, Hashable {
        struct ID: ManagedID {
            let rawValue: UUID
        }

        static let entityName = "Shelf"

        let id: ID
        var name: String

        init(_ n: Int, name: String) {
            id = ID(rawValue: SequentialIDs.id(100 + n))
            self.name = name
        }
    }

    struct Book: ManagedEntity, Hashable {
        struct ID: ManagedID {
            let rawValue: UUID
        }

        static let entityName = "Book"

        static var relationships: [Relationship<Book>] {
            [.optional(\.shelfID, to: Shelf.self, onDelete: .nullify)]
        }

        static var uniquenessConstraints: [UniquenessConstraint<Book>] {
            [UniquenessConstraint("isbn", \.isbn)]
        }

        let id: ID
        var title: String
        var year: Int
        var isbn: String
        var shelfID: Shelf.ID?

        init(_ n: Int, title: String, year: Int = 2000, isbn: String? = nil, shelf: Shelf.ID? = nil) {
            id = ID(rawValue: SequentialIDs.id(200 + n))
            self.title = title
            self.year = year
            self.isbn = isbn ?? "isbn-\(n)"
            self.shelfID = shelf
        }

        func validationFailures() -> [String] {
            title.isEmpty ? ["the title is empty"] : []
        }
    }

    struct Chapter: ManagedEntity, Hashable {
        struct ID: ManagedID {
            let rawValue: UUID
        }

        static let entityName = "Chapter"

        static var relationships: [Relationship<Chapter>] {
            [.required(\.bookID, to: Book.self, onDelete: .cascade)]
        }

        let id: ID
        var bookID: Book.ID
        var number: Int

        init(_ n: Int, of book: Book.ID, number: Int) {
            id = ID(rawValue: SequentialIDs.id(300 + n))
            bookID = book
            self.number = number
        }
    }

    struct Loan: ManagedEntity, Hashable {
        struct ID: ManagedID {
            let rawValue: UUID
        }

        static let entityName = "Loan"

        static var relationships: [Relationship<Loan>] {
            [.required(\.bookID, to: Book.self, onDelete: .deny)]
        }

        let id: ID
        var bookID: Book.ID
        var borrower: String

        init(_ n: Int, of book: Book.ID, to borrower: String) {
            id = ID(rawValue: SequentialIDs.id(400 + n))
            bookID = book
            self.borrower = borrower
        }
    }

    /// A context over an empty in-memory store of the library schema.
    static func context() -> ObjectContext {
        do {
            return try ObjectContext(schema: schema, store: .inMemory)
        } catch {
            preconditionFailure("an in-memory store cannot fail to open: \(error)")
        }
    }
}

extension ObjectContext {
    /// Inserts every object, in order.
    func insert<E: ManagedEntity>(_ objects: [E]) throws(ContextError) {
        for object in objects { try insert(object) }
    }
}
