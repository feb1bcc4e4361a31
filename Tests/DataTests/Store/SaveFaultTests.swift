import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// Every step of a save, and of the compaction after it, failed in turn through the file-system
/// seam: a save that returned is on disk, and a save that threw left the store as it was.
@Suite("Saves under injected faults")
struct SaveFaultTests {
    typealias Shelf = Library.Shelf
    typealias Book = Library.Book

    /// Where the save starts from, and whether a compaction follows it.
    enum Scenario: String, CaseIterable, CustomTestStringConvertible {
        /// A store that exists; the save appends a record.
        case append
        /// A store that exists and is due to compact: the save appends, then compacts.
        case appendThenCompact
        /// No store yet: the save creates it with its first record, then compacts.
        case create
        /// A store that exists and an import so large that it is saved as a new snapshot.
        case importAsSnapshot

        var testDescription: String { rawValue }
        var compactionFloor: Int { self == .append ? JournalFile.defaultCompactionFloor : 0 }
        /// The books the save adds: more than a record sample for an import.
        var bookCount: Int { self == .importAsSnapshot ? JournalStore.recordSampleSize + 6 : 1 }
        var startsWithStore: Bool { self != .create }
    }

    /// Makes the store the scenario starts from, holding one shelf unless it starts empty.
    private static func prepare(_ scenario: Scenario, at url: URL) throws {
        guard scenario.startsWithStore else { return }
        let context = try ObjectContext(schema: Library.schema, store: .file(url))
        try context.insert(Shelf(1, name: "fiction"))
        try context.save()
        context.close()
    }

    /// Opens the store through `fileSystem`, adds a book and saves: whether the save returned,
    /// and what the store warned about afterwards.
    private static func saveBook(
        _ scenario: Scenario, at url: URL, fileSystem: FaultyFileSystem, failingStep: Int?
    ) throws -> (saved: Bool, warnings: [StoreWarning], context: ObjectContext) {
        let store = JournalStore(url: url, fileSystem: fileSystem, compactionFloor: scenario.compactionFloor)
        let context = try ObjectContext(schema: Library.schema, store: store, undoLimit: ObjectContext.defaultUndoLimit)
        for number in 1...scenario.bookCount { try context.insert(Book(number, title: "alpha")) }
        if let failingStep { fileSystem.inject(failingStep: failingStep) }
        do {
            try context.save()
            return (true, context.storeWarnings, context)
        } catch {
            return (false, context.storeWarnings, context)
        }
    }

    /// The file-system steps a save takes in `scenario`.
    private static func steps(of scenario: Scenario) throws -> [FaultyFileSystem.Operation] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        try prepare(scenario, at: url)
        let fileSystem = FaultyFileSystem()
        let outcome = try saveBook(scenario, at: url, fileSystem: fileSystem, failingStep: nil)
        try #require(outcome.saved)
        outcome.context.close()
        return fileSystem.steps
    }

    @Test(
        "a save whose step fails either succeeded, and is on disk, or threw, and left the store as it was",
        arguments: Scenario.allCases)
    func everyStepFails(_ scenario: Scenario) throws {
        let steps = try Self.steps(of: scenario)
        #expect(steps.contains(.write) && steps.contains(.synchronize))
        if scenario != .append { #expect(steps.contains(.rename)) }
        var (threw, warned) = (0, 0)
        for step in 1...steps.count {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let url = directory.file("library.pmstore")
            try Self.prepare(scenario, at: url)
            let before = FileManager.default.contents(atPath: url.path)

            let fileSystem = FaultyFileSystem()
            let outcome = try Self.saveBook(scenario, at: url, fileSystem: fileSystem, failingStep: step)
            let failed = "step \(step) (\(steps[step - 1]))"

            if outcome.saved {
                // A compaction that failed after the record was durable is a warning, and the
                // next save tries it again.
                if case .compactionFailed? = outcome.warnings.last {
                    warned += 1
                    try outcome.context.insert(Book(2, title: "beta"))
                    try outcome.context.save()
                    #expect(outcome.context.storeWarnings.isEmpty, "\(failed): the retried compaction left a warning")
                } else {
                    #expect(outcome.warnings.isEmpty, "\(failed): \(outcome.warnings)")
                }
            } else {
                threw += 1
                #expect(FileManager.default.contents(atPath: url.path) == before, "\(failed): the file changed")
            }
            outcome.context.close()
            let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
            #expect(
                reopened.object(Book.self, id: Book(1, title: "alpha").id) != nil || !outcome.saved,
                "\(failed): the save returned, yet the book is not in the store")
            #expect(
                reopened.object(Book.self, id: Book(1, title: "alpha").id) == nil || outcome.saved,
                "\(failed): the save threw, yet the book is in the store")
            #expect((reopened.object(Shelf.self, id: Shelf(1, name: "").id) != nil) == scenario.startsWithStore)
            #expect(reopened.storeWarnings.isEmpty, "\(failed): \(reopened.storeWarnings)")
            #expect(!FileManager.default.fileExists(atPath: url.path + ".compacting"))
            reopened.close()
        }
        // The record's own steps throw; the compaction's after a durable record only warn.
        #expect(threw >= 2 || scenario == .importAsSnapshot)
        #expect(scenario != .appendThenCompact || warned >= 4)
    }

    @Test("a delete saved without undo, alone in its save, is written and read back (before: the save failed)")
    func deleteWithoutUndo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let context = try ObjectContext(schema: Library.schema, store: .file(url), undoLimit: 0)
        try context.insert(Book(1, title: "Kept"))
        try context.insert(Book(2, title: "Deleted"))
        try context.save()
        try context.delete(Book.self, id: Book(2, title: "").id)
        try context.save()
        context.close()

        let reopened = try ObjectContext(schema: Library.schema, store: .readOnlyFile(url))
        #expect(reopened.object(Book.self, id: Book(1, title: "").id)?.title == "Kept")
        #expect(reopened.object(Book.self, id: Book(2, title: "").id) == nil)
    }

    @Test("a compaction that fails as the store closes is reported by every later open, until a compaction succeeds")
    func closingCompactionFails() throws {
        // Given a store whose journal is long enough to be compacted as it closes
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let fileSystem = FaultyFileSystem()
        let store = JournalStore(url: url, fileSystem: fileSystem, compactionFloor: .max)
        let context = try ObjectContext(schema: Library.schema, store: store, undoLimit: 0)
        for number in 1...300 {
            try context.insert(Book(number, title: String(repeating: "a", count: 300)))
            try context.save()
        }
        #expect(store.wantsCompactionOnClose)

        // When that compaction fails (its rename, as on a full disk), as it closes
        fileSystem.inject(.fail, into: .rename)
        context.close()

        // Then the store is whole, and the next opens, to write or to read, say the compaction failed
        let reader = try ObjectContext(schema: Library.schema, store: .readOnlyFile(url))
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(reopened.object(Book.self, id: Book(300, title: "").id) != nil)
        for warnings in [reader.storeWarnings, reopened.storeWarnings] {
            guard case .compactionFailed(let reason)? = warnings.last, warnings.count == 1 else {
                Issue.record("expected the failed compaction, got \(warnings)")
                continue
            }
            #expect(reason.hasPrefix("when the store was last closed: "), "\(reason)")
        }
        // And a save that does not compact keeps the warning; a compaction that succeeds takes it
        try reopened.insert(Book(301, title: "b"))
        try reopened.save()
        #expect(reopened.storeWarnings.count == 1)
        try reopened.compactStore()
        #expect(reopened.storeWarnings.isEmpty)
        reopened.close()
        let third = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(third.storeWarnings.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: url.path + ".compaction-failed"))
        third.close()
        reader.close()
    }

    @Test(
        "an import saved as a snapshot whose folder sync fails twice succeeds with a warning, and the file it replaced holds the import too"
    )
    func importWithUnsyncedFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        try Self.prepare(.importAsSnapshot, at: url)
        // A second name for the file the snapshot replaces: what a crash could bring back.
        let replaced = directory.file("replaced.pmstore")
        try FileManager.default.linkItem(at: url, to: replaced)
        let fileSystem = FaultyFileSystem()
        for call in 1...2 { fileSystem.inject(.fail, into: .synchronizeDirectory, onCall: call) }

        let outcome = try Self.saveBook(.importAsSnapshot, at: url, fileSystem: fileSystem, failingStep: nil)

        #expect(outcome.saved)
        guard case .compactionFailed? = outcome.warnings.last else {
            Issue.record("expected a warning about the folder sync, got \(outcome.warnings)")
            return
        }
        #expect(fileSystem.calls(of: .rename) == 1)
        outcome.context.close()
        for file in [url, replaced] {
            let reopened = try ObjectContext(schema: Library.schema, store: .file(file))
            let books = (1...Scenario.importAsSnapshot.bookCount).filter {
                reopened.object(Book.self, id: Book($0, title: "").id) != nil
            }
            #expect(books.count == Scenario.importAsSnapshot.bookCount, "\(file.lastPathComponent)")
            #expect(reopened.storeWarnings.isEmpty, "\(file.lastPathComponent): \(reopened.storeWarnings)")
            reopened.close()
        }
    }
}
