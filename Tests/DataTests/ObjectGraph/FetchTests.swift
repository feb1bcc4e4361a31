import Foundation
import ProjectManagerData
import ProjectManagerTestSupport
import Testing

@Suite("Fetching from a context")
struct FetchTests {
    typealias Book = Library.Book

    /// Six books, saved: two from each of 1990, 2005 and 2020.
    static func context() throws -> ObjectContext {
        let context = Library.context()
        try context.insert([
            Book(1, title: "delta", year: 2005),
            Book(2, title: "alpha", year: 2020),
            Book(3, title: "foxtrot", year: 1990),
            Book(4, title: "charlie", year: 2020),
            Book(5, title: "bravo", year: 1990),
            Book(6, title: "echo", year: 2005),
        ])
        try context.save()
        return context
    }

    @Test("returns the objects a #Predicate matches")
    func filtersWithPredicate() throws {
        // Given
        let context = try Self.context()
        let since = 2000

        // When
        let recent = try context.fetch(FetchRequest<Book>(predicate: #Predicate { $0.year >= since }))
        let named = try context.fetch(
            FetchRequest<Book>(predicate: #Predicate { $0.title.contains("o") && $0.year < 2010 }))

        // Then
        #expect(Set(recent.map(\.title)) == ["alpha", "charlie", "delta", "echo"])
        #expect(Set(named.map(\.title)) == ["foxtrot", "bravo", "echo"])
    }

    @Test("returns every object without a predicate, and none when nothing matches")
    func noPredicateAndNoMatch() throws {
        let context = try Self.context()

        #expect(try context.fetch(FetchRequest<Book>()).count == 6)
        #expect(try context.fetch(FetchRequest<Book>(predicate: #Predicate { $0.year > 3000 })).isEmpty)
        #expect(try context.fetch(FetchRequest<Library.Shelf>()).isEmpty)
    }

    @Test(
        "sorts by several keys, each ascending or reverse",
        arguments: [
            (
                [SortDescriptor(\Book.year), SortDescriptor(\Book.title)],
                ["bravo", "foxtrot", "delta", "echo", "alpha", "charlie"]
            ),
            (
                [SortDescriptor(\Book.year, order: .reverse), SortDescriptor(\Book.title)],
                ["alpha", "charlie", "delta", "echo", "bravo", "foxtrot"]
            ),
            (
                [SortDescriptor(\Book.year), SortDescriptor(\Book.title, order: .reverse)],
                ["foxtrot", "bravo", "echo", "delta", "charlie", "alpha"]
            ),
            (
                [SortDescriptor(\Book.title, order: .reverse)],
                ["foxtrot", "echo", "delta", "charlie", "bravo", "alpha"]
            ),
        ])
    func sortsByDescriptors(sortBy: [SortDescriptor<Book>], expected: [String]) throws {
        // Given
        let context = try Self.context()

        // When
        let books = try context.fetch(FetchRequest(sortBy: sortBy))

        // Then
        #expect(books.map(\.title) == expected)
    }

    @Test(
        "pages through sorted results with an offset and a limit",
        arguments: [
            // (offset, limit, titles)
            (0, nil, ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]),
            (0, 2, ["alpha", "bravo"]),
            (2, 2, ["charlie", "delta"]),
            (4, 2, ["echo", "foxtrot"]),
            (5, 2, ["foxtrot"]),
            (3, nil, ["delta", "echo", "foxtrot"]),
            (6, nil, []),
            (7, 2, []),
            (100, nil, []),
            (0, 0, []),
            (0, 100, ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]),
            (-3, 1, ["alpha"]),
        ] as [(Int, Int?, [String])])
    func pagesWithOffsetAndLimit(offset: Int, limit: Int?, expected: [String]) throws {
        // Given
        let context = try Self.context()
        let request = FetchRequest<Book>(sortBy: [SortDescriptor(\.title)], fetchLimit: limit, fetchOffset: offset)

        // When
        let page = try context.fetch(request)

        // Then
        #expect(page.map(\.title) == expected)
    }

    @Test("applies the predicate before the sort, the offset and the limit")
    func predicateThenSortThenPage() throws {
        // Given
        let context = try Self.context()
        let request = FetchRequest<Book>(
            predicate: #Predicate { $0.year != 2005 },
            sortBy: [SortDescriptor(\.year, order: .reverse), SortDescriptor(\.title)],
            fetchLimit: 2, fetchOffset: 1)

        // When
        let page = try context.fetch(request)

        // Then: alpha, [charlie, bravo], foxtrot
        #expect(page.map(\.title) == ["charlie", "bravo"])
    }

    @Test("counts the matches, ignoring the sort, the offset and the limit")
    func countsMatches() throws {
        // Given
        let context = try Self.context()

        // Then
        #expect(try context.count(FetchRequest<Book>()) == 6)
        #expect(try context.count(FetchRequest<Book>(fetchLimit: 1, fetchOffset: 5)) == 6)
        #expect(try context.count(FetchRequest<Book>(predicate: #Predicate { $0.year == 2020 }, fetchLimit: 1)) == 2)
        #expect(try context.count(FetchRequest<Book>(predicate: #Predicate { $0.year == 1 })) == 0)
    }

    @Test("sees unsaved inserts, updates and deletes")
    func seesUnsavedChanges() throws {
        // Given
        let context = try Self.context()
        var delta = try context.existingObject(Book.self, id: Book(1, title: "").id)

        // When
        delta.year = 2020
        try context.update(delta)
        try context.delete(Book.self, id: Book(2, title: "").id)
        try context.insert(Book(7, title: "golf", year: 2020))

        // Then
        let recent = try context.fetch(
            FetchRequest<Book>(predicate: #Predicate { $0.year == 2020 }, sortBy: [SortDescriptor(\.title)]))
        #expect(recent.map(\.title) == ["charlie", "delta", "golf"])
        #expect(try context.count(FetchRequest<Book>()) == 6)
    }

    @Test("reads one object by id, and says which one is missing")
    func readsByID() throws {
        // Given
        let context = try Self.context()
        let missing = Book(99, title: "missing").id

        // Then
        #expect(context.object(Book.self, id: Book(3, title: "").id)?.title == "foxtrot")
        #expect(context.object(Book.self, id: missing) == nil)
        #expect(throws: ContextError.objectNotFound(ObjectID(Book.self, id: missing))) {
            try context.existingObject(Book.self, id: missing)
        }
    }

    @Test("finds the objects that refer to a target, the inverse side of a relationship")
    func followsInverseRelationship() throws {
        // Given
        let context = Library.context()
        let book = Book(1, title: "alpha")
        let other = Book(2, title: "bravo")
        try context.insert([book, other])
        try context.insert([
            Library.Chapter(1, of: book.id, number: 1),
            Library.Chapter(2, of: book.id, number: 2),
            Library.Chapter(3, of: other.id, number: 1),
        ])

        // When
        let chapters = context.objects(Library.Chapter.self, where: \.bookID, is: book.id)

        // Then
        #expect(chapters.map(\.number).sorted() == [1, 2])
        #expect(context.objects(Library.Chapter.self, where: \.bookID, is: Book(9, title: "").id).isEmpty)
    }
}
