import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// A compaction written beside the saves: its snapshot holds the saves up to its start, and the
/// records appended meanwhile follow it in the new file.
@Suite("Journal file: a compaction written beside the saves")
struct DetachedCompactionTests {
    private static func record(_ text: String) -> Data { Data(text.utf8) }

    private static func leftover(of url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path(percentEncoded: false) + ".compacting")
    }

    @Test("the records appended while the snapshot is written follow it in the new file")
    func recordsAppendedMeanwhileFollow() throws {
        try withTemporaryDirectory { directory in
            // Given a store of two records, and a compaction begun after them
            let url = StoreFixtures.storeURL(in: directory)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            defer { journal.close() }
            try journal.append(Self.record("one"))
            try journal.append(Self.record("two"))
            let compaction = try #require(try journal.beginDetachedCompaction())
            #expect(try journal.beginDetachedCompaction() == nil, "one at a time")

            // When records are appended before, while and after its snapshot is written
            try journal.append(Self.record("three"))
            let snapshot = Self.record("one and two")
            let length = try compaction.writeSnapshot(SnapshotSource(snapshot))
            try journal.append(Self.record("four"))
            #expect(try journal.finishDetachedCompaction(compaction, snapshotLength: .success(length)))
            try journal.append(Self.record("five"))

            // Then the file is the snapshot and the records after its start, in order
            #expect(compaction.sequence == 2)
            #expect(!journal.isCompactingDetached)
            #expect(journal.snapshotBytes == snapshot.count)
            let contents = try JournalFile.read(at: url, newStoreSchemaVersion: 1)
            #expect(contents.snapshot == snapshot)
            #expect(contents.records == ["three", "four", "five"].map(Self.record))
            #expect(!Self.leftover(of: url))
        }
    }

    @Test("a snapshot that fails to be written leaves the store as it was, and the journal goes on")
    func failedSnapshotLeavesStore() throws {
        try withTemporaryDirectory { directory in
            // Given a compaction whose snapshot comes to fewer bytes than it announced
            let url = StoreFixtures.storeURL(in: directory)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            defer { journal.close() }
            try journal.append(Self.record("one"))
            let compaction = try #require(try journal.beginDetachedCompaction())
            try journal.append(Self.record("two"))
            let short = SnapshotSource(byteCount: 10) { write throws(StoreError) in try write(Data("short".utf8)) }
            let written = Result { () throws(StoreError) in try compaction.writeSnapshot(short) }
            #expect(throws: StoreError.self) { try written.get() }

            // When it is finished with that failure
            #expect(throws: StoreError.self) {
                try journal.finishDetachedCompaction(compaction, snapshotLength: written)
            }

            // Then its file is gone, the store holds every record, and the next one may begin
            #expect(!Self.leftover(of: url))
            try journal.append(Self.record("three"))
            #expect(
                try JournalFile.read(at: url, newStoreSchemaVersion: 1).records
                    == ["one", "two", "three"].map(Self.record))
            #expect(try journal.beginDetachedCompaction() != nil)
        }
    }

    @Test("a compaction in the saves' own time, or a close, abandons the one beside them: it is never put in place")
    func abandoned() throws {
        try withTemporaryDirectory { directory in
            // Given a compaction begun beside the saves, and one made in their own time meanwhile
            let url = StoreFixtures.storeURL(in: directory)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            try journal.append(Self.record("one"))
            let beside = try #require(try journal.beginDetachedCompaction())
            try journal.compact(snapshot: Self.record("snapshot now"), schemaVersion: 1)
            try journal.append(Self.record("two"))

            // When the first one comes to finish
            let length = try beside.writeSnapshot(SnapshotSource(Self.record("older snapshot")))
            #expect(try journal.finishDetachedCompaction(beside, snapshotLength: .success(length)) == false)

            // Then the store is the newer one, and it goes on
            var contents = try JournalFile.read(at: url, newStoreSchemaVersion: 1)
            #expect(contents.snapshot == Self.record("snapshot now"))
            #expect(contents.records == [Self.record("two")])

            // And a close abandons one as well: nothing is renamed after it, nor left beside it
            let unfinished = try #require(try journal.beginDetachedCompaction())
            journal.close()
            let late = try unfinished.writeSnapshot(SnapshotSource(Self.record("after the close")))
            #expect(try journal.finishDetachedCompaction(unfinished, snapshotLength: .success(late)) == false)
            contents = try JournalFile.read(at: url, newStoreSchemaVersion: 1)
            #expect(contents.snapshot == Self.record("snapshot now"))
            #expect(!Self.leftover(of: url))
        }
    }
}

/// The store compacts beside the saves once its journal passes a share of its snapshot: an app
/// the system ends without a close leaves a short journal to replay.
@Suite("Store: compacting beside the saves")
struct BackgroundCompactionTests {
    private static let name = String(repeating: "shelf name ", count: 20)

    /// A context over `store`, made with its first save (shelf 1): the store file exists.
    private static func storeWithOneShelf(_ store: JournalStore) throws -> ObjectContext {
        let context = try ObjectContext(schema: Library.schema, store: store, undoLimit: 10)
        try context.insert(Library.Shelf(1, name: Self.name))
        try context.save(actionName: "Add shelf 1")
        return context
    }

    /// Saves one shelf at a time until a save starts a compaction beside the saves.
    private static func saveUntilCompactionStarts(
        _ context: ObjectContext, _ store: JournalStore, from first: Int
    ) throws -> Int {
        let begun = store.compactionsBegunBeside
        var shelf = first
        while store.compactionsBegunBeside == begun {
            try #require(shelf < first + 1_000, "no save started a compaction")
            try context.insert(Library.Shelf(shelf, name: Self.name))
            try context.save(actionName: "Add shelf \(shelf)")
            shelf += 1
        }
        return shelf
    }

    @Test("saves go on while the snapshot is written, and the store holds every one with a short journal")
    func savesGoOn() throws {
        // Given a store that compacts beside the saves past 4 KiB of journal, whose compaction's
        // first write is held
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let fileSystem = FaultyFileSystem()
        let store = JournalStore(url: url, fileSystem: fileSystem, backgroundCompactionFloor: 4 << 10)
        let context = try Self.storeWithOneShelf(store)
        let gate = FaultyFileSystem.Gate()
        fileSystem.inject(.hold(gate), into: .write, onFileEndingWith: ".compacting")
        var next = try Self.saveUntilCompactionStarts(context, store, from: 2)
        let journalAtStart = store.journalBytes
        #expect(journalAtStart > 4 << 10)

        // When three more saves are made while its snapshot waits
        try #require(gate.waitUntilHeld(), "the compaction never wrote")
        for _ in 0..<3 {
            try context.insert(Library.Shelf(next, name: Self.name))
            try context.save(actionName: "Add shelf \(next)")
            next += 1
        }
        gate.release()
        store.waitForBackgroundCompaction()

        // Then the journal holds those three saves only, and the file every shelf
        #expect(gate.wasReleased)
        #expect(store.journalBytes < journalAtStart / 3)
        #expect(try JournalFile.read(at: url, newStoreSchemaVersion: 1).records.count == 3)
        #expect(store.warnings.isEmpty)
        let reader = try ObjectContext(schema: Library.schema, store: .readOnlyFile(url))
        #expect(try reader.count(FetchRequest<Library.Shelf>()) == next - 1)

        // And undo reaches back past the compaction, as before it
        try context.undo()
        try context.undo()
        try context.undo()
        try context.undo()
        #expect(try context.count(FetchRequest<Library.Shelf>()) == next - 5)
        context.close()
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try reopened.count(FetchRequest<Library.Shelf>()) == next - 5)
        #expect(!FileManager.default.fileExists(atPath: url.path(percentEncoded: false) + ".compacting"))
    }

    @Test("a compaction beside the saves that fails is a warning, is not tried again at once, and loses nothing")
    func failureIsAWarning() throws {
        // Given a store whose compaction beside the saves cannot write
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let fileSystem = FaultyFileSystem()
        let store = JournalStore(url: url, fileSystem: fileSystem, backgroundCompactionFloor: 4 << 10)
        let context = try Self.storeWithOneShelf(store)
        fileSystem.inject(.fail, into: .write, onFileEndingWith: ".compacting")

        // When a save starts it, and it fails
        var next = try Self.saveUntilCompactionStarts(context, store, from: 2)
        store.waitForBackgroundCompaction()

        // Then the store says so, keeps every save, and leaves no file beside it
        #expect(store.warnings.contains { if case .compactionFailed = $0 { true } else { false } })
        #expect(!FileManager.default.fileExists(atPath: url.path(percentEncoded: false) + ".compacting"))
        let journal = store.journalBytes

        // And the next save does not start another; one after the journal grew as much again does
        try context.insert(Library.Shelf(next, name: Self.name))
        try context.save()
        next += 1
        #expect(store.compactionsBegunBeside == 1)
        #expect(store.warnings.count == 1, "the warning stays through a save that does not try again")
        while store.journalBytes < 2 * journal {
            try context.insert(Library.Shelf(next, name: Self.name))
            try context.save()
            next += 1
        }
        store.waitForBackgroundCompaction()
        #expect(store.compactionsBegunBeside >= 2)
        #expect(store.warnings.isEmpty, "the compaction that succeeded takes the warning away")
        #expect(store.journalBytes < journal)
        context.close()
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try reopened.count(FetchRequest<Library.Shelf>()) == next - 1)
    }

    @Test("an import saved as a snapshot while one is written beside the saves replaces it, and nothing is lost")
    func importReplacesIt() throws {
        // Given a store whose first save is 40 shelves (so its snapshot is larger than the 4 KiB
        // that starts a compaction beside the saves), and such a compaction held at its first write
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        let fileSystem = FaultyFileSystem()
        let store = JournalStore(
            url: url, fileSystem: fileSystem, compactionFloor: 0, backgroundCompactionFloor: 4 << 10)
        let context = try ObjectContext(schema: Library.schema, store: store, undoLimit: 10)
        for shelf in 1...40 { try context.insert(Library.Shelf(shelf, name: Self.name)) }
        try context.save(actionName: "Add 40 shelves")
        let gate = FaultyFileSystem.Gate()
        fileSystem.inject(.hold(gate), into: .write, onFileEndingWith: ".compacting")
        var next = try Self.saveUntilCompactionStarts(context, store, from: 41)
        try #require(gate.waitUntilHeld(), "the compaction never wrote")

        // When a save of 100 shelves is written as a whole snapshot meanwhile
        for _ in 0..<100 {
            try context.insert(Library.Shelf(next, name: Self.name))
            next += 1
        }
        try context.save(actionName: "Import")
        #expect(store.journalBytes == 0, "the import was saved as a snapshot")
        gate.release()
        store.waitForBackgroundCompaction()

        // Then the compaction beside the saves was let go without a word, and the store is whole
        #expect(store.warnings.isEmpty)
        #expect(store.journalBytes == 0)
        #expect(!FileManager.default.fileExists(atPath: url.path(percentEncoded: false) + ".compacting"))
        try context.insert(Library.Shelf(next, name: Self.name))
        try context.save()
        context.close()
        let reopened = try ObjectContext(schema: Library.schema, store: .file(url))
        #expect(try reopened.count(FetchRequest<Library.Shelf>()) == next)
    }
}
