import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Corrupt store files")
struct CorruptStoreTests {
    /// A file a store cannot read.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case empty
        case garbage
        case truncated
        case notAnObject
        case missingFormat
        case wrongRowType
        case nonexistentDay

        var testDescription: String { rawValue }

        /// The file's bytes, made from a good store file's bytes.
        func bytes(from good: Data) -> Data {
            switch self {
            case .empty: Data()
            case .garbage: Data([0x00, 0xFF, 0x13, 0x37, 0x89, 0x50, 0x4E, 0x47])
            case .truncated: good.prefix(good.count / 2)
            case .notAnObject: Data("[1, 2, 3]".utf8)
            case .missingFormat: Data(#"{"schemaVersion": 1, "entities": {}}"#.utf8)
            case .wrongRowType: Data(#"{"format": 1, "schemaVersion": 1, "entities": {"Project": [42]}}"#.utf8)
            case .nonexistentDay:
                Data(String(decoding: good, as: UTF8.self).replacingOccurrences(of: "2026-12-24", with: "2026-02-30").utf8)
            }
        }
    }

    /// Writes a good store file with one project due 2026-12-24, and returns its bytes.
    static func writeGoodStore(at url: URL) throws -> Data {
        let context = try ObjectContext(schema: .projectManager, store: .file(url))
        try context.insert(Board(id: .default, title: "Projects", createdAt: TestClock.defaultStart))
        try context.insert(Project(
            id: Project.ID(rawValue: SequentialIDs.id(1)), boardID: .default, title: "Wrap presents",
            deadline: Day("2026-12-24"), createdAt: TestClock.defaultStart))
        try context.save()
        return try Data(contentsOf: url)
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

    @Test("a file that is not a readable store gives unreadable naming the file, and stays as it was",
          arguments: Damage.allCases)
    func unreadable(damage: Damage) throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let bytes = damage.bytes(from: try Self.writeGoodStore(at: url))
        try bytes.write(to: url)

        // When
        let error = try Self.openError(at: url)

        // Then
        guard case .unreadable(let file, let reason) = error else {
            Issue.record("expected unreadable, got \(error)")
            return
        }
        #expect(file == url.path)
        #expect(!reason.isEmpty)
        #expect(error.description.contains(url.path))
        #expect(try Data(contentsOf: url) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["projects.pmstore"])
    }

    @Test("a file of a newer format gives newerFormat naming the file and both formats, and stays as it was")
    func newerFormat() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let good = String(decoding: try Self.writeGoodStore(at: url), as: UTF8.self)
        let newer = Data(good.replacingOccurrences(of: #""format":1"#, with: #""format":99"#).utf8)
        #expect(newer != Data(good.utf8))
        try newer.write(to: url)

        // When
        let error = try Self.openError(at: url)

        // Then
        #expect(error == .newerFormat(file: url.path, found: 99, supported: 1))
        #expect(error.description.contains(url.path))
        #expect(try Data(contentsOf: url) == newer)
    }

    @Test("a newer format is reported even when the rest of the file is a shape this engine does not know")
    func newerFormatWithUnknownShape() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let newer = Data(#"{"format": 99, "pages": [{"kind": "journal"}]}"#.utf8)
        try newer.write(to: url)

        // Then
        #expect(try Self.openError(at: url) == .newerFormat(file: url.path, found: 99, supported: 1))
        #expect(try Data(contentsOf: url) == newer)
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
