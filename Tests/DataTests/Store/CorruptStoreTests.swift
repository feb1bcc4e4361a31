import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Corrupt store files")
struct CorruptStoreTests {
    /// The payloads of a good store holding the default board and one project due 2026-12-24.
    struct GoodPayloads {
        /// The snapshot a compacted store holds, in the current (binary) format.
        var snapshot: Data
        /// The journal record of the save that wrote them, in the current format.
        var record: Data
        /// The same snapshot as format 1 wrote it: a JSON graph document.
        var jsonSnapshot: Data
        /// The same record as format 1 wrote it: a JSON commit.
        var jsonRecord: Data
    }

    /// A file a store cannot read.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case garbage
        case wholeFileJSON
        case truncatedHeader
        case garbageSnapshot
        case notAnObject
        case missingFormat
        case wrongRowType
        case nonexistentDay
        case garbageRecord
        case nonexistentDayInRecord
        case garbageBinarySnapshot
        case garbageBinaryRecord
        case binaryRecordOfUnknownEntity

        var testDescription: String { rawValue }

        /// Words the error's reason must contain: it says what is wrong, and where.
        var reasonMentions: [String] {
            switch self {
            case .garbage, .wholeFileJSON: ["does not start like a ProjectManager store"]
            case .truncatedHeader: ["ends inside its header"]
            case .garbageSnapshot: ["not valid JSON"]
            case .notAnObject: ["the top"]
            case .missingFormat: ["missing format"]
            case .wrongRowType: ["entities.Project"]
            case .nonexistentDay: ["entities.Project", "deadline"]
            case .garbageRecord: ["record 1 of the journal"]
            case .nonexistentDayInRecord: ["record 1 of the journal", "deadline"]
            case .garbageBinarySnapshot: ["the snapshot"]
            case .garbageBinaryRecord: ["record 1 of the journal"]
            case .binaryRecordOfUnknownEntity: ["record 1 of the journal", "Note"]
            }
        }

        /// The file's bytes, made from a good store's payloads: JSON in a file of format 1, or
        /// binary in a file of the current format.
        func bytes(from good: GoodPayloads) throws -> Data {
            let first = JournalFormat.firstVersion
            func withSnapshot(_ json: String) -> Data {
                JournalFormat.file(snapshot: Data(json.utf8), schemaVersion: 1, formatVersion: first)
            }
            func withRecord(_ record: Data) -> Data {
                JournalFormat.file(snapshot: nil, schemaVersion: 1, formatVersion: first) + JournalFormat.frame(record)
            }
            /// A record naming an entity the schema lacks: operation push, no name or scope, one entity.
            var unknownEntityRecord = Data([1, 0, 0, 1, 4])
            unknownEntityRecord.append(Data("Note".utf8))
            unknownEntityRecord.append(contentsOf: [0, 1, 0] + [UInt8](repeating: 7, count: 16) + [2, 2, 0x7B, 0x7D])
            func replacingDay(in json: Data) throws -> Data {
                let text = String(decoding: json, as: UTF8.self)
                try #require(text.contains("2026-12-24"))
                return Data(text.replacingOccurrences(of: "2026-12-24", with: "2026-02-30").utf8)
            }
            return switch self {
            case .garbage: Data([0x00, 0xFF, 0x13, 0x37, 0x89, 0x50, 0x4E, 0x47])
            case .wholeFileJSON: Data(#"{"format": 1, "schemaVersion": 1, "entities": {}}"#.utf8)
            case .truncatedHeader: JournalFormat.file(snapshot: good.jsonSnapshot, schemaVersion: 1).prefix(20)
            case .garbageSnapshot: withSnapshot(#"{"format": 1, "entities": {"Project": ["#)
            case .notAnObject: withSnapshot("[1, 2, 3]")
            case .missingFormat: withSnapshot(#"{"schemaVersion": 1, "entities": {}}"#)
            case .wrongRowType: withSnapshot(#"{"format": 1, "schemaVersion": 1, "entities": {"Project": [42]}}"#)
            case .nonexistentDay:
                JournalFormat.file(
                    snapshot: try replacingDay(in: good.jsonSnapshot), schemaVersion: 1, formatVersion: first)
            case .garbageRecord:
                JournalFormat.file(snapshot: good.jsonSnapshot, schemaVersion: 1, formatVersion: first)
                    + JournalFormat.frame(Data("not a record".utf8))
            case .nonexistentDayInRecord: withRecord(try replacingDay(in: good.jsonRecord))
            case .garbageBinarySnapshot: JournalFormat.file(snapshot: Data("not a snapshot".utf8), schemaVersion: 1)
            case .garbageBinaryRecord:
                JournalFormat.file(snapshot: good.snapshot, schemaVersion: 1)
                    + JournalFormat.record(Data("not a record".utf8), sequence: 1)
            case .binaryRecordOfUnknownEntity:
                JournalFormat.file(snapshot: good.snapshot, schemaVersion: 1)
                    + JournalFormat.record(unknownEntityRecord, sequence: 1)
            }
        }
    }

    /// Saves the default board and one project due 2026-12-24 into a new store.
    static func writeGoodStore(_ store: JournalStore) throws {
        let context = try ObjectContext(
            schema: .projectManager, store: store, undoLimit: ObjectContext.defaultUndoLimit)
        try context.insert(Board(id: .default, title: "Projects", createdAt: TestClock.defaultStart))
        try context.insert(
            Project(
                id: Project.ID(rawValue: SequentialIDs.id(1)), boardID: .default, title: "Wrap presents",
                deadline: Day("2026-12-24"), createdAt: TestClock.defaultStart))
        try context.save()
    }

    /// What a good store holds: the snapshot of a compacted store, and the record of a journaled one.
    static func goodPayloads() throws -> GoodPayloads {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let compacted = directory.file("compacted.pmstore")
        let journaled = directory.file("journaled.pmstore")
        try writeGoodStore(JournalStore(url: compacted, compactionFloor: 0))
        try writeGoodStore(JournalStore(url: journaled))
        let snapshot = try #require(try contents(at: compacted).snapshot)
        let record = try #require(try contents(at: journaled).records.first)
        let schema = Schema.projectManager
        let contents = try BinaryStoreCoding.decodeSnapshot(snapshot, schema: schema, undoLimit: 100, steps: []).0
        let commit = try BinaryStoreCoding.decodeRecord(record, schema: schema, steps: [])
        return GoodPayloads(
            snapshot: snapshot, record: record,
            jsonSnapshot: try GraphDocument.encodeJSON(contents), jsonRecord: try JSONEncoder().encode(commit))
    }

    /// The snapshot and records of the store file at `url`.
    static func contents(at url: URL) throws -> JournalContents {
        let (journal, contents) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
        journal.close()
        return contents
    }

    /// Opens the store at `url`, expecting a store error.
    static func openError(at url: URL) throws -> StoreError {
        let error = try #require(throws: ContextError.self) {
            try ObjectContext(schema: .projectManager, store: .file(url))
        }
        guard case .store(let storeError) = error else {
            Issue.record("expected a store error, got \(error)")
            throw error
        }
        return storeError
    }

    /// The names in `directory`: the store and its lock file, and nothing else, after a failed open.
    static func expectOnlyStoreAndLock(
        in directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(Set(names) == ["projects.pmstore", "projects.pmstore.lock"], sourceLocation: sourceLocation)
    }

    @Test(
        "a file that is not a readable store gives unreadable naming the file, and stays as it was",
        arguments: Damage.allCases)
    func unreadable(damage: Damage) throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let bytes = try damage.bytes(from: Self.goodPayloads())
        try bytes.write(to: url)

        // When
        let error = try Self.openError(at: url)

        // Then
        guard case .unreadable(let file, let reason) = error else {
            Issue.record("expected unreadable, got \(error)")
            return
        }
        #expect(file == url.path)
        for words in damage.reasonMentions { #expect(reason.contains(words)) }
        #expect(error.description.contains(url.path))
        #expect(try Data(contentsOf: url) == bytes)
        try Self.expectOnlyStoreAndLock(in: directory)
    }

    @Test("an empty file opens as an empty store, and stays empty until the first save")
    func emptyFile() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        try Data().write(to: url)
        let board = Board(id: .default, title: "Projects", createdAt: TestClock.defaultStart)

        do {
            // When
            let context = try ObjectContext(schema: .projectManager, store: .file(url))

            // Then
            #expect(try context.count(FetchRequest<Board>()) == 0)
            #expect(try context.count(FetchRequest<Project>()) == 0)
            #expect(try Data(contentsOf: url).isEmpty)

            // When
            try context.insert(board)
            try context.save()
        }

        // Then
        #expect(try Data(contentsOf: url).prefix(8) == Data("PMSTORE\0".utf8))
        let reopened = try ObjectContext(schema: .projectManager, store: .file(url))
        #expect(try reopened.fetch(FetchRequest<Board>()) == [board])
    }

    @Test("a file of a newer format gives newerFormat naming the file and both formats, and stays as it was")
    func newerFormat() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let newer =
            JournalFormat.header(schemaVersion: 1, hasSnapshot: true, formatVersion: 99)
            + JournalFormat.frame(try Self.goodPayloads().snapshot)
        try newer.write(to: url)

        // When
        let error = try Self.openError(at: url)

        // Then
        #expect(error == .newerFormat(file: url.path, found: 99, supported: Int(JournalFormat.version)))
        #expect(error.description.contains(url.path))
        #expect(try Data(contentsOf: url) == newer)
        try Self.expectOnlyStoreAndLock(in: directory)
    }

    @Test("a newer format is reported even when the rest of the file is a shape this engine does not know")
    func newerFormatWithUnknownShape() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let newer =
            JournalFormat.header(schemaVersion: 1, hasSnapshot: true, formatVersion: 99)
            + Data(#"{"pages": [{"kind": "journal"}]}"#.utf8)
        try newer.write(to: url)

        // Then
        #expect(
            try Self.openError(at: url)
                == .newerFormat(file: url.path, found: 99, supported: Int(JournalFormat.version)))
        #expect(try Data(contentsOf: url) == newer)
    }

    @Test(
        "a bad checksum in a record followed by intact ones gives damaged at that record, and the file stays as it was")
    func damagedRecord() throws {
        // Given a store of two saves, with a byte of the first save's record flipped
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        do {
            let context = try ObjectContext(schema: .projectManager, store: .file(url))
            try context.insert(Board(id: .default, title: "Projects", createdAt: TestClock.defaultStart))
            try context.save()
            try context.update(Board(id: .default, title: "Home", createdAt: TestClock.defaultStart))
            try context.save()
        }
        var damaged = try Data(contentsOf: url)
        // A store without a snapshot: the header, an empty snapshot frame, then the first record.
        let firstRecord = JournalFormat.headerSize + JournalFormat.frameHeaderSize
        damaged[firstRecord + JournalFormat.frameHeaderSize + 4] ^= 0x20
        try damaged.write(to: url)

        // When
        let error = try Self.openError(at: url)

        // Then
        guard case .damaged(let file, let offset, let reason) = error else {
            Issue.record("expected damaged, got \(error)")
            return
        }
        #expect(file == url.path)
        #expect(offset == firstRecord)
        #expect(reason.contains("checksum"))
        #expect(error.description.contains(url.path))
        #expect(try Data(contentsOf: url) == damaged)
        try Self.expectOnlyStoreAndLock(in: directory)
    }

    @Test("a store that is a directory cannot be read and is left alone")
    func directoryInsteadOfFile() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)

        // When
        let error = try Self.openError(at: url)

        // Then
        #expect(error.description.contains(url.path))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
