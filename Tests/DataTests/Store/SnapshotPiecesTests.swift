import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManagerData

@Suite("Snapshot payload: measured first, then written in pieces")
struct SnapshotPiecesTests {
    /// The coding tests' graph and stacks, with a board linked to GitHub: an entity kept as JSON.
    static func contents() throws -> StoreContents {
        var contents = BinaryCodingTests.contents()
        let repository = try #require(GitHubRepositoryName("octocat/Hello-World"))
        contents.graph.upsert(GitHubBoardLink(board: BinaryCodingTests.work.id, repository: repository))
        return contents
    }

    @Test(
        "pieces of any size add up to the size measured, and read back as the graph and its stacks",
        arguments: [1, 7, 64, 1 << 20])
    func piecesAddUp(_ pieceSize: Int) throws {
        let contents = try Self.contents()
        let payload = try BinaryStoreCoding.SnapshotPayload(contents)
        var pieces: [Data] = []

        payload.write(pieceSize: pieceSize) { pieces.append($0) }

        let whole = pieces.reduce(Data(), +)
        #expect(whole.count == payload.byteCount)
        // (Not compared with `encodeSnapshot` byte for byte: JSON orders an object's keys anew each time.)
        #expect(whole.count == (try BinaryStoreCoding.encodeSnapshot(contents)).count)
        #expect(pieces.count > 1 || pieceSize > whole.count)
        let decoded = try BinaryStoreCoding.decodeSnapshot(whole, schema: .projectManager, undoLimit: 10, steps: []).0
        #expect(BinaryCodingTests.summary(decoded) == BinaryCodingTests.summary(contents))
        #expect(decoded.graph.count(of: GitHubBoardLink.self) == 1)
    }

    @Test("a store compacted to a snapshot in pieces opens with every object and both undo stacks")
    func storeReadsBack() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("pieces.pmstore")
            let contents = try Self.contents()
            let store = JournalStore(url: url)
            _ = try store.load(schema: .projectManager, undoLimit: 10)

            try store.compact(contents)
            store.close()

            let reopened = try JournalStore(url: url).load(schema: .projectManager, undoLimit: 10)
            #expect(BinaryCodingTests.summary(reopened) == BinaryCodingTests.summary(contents))
            #expect(reopened.graph.count(of: GitHubBoardLink.self) == 1)
        }
    }
}

@Suite("Journal file: a snapshot written in pieces")
struct JournalFilePiecesTests {
    static let snapshot = Data((0..<1_000).map { UInt8(truncatingIfNeeded: $0 * 7) })

    /// `snapshot` in pieces of `size` bytes, announcing `announced` bytes.
    static func source(_ snapshot: Data, pieces size: Int, announcing announced: Int? = nil) -> SnapshotSource {
        SnapshotSource(byteCount: announced ?? snapshot.count) { write throws(StoreError) in
            for start in stride(from: 0, to: snapshot.count, by: size) {
                try write(snapshot.subdata(in: start..<min(start + size, snapshot.count)))
            }
        }
    }

    @Test("a snapshot handed over in pieces makes the same file as one handed over whole")
    func sameFile() throws {
        try withTemporaryDirectory { directory in
            let whole = StoreFixtures.storeURL(in: directory)
            let pieces = directory.appendingPathComponent("pieces.pmstore")
            try StoreFixtures.makeStore(at: whole)
            try StoreFixtures.makeStore(at: pieces)
            let (wholeJournal, _) = try JournalFile.open(at: whole, newStoreSchemaVersion: 1)
            let (piecesJournal, _) = try JournalFile.open(at: pieces, newStoreSchemaVersion: 1)

            try wholeJournal.compact(snapshot: Self.snapshot, schemaVersion: 1)
            try piecesJournal.compact(Self.source(Self.snapshot, pieces: 33), schemaVersion: 1)
            wholeJournal.close()
            piecesJournal.close()

            #expect(try Data(contentsOf: pieces) == (try Data(contentsOf: whole)))
            #expect(try StoreFixtures.contents(at: pieces).snapshot == Self.snapshot)
        }
    }

    /// Compacts a store to `source`, which fails, and hands over the error; then checks that the
    /// file is as it was, without a leftover beside it, and that the journal still takes a record.
    static func compactionFails(with source: SnapshotSource) throws -> StoreError? {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let before = try Data(contentsOf: url)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            defer { journal.close() }

            let error = #expect(throws: StoreError.self) { try journal.compact(source, schemaVersion: 1) }

            #expect(try Data(contentsOf: url) == before)
            #expect(!FileManager.default.fileExists(atPath: url.path(percentEncoded: false) + ".compacting"))
            try journal.append(StoreFixtures.record(9))
            return error
        }
    }

    @Test(
        "pieces that come to more or fewer bytes than announced are refused, and the store is as it was",
        arguments: [999, 1_001])
    func wrongSize(_ announced: Int) throws {
        let error = try Self.compactionFails(with: Self.source(Self.snapshot, pieces: 100, announcing: announced))

        guard case .ioFailure(_, let operation, _)? = error else {
            Issue.record("expected an I/O failure, got \(String(describing: error))")
            return
        }
        #expect(operation == "write a snapshot to")
    }

    @Test("a snapshot whose making fails partway leaves the store as it was")
    func failingSource() throws {
        let failing = SnapshotSource(byteCount: 2_000) { write throws(StoreError) in
            try write(Self.snapshot)
            throw .ioFailure(file: "memory", operation: "encode a snapshot of", reason: "out of luck")
        }

        let error = try Self.compactionFails(with: failing)

        #expect(error?.description.contains("out of luck") == true)
    }
}
