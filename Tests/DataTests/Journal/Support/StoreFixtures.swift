import Foundation
import Testing

@testable import ProjectManagerData

/// Runs `body` with a new empty directory under the temporary directory, removed afterwards.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("JournalTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            Issue.record(error, "could not remove \(directory.path)")
        }
    }
    return try body(directory)
}

/// Fixed payloads and helpers shared by the journal tests.
enum StoreFixtures {
    /// The store file's name inside a test's directory.
    static func storeURL(in directory: URL) -> URL {
        directory.appendingPathComponent("board.pmstore")
    }

    static let snapshot = Data(#"{"projects":[{"id":1,"title":"Write the journal","state":"doing"}]}"#.utf8)

    /// A change record; records differ in length so offsets are not regular.
    static func record(_ number: Int) -> Data {
        Data(#"{"op":"update","id":\#(number),"title":"\#(String(repeating: "x", count: number % 7))"}"#.utf8)
    }

    static let records = (1...5).map(record)

    /// Writes a store holding `snapshot` and then `records`, through the journal itself.
    static func makeStore(
        at url: URL, snapshot: Data? = StoreFixtures.snapshot, records: [Data] = StoreFixtures.records,
        schemaVersion: UInt32 = 1
    ) throws {
        let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: schemaVersion)
        defer { journal.close() }
        if let snapshot { try journal.compact(snapshot: snapshot, schemaVersion: schemaVersion) }
        for record in records { try journal.append(record) }
    }

    /// Opens the store at `url` and returns what it holds, closing it again.
    static func contents(at url: URL, fileSystem: some FileSystem = POSIXFileSystem()) throws -> JournalContents {
        let (journal, contents) = try JournalFile.open(at: url, newStoreSchemaVersion: 1, fileSystem: fileSystem)
        journal.close()
        return contents
    }

    /// The offset each record's frame starts at in a file made by ``makeStore(at:snapshot:records:schemaVersion:)``.
    static func recordOffsets(snapshot: Data? = StoreFixtures.snapshot, records: [Data] = StoreFixtures.records)
        -> [Int]
    {
        var offset = JournalFormat.headerSize + JournalFormat.frameHeaderSize + (snapshot?.count ?? 0)
        return records.map { record in
            defer { offset += recordFrameSize(record) }
            return offset
        }
    }

    /// The bytes a record takes in the file: its frame's length and checksum, its sequence number
    /// and its payload.
    static func recordFrameSize(_ record: Data) -> Int {
        JournalFormat.frameHeaderSize + JournalFormat.sequenceSize + record.count
    }

    /// The permission bits of the file at `url`.
    static func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path(percentEncoded: false))
        let permissions = try #require(attributes[.posixPermissions] as? NSNumber)
        return permissions.intValue & 0o7777
    }

    /// Sets the permission bits of the file at `url`.
    static func setPermissions(_ permissions: Int, of url: URL) throws {
        try FileManager.default.setAttributes(
            [.posixPermissions: NSNumber(value: permissions)], ofItemAtPath: url.path(percentEncoded: false)
        )
    }
}
