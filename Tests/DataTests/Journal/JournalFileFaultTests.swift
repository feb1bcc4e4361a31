import Foundation
import ProjectManagerDomain
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
        // The whole record is written but not synced, and cannot be cut off: it is written again
        // with a checksum that cannot match, a torn tail that is dropped, never replayed.
        Failure(
            testDescription: "the sync fails and cutting the record off fails",
            faults: [(.synchronize, .fail), (.truncate, .fail)],
            warnings: { [.droppedTornTail(offset: $0, bytes: StoreFixtures.recordFrameSize(StoreFixtures.records[2]))] }
        ),
        Failure(
            testDescription: "the sync fails and so does the sync after cutting the record off",
            faults: [(.synchronize, .fail), (.synchronize, .fail)],
            warnings: { [.droppedTornTail(offset: $0, bytes: StoreFixtures.recordFrameSize(StoreFixtures.records[2]))] }
        ),
    ]

    /// A store of the fixture snapshot and first two records, open through a file system that
    /// fails on demand.
    static func openStoreOfTwoRecords(in directory: URL) throws -> (URL, JournalFile, FaultyFileSystem) {
        let url = StoreFixtures.storeURL(in: directory)
        try StoreFixtures.makeStore(at: url, records: Array(StoreFixtures.records.prefix(2)))
        let fileSystem = FaultyFileSystem()
        let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
        return (url, journal, fileSystem)
    }

    /// What the fixture store holds once `record` is appended to it.
    static func fixtureStore(appending record: Data) -> JournalContents {
        JournalContents(
            schemaVersion: 1, snapshot: StoreFixtures.snapshot, records: StoreFixtures.records + [record], warnings: [])
    }

    /// Injects each of `faults` into the next call of its operation not already given a fault.
    static func inject(
        _ faults: [(FaultyFileSystem.Operation, FaultyFileSystem.Fault)], into fileSystem: FaultyFileSystem
    ) {
        var planned: [FaultyFileSystem.Operation: Int] = [:]
        for (operation, fault) in faults {
            let call = planned[operation, default: 0] + 1
            planned[operation] = call
            fileSystem.inject(fault, into: operation, onCall: call)
        }
    }

    @Test(
        "a failed append is reported, stops the journal, and leaves only the records that returned",
        arguments: appendFailures)
    func failedAppend(_ failure: Failure) throws {
        try withTemporaryDirectory { directory in
            let (url, journal, fileSystem) = try Self.openStoreOfTwoRecords(in: directory)
            let file = url.path(percentEncoded: false)
            Self.inject(failure.faults, into: fileSystem)

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

    @Test(
        "a record whose sync fails and that can be neither cut off nor marked unreadable is reported as not confirmed, not as a failure"
    )
    func unconfirmedAppend() throws {
        try withTemporaryDirectory { directory in
            let (url, journal, fileSystem) = try Self.openStoreOfTwoRecords(in: directory)
            let file = url.path(percentEncoded: false)
            // The record's write goes through; its sync, the cut-off and the second write fail.
            Self.inject([(.synchronize, .fail), (.truncate, .fail)], into: fileSystem)
            fileSystem.inject(.fail, into: .write, onCall: 2)

            let error = #expect(throws: StoreError.self) { try journal.append(StoreFixtures.records[2]) }

            guard case .saveNotConfirmed(file, let reason)? = error else {
                Issue.record("expected an unconfirmed save of \(file), got \(String(describing: error))")
                return
            }
            #expect(reason.contains("cutting it off failed") && reason.contains("marking it unreadable"))
            #expect(!journal.isWritable)
            journal.close()
            // The record went down whole and nothing took it back: the file holds it.
            #expect(try StoreFixtures.contents(at: url).records == Array(StoreFixtures.records.prefix(3)))
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
        Failure(
            testDescription: "part of the snapshot is written", faults: [(.write, .writePrefixThenFail(bytes: 40))]),
        Failure(testDescription: "the permissions cannot be set", faults: [(.setPermissions, .fail)]),
        Failure(testDescription: "the sync fails", faults: [(.synchronize, .fail)]),
        Failure(testDescription: "the rename fails", faults: [(.rename, .fail)]),
    ]

    @Test(
        "a compaction that fails before its rename leaves the old file as it was, and the journal goes on with it",
        arguments: compactionFailures)
    func failedCompaction(_ failure: Failure) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let file = url.path(percentEncoded: false)
            try StoreFixtures.makeStore(at: url)
            let before = try Data(contentsOf: url)
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            Self.inject(failure.faults, into: fileSystem)

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
            #expect(
                contents
                    == JournalContents(
                        schemaVersion: 1, snapshot: StoreFixtures.snapshot,
                        records: StoreFixtures.records + [StoreFixtures.record(9)],
                        warnings: []
                    ))
        }
    }

    @Test(
        "a compaction whose directory sync fails once tries again; failing twice, it leaves the new file in place, and the next append syncs the directory before it writes",
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
            #expect(
                try StoreFixtures.contents(at: url)
                    == JournalContents(
                        schemaVersion: 2, snapshot: snapshot, records: records, warnings: []))
        }
    }

    @Test(
        "a change saved as a snapshot whose folder sync fails twice is also appended to the file the snapshot replaced, so either file holds it, and the save succeeds"
    )
    func snapshotSaveWithUnsyncedFolder() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            // A second name for the file the snapshot replaces: what a crash could bring back.
            let replaced = directory.appendingPathComponent("replaced.pmstore")
            try FileManager.default.linkItem(at: url, to: replaced)
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            for call in 1...2 { fileSystem.inject(.fail, into: .synchronizeDirectory, onCall: call) }
            let snapshot = Data(#"{"imported":true}"#.utf8)

            try journal.save(
                snapshot: { SnapshotSource(snapshot) }, schemaVersion: 1, record: { StoreFixtures.record(6) })

            #expect(journal.isWritable)
            #expect(journal.isReplacementUnsynced)
            try journal.append(StoreFixtures.record(7))
            #expect(!journal.isReplacementUnsynced)
            journal.close()
            #expect(
                try StoreFixtures.contents(at: url)
                    == JournalContents(
                        schemaVersion: 1, snapshot: snapshot, records: [StoreFixtures.record(7)], warnings: []))
            #expect(try StoreFixtures.contents(at: replaced) == Self.fixtureStore(appending: StoreFixtures.record(6)))
        }
    }

    @Test(
        "a change saved as a snapshot that can be made durable in neither file is reported as not confirmed, and the journal stops"
    )
    func unconfirmedSnapshotSave() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let file = url.path(percentEncoded: false)
            try StoreFixtures.makeStore(at: url)
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            for call in 1...2 { fileSystem.inject(.fail, into: .synchronizeDirectory, onCall: call) }
            fileSystem.inject(.fail, into: .write, onCall: 3)
            let snapshot = Data(#"{"imported":true}"#.utf8)

            let error = #expect(throws: StoreError.self) {
                try journal.save(
                    snapshot: { SnapshotSource(snapshot) }, schemaVersion: 1, record: { StoreFixtures.record(6) })
            }

            guard case .saveNotConfirmed(file, _)? = error else {
                Issue.record("expected an unconfirmed save of \(file), got \(String(describing: error))")
                return
            }
            #expect(!journal.isWritable)
            journal.close()
            #expect(try StoreFixtures.contents(at: url).snapshot == snapshot)
        }
    }

    @Test("a change saved as a snapshot that fails before its rename is appended as a record instead")
    func snapshotSaveFallsBackToRecord() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            fileSystem.inject(.fail, into: .rename)

            try journal.save(
                snapshot: { SnapshotSource(Data(#"{"imported":true}"#.utf8)) }, schemaVersion: 1,
                record: { StoreFixtures.record(6) })

            #expect(journal.isWritable)
            journal.close()
            #expect(try StoreFixtures.contents(at: url) == Self.fixtureStore(appending: StoreFixtures.record(6)))
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
