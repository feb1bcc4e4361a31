import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Journal file: torn tails, damage and foreign files")
struct JournalFileDamageTests {
    // MARK: - Torn tails

    static let lastRecord = StoreFixtures.records[StoreFixtures.records.count - 1]
    static let lastFrameSize = StoreFixtures.recordFrameSize(lastRecord)

    @Test(
        "a last record cut at any byte is dropped with a warning, and the file is not modified",
        arguments: 1..<lastFrameSize)
    func lastRecordCut(keeping kept: Int) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let lastRecordOffset = try #require(StoreFixtures.recordOffsets().last)
            let cut = try Data(contentsOf: url).prefix(lastRecordOffset + kept)
            try cut.write(to: url)

            let contents = try StoreFixtures.contents(at: url)

            #expect(contents.snapshot == StoreFixtures.snapshot)
            #expect(contents.records == StoreFixtures.records.dropLast())
            #expect(contents.warnings == [.droppedTornTail(offset: lastRecordOffset, bytes: kept)])
            #expect(try Data(contentsOf: url) == cut)
        }
    }

    @Test("a file cut anywhere reads back every record before the cut, or fails without a change")
    func cutAnywhere() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let whole = try Data(contentsOf: url)
            let offsets = StoreFixtures.recordOffsets()
            let file = url.path(percentEncoded: false)
            func recordEnd(_ index: Int) -> Int {
                offsets[index] + StoreFixtures.recordFrameSize(StoreFixtures.records[index])
            }

            for length in 1..<whole.count {
                let cut = whole.prefix(length)
                try cut.write(to: url)
                let outcome = Result { try StoreFixtures.contents(at: url) }
                if length < JournalFormat.headerSize {
                    guard case .failure(StoreError.unreadable) = outcome else {
                        Issue.record("cut at \(length): expected unreadable, got \(outcome)")
                        continue
                    }
                } else if length < offsets[0] {
                    guard case .failure(StoreError.damaged(file, JournalFormat.headerSize, _)) = outcome else {
                        Issue.record("cut at \(length): expected damage at the snapshot, got \(outcome)")
                        continue
                    }
                } else {
                    let contents = try outcome.get()
                    let complete = offsets.indices.filter { recordEnd($0) <= length }
                    let goodEnd = complete.last.map(recordEnd) ?? offsets[0]
                    #expect(contents.records == complete.map { StoreFixtures.records[$0] }, "cut at \(length)")
                    let expected: [StoreWarning] =
                        length == goodEnd
                        ? [] : [.droppedTornTail(offset: goodEnd, bytes: length - goodEnd)]
                    #expect(contents.warnings == expected, "cut at \(length)")
                }
                #expect(try Data(contentsOf: url) == cut, "cut at \(length)")
            }
        }
    }

    @Test("a tail of zero bytes, left when a file grew before its data landed, is dropped as torn")
    func zeroTail() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let whole = try Data(contentsOf: url)
            try (whole + Data(count: 4096)).write(to: url)

            let contents = try StoreFixtures.contents(at: url)

            #expect(contents.records == StoreFixtures.records)
            #expect(contents.warnings == [.droppedTornTail(offset: whole.count, bytes: 4096)])
        }
    }

    // MARK: - Damage

    enum Region: Sendable, CustomTestStringConvertible {
        case header
        case snapshot
        case record(Int)

        var testDescription: String {
            switch self {
            case .header: "the header"
            case .snapshot: "the snapshot"
            case .record(let index): "record \(index)"
            }
        }

        /// The bytes of this region in the fixture store.
        var bytes: Range<Int> {
            let offsets = StoreFixtures.recordOffsets()
            return switch self {
            case .header: 0..<JournalFormat.headerSize
            case .snapshot: JournalFormat.headerSize..<offsets[0]
            case .record(let index): offsets[index]..<offsets[index + 1]
            }
        }
    }

    /// Every region before the last record.
    static let regionsBeforeTheLast: [Region] =
        [.header, .snapshot]
        + (0..<(StoreFixtures.records.count - 1)).map(Region.record)

    @Test(
        "a flipped byte before the last record is damage reported at its block, and the file is kept",
        arguments: regionsBeforeTheLast)
    func flippedByte(in region: Region) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let file = url.path(percentEncoded: false)
            try StoreFixtures.makeStore(at: url)
            let original = try Data(contentsOf: url)
            var generator = SeededGenerator(seed: UInt64(region.bytes.lowerBound))

            for _ in 0..<64 {
                var damaged = original
                let position = Int.random(in: region.bytes, using: &generator)
                damaged[position] ^= UInt8.random(in: 1 ... .max, using: &generator)
                try damaged.write(to: url)

                let error = #expect(throws: StoreError.self, "byte \(position) flipped") {
                    try StoreFixtures.contents(at: url)
                }

                switch (region, error) {
                case (.header, .unreadable?), (.header, .newerFormat?), (.header, .damaged(file, 0, _)?):
                    break
                case (.snapshot, .damaged(file, JournalFormat.headerSize, _)?):
                    break
                case (.record, .damaged(file, region.bytes.lowerBound, _)?):
                    break
                default:
                    Issue.record("byte \(position) flipped in \(region.testDescription): \(String(describing: error))")
                }
                #expect(try Data(contentsOf: url) == damaged, "byte \(position) flipped")
            }
        }
    }

    @Test("a flipped byte in the last record drops just that record, with a warning")
    func flippedByteInLastRecord() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let original = try Data(contentsOf: url)
            let lastRecordOffset = try #require(StoreFixtures.recordOffsets().last)
            var generator = SeededGenerator(seed: 5)

            for _ in 0..<64 {
                var damaged = original
                let position = Int.random(in: lastRecordOffset..<original.count, using: &generator)
                damaged[position] ^= UInt8.random(in: 1 ... .max, using: &generator)
                try damaged.write(to: url)

                let contents = try StoreFixtures.contents(at: url)

                #expect(contents.records == StoreFixtures.records.dropLast(), "byte \(position) flipped")
                #expect(
                    contents.warnings == [
                        .droppedTornTail(offset: lastRecordOffset, bytes: original.count - lastRecordOffset)
                    ])
                #expect(try Data(contentsOf: url) == damaged)
            }
        }
    }

    @Test("a length that runs past the end of the file, with records after it, is damage, not a torn tail")
    func lengthPastTheEnd() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            var bytes = try Data(contentsOf: url)
            let firstRecord = StoreFixtures.recordOffsets()[0]
            bytes.replaceSubrange(firstRecord..<(firstRecord + 4), with: [0x00, 0xFF, 0xFF, 0x7F])
            try bytes.write(to: url)

            let error = #expect(throws: StoreError.self) { try StoreFixtures.contents(at: url) }

            guard case .damaged(_, firstRecord, let reason)? = error else {
                Issue.record("expected damage at \(firstRecord), got \(String(describing: error))")
                return
            }
            #expect(reason.contains("runs past the end of the file"))
            #expect(try Data(contentsOf: url) == bytes)
        }
    }

    @Test("a header saying there is no snapshot while the snapshot block has bytes is damage")
    func snapshotWithoutFlag() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let bytes =
                JournalFormat.header(schemaVersion: 1, hasSnapshot: false)
                + JournalFormat.frame(StoreFixtures.snapshot)
            try bytes.write(to: url)

            let error = #expect(throws: StoreError.self) { try StoreFixtures.contents(at: url) }

            guard case .damaged(_, JournalFormat.headerSize, _)? = error else {
                Issue.record("expected damage at the snapshot, got \(String(describing: error))")
                return
            }
        }
    }

    // MARK: - Foreign files

    @Test(
        "a store from a newer format is refused with the versions, and left untouched",
        arguments: [JournalFormat.version + 1, 17, .max])
    func newerFormat(_ format: UInt32) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let bytes =
                JournalFormat.header(schemaVersion: 1, hasSnapshot: true, formatVersion: format)
                + JournalFormat.frame(StoreFixtures.snapshot)
            try bytes.write(to: url)

            #expect(
                throws: StoreError.newerFormat(
                    file: url.path(percentEncoded: false), found: Int(format), supported: Int(JournalFormat.version))
            ) {
                try StoreFixtures.contents(at: url)
            }
            #expect(try Data(contentsOf: url) == bytes)
        }
    }

    struct Garbage: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var bytes: Data
    }

    static let garbage: [Garbage] = [
        Garbage(testDescription: "a line of text", bytes: Data("hello, world\n".utf8)),
        Garbage(testDescription: "a JSON document", bytes: StoreFixtures.snapshot),
        Garbage(testDescription: "one byte", bytes: Data([0x50])),
        Garbage(testDescription: "most of the magic", bytes: Data("PMSTORE".utf8)),
        Garbage(testDescription: "the magic and no more", bytes: Data(JournalFormat.magic)),
        Garbage(
            testDescription: "a header cut short",
            bytes: JournalFormat.header(schemaVersion: 1, hasSnapshot: false).prefix(20)),
        Garbage(
            testDescription: "format 0",
            bytes: JournalFormat.header(schemaVersion: 1, hasSnapshot: false, formatVersion: 0)
                + JournalFormat.frame(Data())),
        Garbage(
            testDescription: "random bytes",
            bytes: {
                var generator = SeededGenerator(seed: 404)
                return Data((0..<1000).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            }()),
    ]

    @Test("a file that is not a store is unreadable and left untouched", arguments: garbage)
    func notAStore(_ garbage: Garbage) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try garbage.bytes.write(to: url)

            let error = #expect(throws: StoreError.self) { try StoreFixtures.contents(at: url) }

            guard case .unreadable(url.path(percentEncoded: false), _)? = error else {
                Issue.record("expected unreadable, got \(String(describing: error))")
                return
            }
            #expect(try Data(contentsOf: url) == garbage.bytes)
        }
    }

    @Test("a failed open releases the lock")
    func failedOpenReleasesTheLock() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try Data("hello".utf8).write(to: url)

            for _ in 0..<2 {
                #expect(throws: StoreError.self) { try StoreFixtures.contents(at: url) }
            }
            // Had a failed open kept the lock, this one would throw `locked`.
            try FileManager.default.removeItem(at: url)
            #expect(try StoreFixtures.contents(at: url).isEmpty)
        }
    }
}
