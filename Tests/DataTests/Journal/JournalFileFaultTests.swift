import Foundation
import Testing
@testable import ProjectManagerData

@Suite("Journal file: failures while writing")
struct JournalFileFaultTests {
    struct Failure: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// The faults to inject, each into the next call of its operation.
        var faults: [(FaultyFileSystem.Operation, FaultyFileSystem.Fault)]
        /// What reopening should warn about, given where the failed record would have started.
        var warnings: @Sendable (_ failedRecordOffset: Int) -> [StoreWarning] = { _ in [] }
    }

    static let appendFailures: [Failure] = [
        Failure(testDescription: "the write fails", faults: [(.write, .fail)]),
        Failure(testDescription: "part of the record is written", faults: [(.write, .writePrefixThenFail(bytes: 11))]),
        Failure(testDescription: "the sync fails", faults: [(.synchronize, .fail)]),
        Failure(
            testDescription: "part of the record is written and cutting it off fails",
            faults: [(.write, .writePrefixThenFail(bytes: 11)), (.truncate, .fail)],
            warnings: { [.droppedTornTail(offset: $0, bytes: 11)] }
        ),
    ]

    @Test("a failed append is reported, stops the journal, and leaves only the records that returned",
          arguments: appendFailures)
    func failedAppend(_ failure: Failure) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let file = url.path(percentEncoded: false)
            try StoreFixtures.makeStore(at: url, records: Array(StoreFixtures.records.prefix(2)))
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            for (operation, fault) in failure.faults { fileSystem.inject(fault, into: operation) }

            let error = #expect(throws: StoreError.self) { try journal.append(StoreFixtures.records[2]) }

            guard case .ioFailure(file, _, _)? = error else {
                Issue.record("expected an I/O failure on \(file), got \(String(describing: error))")
                return
            }
            #expect(!journal.isWritable)
            #expect(throws: StoreError.closed(file: file)) { try journal.append(StoreFixtures.records[3]) }
            #expect(throws: StoreError.closed(file: file)) {
                try journal.compact(snapshot: StoreFixtures.snapshot, schemaVersion: 1)
            }
            journal.close()
            let contents = try StoreFixtures.contents(at: url)
            #expect(contents.snapshot == StoreFixtures.snapshot)
            #expect(contents.records == Array(StoreFixtures.records.prefix(2)))
            #expect(contents.warnings == failure.warnings(StoreFixtures.recordOffsets()[2]))
        }
    }

    @Test("a write that puts down fewer bytes than asked is finished, not failed")
    func shortWrite() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url, records: [])
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            fileSystem.inject(.shortWrite(bytes: 3), into: .write)

            try journal.append(StoreFixtures.records[0])

            #expect(fileSystem.calls(of: .write) == 2)
            #expect(journal.isWritable)
            journal.close()
            #expect(try StoreFixtures.contents(at: url).records == [StoreFixtures.records[0]])
        }
    }

    @Test("a failure cutting off a torn tail changes nothing, and the journal goes on")
    func failedTailCut() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let torn = try Data(contentsOf: url).dropLast(3)
            try torn.write(to: url)
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            fileSystem.inject(.fail, into: .truncate)

            #expect(throws: StoreError.self) { try journal.append(StoreFixtures.record(9)) }

            #expect(journal.isWritable)
            journal.close()
            #expect(try Data(contentsOf: url) == torn)
        }
    }

    static let compactionFailures: [Failure] = [
        Failure(testDescription: "the new file cannot be created", faults: [(.create, .fail)]),
        Failure(testDescription: "the write fails", faults: [(.write, .fail)]),
        Failure(testDescription: "part of the snapshot is written", faults: [(.write, .writePrefixThenFail(bytes: 40))]),
        Failure(testDescription: "the permissions cannot be set", faults: [(.setPermissions, .fail)]),
        Failure(testDescription: "the sync fails", faults: [(.synchronize, .fail)]),
        Failure(testDescription: "the rename fails", faults: [(.rename, .fail)]),
    ]

    @Test("a compaction that fails before its rename leaves the old file as it was, and the journal goes on with it",
          arguments: compactionFailures)
    func failedCompaction(_ failure: Failure) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let file = url.path(percentEncoded: false)
            try StoreFixtures.makeStore(at: url)
            let before = try Data(contentsOf: url)
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            for (operation, fault) in failure.faults { fileSystem.inject(fault, into: operation) }

            let error = #expect(throws: StoreError.self) {
                try journal.compact(snapshot: Data(#"{"projects":[]}"#.utf8), schemaVersion: 2)
            }

            guard case .ioFailure? = error else {
                Issue.record("expected an I/O failure, got \(String(describing: error))")
                return
            }
            #expect(try Data(contentsOf: url) == before)
            #expect(!FileManager.default.fileExists(atPath: file + ".compacting"))
            #expect(journal.isWritable)
            try journal.append(StoreFixtures.record(9))
            journal.close()
            let contents = try StoreFixtures.contents(at: url)
            #expect(contents == JournalContents(
                schemaVersion: 1, snapshot: StoreFixtures.snapshot, records: StoreFixtures.records + [StoreFixtures.record(9)],
                warnings: []
            ))
        }
    }

    @Test("a compaction whose directory sync fails once tries again; failing twice, it leaves the new file in place, and the next append syncs the directory before it writes",
          arguments: [1, 3])
    func failedDirectorySync(failures: Int) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            for call in 1...failures { fileSystem.inject(.fail, into: .synchronizeDirectory, onCall: call) }
            let snapshot = Data(#"{"projects":[]}"#.utf8)

            var records: [Data] = []
            if failures == 1 {
                try journal.compact(snapshot: snapshot, schemaVersion: 2)
                #expect(fileSystem.calls(of: .synchronizeDirectory) == 2)
            } else {
                #expect(throws: StoreError.self) { try journal.compact(snapshot: snapshot, schemaVersion: 2) }
                #expect(journal.isReplacementUnsynced)
                let unsynced = try Data(contentsOf: url)
                #expect(throws: StoreError.self) { try journal.append(StoreFixtures.record(1)) }
                #expect(try Data(contentsOf: url) == unsynced)
                try journal.append(StoreFixtures.record(2))
                records = [StoreFixtures.record(2)]
            }

            #expect(!journal.isReplacementUnsynced)
            journal.close()
            #expect(try StoreFixtures.contents(at: url) == JournalContents(
                schemaVersion: 2, snapshot: snapshot, records: records, warnings: []))
        }
    }

    @Test("a new store whose creation fails leaves no store file")
    func failedCreation() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            fileSystem.inject(.fail, into: .rename)

            #expect(throws: StoreError.self) { try journal.append(StoreFixtures.record(1)) }

            journal.close()
            let file = url.path(percentEncoded: false)
            #expect(!FileManager.default.fileExists(atPath: file))
            #expect(!FileManager.default.fileExists(atPath: file + ".compacting"))
            #expect(try StoreFixtures.contents(at: url).isEmpty)
        }
    }
}
