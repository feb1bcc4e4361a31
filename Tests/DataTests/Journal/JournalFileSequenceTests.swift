import Foundation
import Testing

@testable import ProjectManagerData

@Suite("Journal file: sequence numbers and the header's checks")
struct JournalFileSequenceTests {
    /// The frames of the records of a store made by ``StoreFixtures/makeStore(at:snapshot:records:schemaVersion:)``.
    static func recordFrames(of bytes: Data) -> [Data] {
        let offsets = StoreFixtures.recordOffsets()
        return zip(offsets, StoreFixtures.records).map { offset, record in
            bytes[offset..<(offset + StoreFixtures.recordFrameSize(record))]
        }
    }

    /// Opens the store at `url` expecting damage, and returns the offset and reason.
    static func damage(at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        offset: Int, reason: String
    ) {
        let error = try #require(throws: StoreError.self, sourceLocation: sourceLocation) {
            try StoreFixtures.contents(at: url)
        }
        guard case .damaged(_, let offset, let reason) = error else {
            Issue.record("expected damaged, got \(error)", sourceLocation: sourceLocation)
            return (-1, "")
        }
        return (offset, reason)
    }

    @Test("records are numbered from the snapshot's last save on, and the numbers go on across compactions")
    func numbering() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let bytes = try Data(contentsOf: url)
            for (index, frame) in Self.recordFrames(of: bytes).enumerated() {
                let sequence = frame.dropFirst(JournalFormat.frameHeaderSize).prefix(8)
                    .reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                #expect(sequence == UInt64(index + 1))
            }

            // When it is compacted and a record appended
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            try journal.compact(snapshot: StoreFixtures.snapshot, schemaVersion: 1)
            try journal.append(StoreFixtures.record(6))
            journal.close()

            // Then the header holds the snapshot's last save, and the record is the one after it
            let compacted = try Data(contentsOf: url)
            let header = compacted.prefix(JournalFormat.headerSize)
            #expect(header[20..<28].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } == 5)
            #expect(try StoreFixtures.contents(at: url).records == [StoreFixtures.record(6)])
        }
    }

    @Test("a copy of the last record appended again is damage, not a save replayed", arguments: [0, 4])
    func repeatedRecord(copied index: Int) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            var bytes = try Data(contentsOf: url)
            let frame = Self.recordFrames(of: bytes)[index]
            let end = bytes.count
            bytes.append(frame)
            try bytes.write(to: url)

            let (offset, reason) = try Self.damage(at: url)
            #expect(offset == end)
            #expect(reason.contains("save \(index + 1) where save 6 comes next"))
            #expect(try Data(contentsOf: url) == bytes)
        }
    }

    @Test("two records swapped are damage at the first of them")
    func reorderedRecords() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let bytes = try Data(contentsOf: url)
            let frames = Self.recordFrames(of: bytes)
            let offsets = StoreFixtures.recordOffsets()
            var swapped = bytes.prefix(offsets[1])
            swapped.append(frames[2])
            swapped.append(frames[1])
            swapped.append(bytes[offsets[3]...])
            try swapped.write(to: url)

            let (offset, reason) = try Self.damage(at: url)
            #expect(offset == offsets[1])
            #expect(reason.contains("save 3 where save 2 comes next"))
        }
    }

    @Test("a record from before a compaction, appended after it, is damage")
    func recordFromBeforeCompaction() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url, records: [StoreFixtures.record(1)])
            let offset = StoreFixtures.recordOffsets(records: [StoreFixtures.record(1)])[0]
            let old = try Data(contentsOf: url)[offset...]
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            try journal.compact(snapshot: StoreFixtures.snapshot, schemaVersion: 1)
            journal.close()
            var bytes = try Data(contentsOf: url)
            bytes.append(old)
            try bytes.write(to: url)

            #expect(try Self.damage(at: url).reason.contains("save 1 where save 2 comes next"))
        }
    }

    @Test(
        "a flipped bit anywhere in the header is damage at byte 0, the version included, before its version is read",
        arguments: [8, 9, 11, 12, 16, 20, 27, 28])
    func headerChecksumFirst(byte: Int) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            var bytes = try Data(contentsOf: url)
            bytes[byte] ^= 0x40
            try bytes.write(to: url)

            let (offset, reason) = try Self.damage(at: url)
            #expect(offset == 0)
            #expect(reason.contains("checksum"))
        }
    }

    @Test("a header with flags this engine does not know is damage", arguments: [UInt32(2), 1 << 31, 0xFFFF_FFFF])
    func unknownFlags(flags: UInt32) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            var header = Data(JournalFormat.magic)
            header.appendLittleEndian(JournalFormat.version)
            header.appendLittleEndian(UInt32(1))
            header.appendLittleEndian(flags)
            header.appendLittleEndian(UInt64(0))
            header.appendLittleEndian(CRC32C.checksum(of: header))
            let bytes = header + JournalFormat.frame(Data())
            try bytes.write(to: url)

            let (offset, reason) = try Self.damage(at: url)
            #expect(offset == 16)
            #expect(reason.contains("flags"))
            #expect(try Data(contentsOf: url) == bytes)
        }
    }

    @Test("a header of format 1 with reserved bytes that are not zero is damage")
    func reservedBytes() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            var header = Data(JournalFormat.magic)
            header.appendLittleEndian(JournalFormat.firstVersion)
            header.appendLittleEndian(UInt32(1))
            header.appendLittleEndian(UInt32(0))
            header.appendLittleEndian(UInt64(1) << 40)
            header.appendLittleEndian(CRC32C.checksum(of: header))
            try (header + JournalFormat.frame(Data())).write(to: url)

            let (offset, reason) = try Self.damage(at: url)
            #expect(offset == 20)
            #expect(reason.contains("reserved"))
        }
    }

    @Test(
        "a store of format 1 opens with its records, and refuses appends until it is compacted into the current format")
    func formatOne() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let bytes =
                JournalFormat.file(
                    snapshot: StoreFixtures.snapshot, schemaVersion: 1, formatVersion: JournalFormat.firstVersion)
                + StoreFixtures.records.map(JournalFormat.frame).reduce(Data(), +)
            try bytes.write(to: url)

            let (journal, contents) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            defer { journal.close() }
            #expect(contents.formatVersion == JournalFormat.firstVersion)
            #expect(contents.snapshot == StoreFixtures.snapshot)
            #expect(contents.records == StoreFixtures.records)
            #expect(throws: StoreError.self) { try journal.append(StoreFixtures.record(6)) }
            #expect(try Data(contentsOf: url) == bytes)
        }
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try
                (JournalFormat.file(snapshot: nil, schemaVersion: 1, formatVersion: JournalFormat.firstVersion)
                + JournalFormat.frame(StoreFixtures.record(1))).write(to: url)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            try journal.compact(snapshot: StoreFixtures.snapshot, schemaVersion: 1)
            try journal.append(StoreFixtures.record(2))
            journal.close()
            let contents = try StoreFixtures.contents(at: url)
            #expect(contents.formatVersion == JournalFormat.version)
            #expect(contents.records == [StoreFixtures.record(2)])
        }
    }
}
