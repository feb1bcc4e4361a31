import Foundation
import Synchronization
import Testing

@testable import ProjectManagerData

@Suite("Journal file: writing and reading back")
struct JournalFileRoundTripTests {
    @Test("a missing file opens as an empty store and is not created by opening")
    func missingFile() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)

            let (journal, contents) = try JournalFile.open(at: url, newStoreSchemaVersion: 7)
            defer { journal.close() }

            #expect(contents == JournalContents(schemaVersion: 7, snapshot: nil, records: [], warnings: []))
            #expect(contents.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: url.path(percentEncoded: false)))
            #expect(journal.journalBytes == 0)
            #expect(journal.snapshotBytes == 0)
        }
    }

    @Test("records appended to a new store are read back in order, with no snapshot")
    func recordsWithoutSnapshot() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)

            try StoreFixtures.makeStore(at: url, snapshot: nil, schemaVersion: 3)

            let contents = try StoreFixtures.contents(at: url)
            #expect(
                contents
                    == JournalContents(schemaVersion: 3, snapshot: nil, records: StoreFixtures.records, warnings: []))
        }
    }

    @Test("a snapshot and the records after it survive closing and reopening")
    func snapshotAndRecords() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)

            try StoreFixtures.makeStore(at: url)

            let contents = try StoreFixtures.contents(at: url)
            #expect(contents.snapshot == StoreFixtures.snapshot)
            #expect(contents.records == StoreFixtures.records)
            #expect(contents.warnings.isEmpty)
        }
    }

    @Test("an empty snapshot and an empty record are kept apart from none")
    func emptyPayloads() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)

            try StoreFixtures.makeStore(at: url, snapshot: Data(), records: [Data(), StoreFixtures.record(1), Data()])

            let contents = try StoreFixtures.contents(at: url)
            #expect(contents.snapshot == Data())
            #expect(contents.records == [Data(), StoreFixtures.record(1), Data()])
        }
    }

    @Test("appends continue across reopenings")
    func appendsAcrossReopenings() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url, records: Array(StoreFixtures.records.prefix(2)))

            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            for record in StoreFixtures.records.dropFirst(2) { try journal.append(record) }
            journal.close()

            #expect(try StoreFixtures.contents(at: url).records == StoreFixtures.records)
        }
    }

    @Test("compaction replaces the journal with the snapshot, and later appends follow it")
    func compaction() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            let newSnapshot = Data(#"{"projects":[],"compacted":true}"#.utf8)

            try journal.compact(snapshot: newSnapshot, schemaVersion: 2)
            #expect(journal.journalBytes == 0)
            #expect(journal.snapshotBytes == newSnapshot.count)
            #expect(journal.schemaVersion == 2)
            try journal.append(StoreFixtures.record(9))
            journal.close()

            let contents = try StoreFixtures.contents(at: url)
            #expect(
                contents
                    == JournalContents(
                        schemaVersion: 2, snapshot: newSnapshot, records: [StoreFixtures.record(9)], warnings: []
                    ))
            let leftover = url.path(percentEncoded: false) + ".compacting"
            #expect(!FileManager.default.fileExists(atPath: leftover))
        }
    }

    @Test("the sizes count the journal's frames and the snapshot's payload")
    func sizes() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)

            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            defer { journal.close() }

            let framed = StoreFixtures.records.reduce(0) { $0 + StoreFixtures.recordFrameSize($1) }
            #expect(journal.journalBytes == framed)
            #expect(journal.snapshotBytes == StoreFixtures.snapshot.count)
            let fileSize = try #require(
                FileManager.default.attributesOfItem(atPath: url.path(percentEncoded: false))[.size] as? NSNumber
            )
            #expect(
                fileSize.intValue == JournalFormat.headerSize + JournalFormat.frameHeaderSize
                    + StoreFixtures.snapshot.count + framed)
        }
    }

    @Test("compaction is due once the journal outgrows both the snapshot and the floor")
    func shouldCompact() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            defer { journal.close() }
            #expect(journal.compactionFloor == 4 << 20)
            journal.compactionFloor = 100
            try journal.compact(snapshot: Data(repeating: 0x7B, count: 150), schemaVersion: 1)

            // A record takes 16 bytes besides its payload: length, checksum and sequence number.
            try journal.append(Data(repeating: 0x41, count: 84))  // 100 bytes framed: at the floor
            #expect(!journal.shouldCompact)
            try journal.append(Data(repeating: 0x41, count: 32))  // 148: above the floor, under the snapshot
            #expect(!journal.shouldCompact)
            try journal.append(Data(repeating: 0x41, count: 2))  // 166: above both
            #expect(journal.shouldCompact)

            try journal.compact(snapshot: Data(repeating: 0x7B, count: 150), schemaVersion: 1)
            #expect(!journal.shouldCompact)
        }
    }

    @Test("an empty file opens as a new store, untouched, and keeps its permissions when written")
    func emptyFile() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            #expect(FileManager.default.createFile(atPath: url.path(percentEncoded: false), contents: Data()))
            try StoreFixtures.setPermissions(0o600, of: url)

            let (journal, contents) = try JournalFile.open(at: url, newStoreSchemaVersion: 4)
            #expect(contents == JournalContents(schemaVersion: 4, snapshot: nil, records: [], warnings: []))
            #expect(try Data(contentsOf: url).isEmpty)

            try journal.append(StoreFixtures.record(1))
            journal.close()

            #expect(try StoreFixtures.contents(at: url).records == [StoreFixtures.record(1)])
            #expect(try StoreFixtures.permissions(of: url) == 0o600)
        }
    }

    @Test(
        "a torn tail left by a crash is kept beside the store, then cut off by the next append; the copy is announced until acknowledged"
    )
    func tornTailCutOffByAppend() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let whole = try Data(contentsOf: url)
            try whole.dropLast(5).write(to: url)
            let tail = whole.dropLast(5).dropFirst(StoreFixtures.recordOffsets().last ?? 0)
            let noon = Date(timeIntervalSince1970: 1_773_576_000)  // 2026-03-15 12:00 UTC

            let (journal, contents) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, now: { noon })
            #expect(contents.records == StoreFixtures.records.dropLast())
            #expect(
                contents.warnings == [
                    .droppedTornTail(offset: StoreFixtures.recordOffsets().last ?? 0, bytes: tail.count)
                ])
            try journal.append(StoreFixtures.record(42))
            let copy = url.path(percentEncoded: false) + ".dropped-20260315T120000Z"
            #expect(journal.warnings == [.keptDroppedBytes(file: copy)])
            journal.close()

            #expect(try Data(contentsOf: URL(filePath: copy)) == tail)
            #expect(try StoreFixtures.permissions(of: URL(filePath: copy)) == 0o600)
            let (reopened, again) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            #expect(again.records == StoreFixtures.records.dropLast() + [StoreFixtures.record(42)])
            #expect(reopened.warnings == [.keptDroppedBytes(file: copy)])
            #expect(try JournalFile.read(at: url, newStoreSchemaVersion: 1).warnings == [.keptDroppedBytes(file: copy)])
            try reopened.acknowledgeWarnings()
            #expect(reopened.warnings.isEmpty)
            reopened.close()
            #expect(try StoreFixtures.contents(at: url).warnings.isEmpty)
            #expect(try Data(contentsOf: URL(filePath: copy + ".acknowledged")) == tail)
        }
    }

    @Test("acknowledging drops a torn tail at once, keeping its bytes, and a reader then sees no warning")
    func acknowledgeDropsTornTail() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let torn = try Data(contentsOf: url).dropLast(5)
            try torn.write(to: url)
            #expect(try JournalFile.read(at: url, newStoreSchemaVersion: 1).warnings.count == 1)

            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            try journal.acknowledgeWarnings()
            journal.close()

            let read = try JournalFile.read(at: url, newStoreSchemaVersion: 1)
            #expect(read.warnings.isEmpty)
            #expect(read.records == StoreFixtures.records.dropLast())
            let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                $0.hasSuffix(".acknowledged")
            }
            #expect(kept.count == 1)
        }
    }

    @Test("a closed journal refuses appends and compaction")
    func closedJournal() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)

            journal.close()

            let file = url.path(percentEncoded: false)
            #expect(!journal.isWritable)
            #expect(throws: StoreError.closed(file: file)) { try journal.append(StoreFixtures.record(1)) }
            #expect(throws: StoreError.closed(file: file)) {
                try journal.compact(snapshot: StoreFixtures.snapshot, schemaVersion: 1)
            }
        }
    }

    @Test("a journal kept in a Mutex takes appends from several threads")
    func sharedInMutex() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            let shared = Mutex(journal)

            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let appended = shared.withLock { journal in
                    Result { () throws(StoreError) in try journal.append(StoreFixtures.record(index)) }
                }
                #expect(throws: Never.self) { try appended.get() }
            }
            shared.withLock { $0.close() }

            let records = try StoreFixtures.contents(at: url).records
            #expect(records.count == 8)
            #expect(Set(records) == Set((0..<8).map(StoreFixtures.record)))
        }
    }
}
