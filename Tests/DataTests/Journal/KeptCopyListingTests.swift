import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// Opening a store costs nothing in proportion to its folder: the copies of dropped bytes beside
/// it are found by listing that folder, which happens when the warnings are first asked for.
@Suite("Journal file: the kept copies are listed when asked for")
struct KeptCopyListingTests {
    /// A store whose torn tail was kept beside it by a later append: the copy's path.
    private static func storeWithKeptCopy(at url: URL) throws -> String {
        try StoreFixtures.makeStore(at: url)
        try Data(try Data(contentsOf: url).dropLast(5)).write(to: url)
        let noon = Date(timeIntervalSince1970: 1_773_576_000)  // 2026-03-15 12:00 UTC
        let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, now: { noon })
        try journal.append(StoreFixtures.record(42))
        journal.close()
        return url.path(percentEncoded: false) + ".dropped-20260315T120000Z"
    }

    @Test("opening does not list the store's folder; the first warnings do, once, and find the copy")
    func openListsNothing() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let copy = try Self.storeWithKeptCopy(at: url)
            let fileSystem = FaultyFileSystem()

            let (journal, contents) = try JournalFile.open(
                at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            defer { journal.close() }

            #expect(fileSystem.calls(of: .list) == 0)
            #expect(contents.records.last == StoreFixtures.record(42))
            #expect(journal.warnings == [.keptDroppedBytes(file: copy)])
            #expect(journal.warnings == [.keptDroppedBytes(file: copy)])
            #expect(fileSystem.calls(of: .list) == 1)
        }
    }

    @Test("a folder that cannot be listed still opens; its copies are reported once it can be")
    func unlistableFolderOpens() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let copy = try Self.storeWithKeptCopy(at: url)
            let fileSystem = FaultyFileSystem()
            fileSystem.inject(.fail, into: .list)

            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            defer { journal.close() }

            #expect(journal.warnings.isEmpty)
            #expect(journal.warnings == [.keptDroppedBytes(file: copy)])
            try journal.acknowledgeWarnings()
            #expect(journal.warnings.isEmpty)
            #expect(FileManager.default.fileExists(atPath: copy + JournalFile.acknowledgedSuffix))
        }
    }

    @Test("acknowledging before any warning was asked for lists the copies and acknowledges them")
    func acknowledgeLists() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let copy = try Self.storeWithKeptCopy(at: url)

            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            try journal.acknowledgeWarnings()
            #expect(journal.warnings.isEmpty)
            journal.close()

            #expect(!FileManager.default.fileExists(atPath: copy))
            #expect(FileManager.default.fileExists(atPath: copy + JournalFile.acknowledgedSuffix))
        }
    }

    @Test("a reader lists the folder when its warnings are asked for, not when it reads, until it can")
    func readerListsWhenAsked() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("library.pmstore")
        do {
            let writer = try ObjectContext(schema: Library.schema, store: JournalStore(url: url), undoLimit: 10)
            try writer.insert(Library.Book(1, title: "alpha"))
            try writer.save()
        }
        // A torn tail, which the next writer keeps beside the store when it saves.
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([1, 2, 3, 4, 5, 6, 7]))
        try handle.close()
        do {
            let writer = try ObjectContext(schema: Library.schema, store: JournalStore(url: url), undoLimit: 10)
            try writer.insert(Library.Book(2, title: "bravo"))
            try writer.save()
        }
        let fileSystem = FaultyFileSystem()
        fileSystem.inject(.fail, into: .list)

        let reader = try ObjectContext(
            schema: Library.schema, store: JournalStore(url: url, access: .readOnly, fileSystem: fileSystem),
            undoLimit: 10)

        #expect(fileSystem.calls(of: .list) == 0)
        #expect(reader.storeWarnings.isEmpty)  // the listing fails: tried again at the next call
        guard case .keptDroppedBytes(let copy)? = reader.storeWarnings.first else {
            Issue.record("the reader did not report the kept copy: \(reader.storeWarnings)")
            return
        }
        #expect(FileManager.default.fileExists(atPath: String(copy)))
        #expect(reader.storeWarnings.count == 1)
        #expect(fileSystem.calls(of: .list) == 2)
    }
}
