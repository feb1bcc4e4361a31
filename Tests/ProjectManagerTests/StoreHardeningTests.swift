import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

/// The engine's promises about the user's files: readers take no lock and write nothing, a closed
/// engine refuses every call, nothing dropped goes unannounced, files are private, links are kept.
@Suite("Store hardening, through the engine")
struct StoreHardeningTests {
    /// A folder with a store at `store` holding the projects `titles`, written and closed.
    struct Folder {
        let directory: TemporaryDirectory
        let store: URL
        let environment: EngineEnvironment

        init(_ titles: [String] = ["A", "B"], name: String = "projects.pmstore") async throws {
            directory = try TemporaryDirectory()
            store = directory.file(name)
            environment = .test(clock: TestClock(), timeZone: .gmt)
            guard !titles.isEmpty else { return }
            let engine = try ProjectManagerEngine.persistent(at: store, environment: environment)
            for title in titles { _ = try await engine.createProject(ProjectDraft(title: title)) }
            engine.close()
        }

        var lock: String { store.path + ".lock" }

        func titles(_ engine: ProjectManagerEngine) async throws -> [[String]] {
            try await engine.fetchBoard().columns.map { $0.items.map(\.project.title) }
        }

        func permissions(_ path: String) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o7777
        }

        func modificationDate(_ path: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        }
    }

    // MARK: - Readers

    @Test("a read-only engine reads the board while a writer holds the store, and takes, creates and writes nothing")
    func readerBesideWriter() async throws {
        let folder = try await Folder()
        defer { folder.directory.remove() }
        let writer = try ProjectManagerEngine.persistent(at: folder.store, environment: folder.environment)
        _ = try await writer.createProject(ProjectDraft(title: "C"))
        let bytes = try Data(contentsOf: folder.store)
        let modified = try folder.modificationDate(folder.store.path)

        let reader = try ProjectManagerEngine.readOnly(at: folder.store, environment: folder.environment)

        #expect(try await folder.titles(reader) == [["A", "B", "C"], [], []])
        await #expect(throws: RepositoryError.storage(.readOnly(file: folder.store.path))) {
            try await reader.createProject(ProjectDraft(title: "D"))
        }
        #expect(try Data(contentsOf: folder.store) == bytes)
        #expect(try folder.modificationDate(folder.store.path) == modified)
        _ = try await writer.createProject(ProjectDraft(title: "D"))  // the writer was never locked out
        writer.close()
    }

    @Test("a read-only engine creates no lock file and no folder, and opens a file with no write permission")
    func readerOnReadOnlyFile() async throws {
        let folder = try await Folder()
        defer { folder.directory.remove() }
        try FileManager.default.removeItem(atPath: folder.lock)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.store.path)

        let reader = try ProjectManagerEngine.readOnly(at: folder.store, environment: folder.environment)
        let missing = try ProjectManagerEngine.readOnly(
            at: folder.directory.file("new/dir/s.pmstore"), environment: folder.environment)

        #expect(try await folder.titles(reader) == [["A", "B"], [], []])
        #expect(try await folder.titles(missing) == [[], [], []])
        #expect(!FileManager.default.fileExists(atPath: folder.lock))
        #expect(!FileManager.default.fileExists(atPath: folder.directory.file("new").path))
        #expect(try folder.permissions(folder.store.path) == 0o444)
    }

    // MARK: - Closing

    @Test("close releases the lock at once, and every later call throws closed")
    func closeReleasesLock() async throws {
        let folder = try await Folder()
        defer { folder.directory.remove() }
        let engine = try ProjectManagerEngine.persistent(at: folder.store, environment: folder.environment)
        let id = try await engine.fetchBoard().columns[0].items[0].project.id

        engine.close()

        let next = try ProjectManagerEngine.persistent(at: folder.store, environment: folder.environment)
        let closed = RepositoryError.storage(.closed(file: folder.store.path))
        await #expect(throws: closed) { try await engine.fetchBoard() }
        await #expect(throws: closed) { try await engine.fetchProject(id) }
        await #expect(throws: closed) { try await engine.createProject(ProjectDraft(title: "C")) }
        #expect(throws: StoreError.closed(file: folder.store.path)) { try engine.compact() }
        #expect(try await folder.titles(next) == [["A", "B"], [], []])
        next.close()
    }

    // MARK: - Nothing lost in silence

    @Test(
        "a cut-short last save is announced, kept beside the store when the next save drops it, and announced until acknowledged"
    )
    func droppedSaveIsKeptAndAnnounced() async throws {
        let folder = try await Folder(["A", "B", "C"])
        defer { folder.directory.remove() }
        let whole = try Data(contentsOf: folder.store)
        try whole.dropLast(7).write(to: folder.store)

        let reader = try ProjectManagerEngine.readOnly(at: folder.store, environment: folder.environment)
        guard case .droppedTornTail(_, let tornBytes)? = reader.warnings.first else {
            Issue.record("the reader did not warn: \(reader.warnings)")
            return
        }
        #expect(try await folder.titles(reader) == [["A", "B"], [], []])

        let writer = try ProjectManagerEngine.persistent(at: folder.store, environment: folder.environment)
        _ = try await writer.createProject(ProjectDraft(title: "D"))
        guard case .keptDroppedBytes(let copy)? = writer.warnings.first else {
            Issue.record("the writer did not keep the dropped bytes: \(writer.warnings)")
            return
        }
        writer.close()
        #expect(try Data(contentsOf: URL(filePath: copy)) == Data(whole.dropLast(7).suffix(tornBytes)))
        #expect(try folder.permissions(copy) == 0o600)
        #expect(
            try ProjectManagerEngine.readOnly(at: folder.store, environment: folder.environment).warnings
                == [.keptDroppedBytes(file: copy)])

        let acknowledging = try ProjectManagerEngine.persistent(at: folder.store, environment: folder.environment)
        try acknowledging.acknowledgeWarnings()
        #expect(acknowledging.warnings.isEmpty)
        acknowledging.close()
        let after = try ProjectManagerEngine.readOnly(at: folder.store, environment: folder.environment)
        #expect(after.warnings.isEmpty)
        #expect(try await folder.titles(after) == [["A", "B", "D"], [], []])
        #expect(after.checkStore().isHealthy)
    }

    @Test("a file holding only the first bytes of a store is an error, not an empty board, and stays as it was")
    func prefixIsUnreadable() async throws {
        let folder = try await Folder(["A"])
        defer { folder.directory.remove() }
        let prefix = try Data(contentsOf: folder.store).prefix(100)
        try prefix.write(to: folder.store)

        let isPrefixError: @Sendable (any Error) -> Bool = { error in
            guard case .unreadable(_, let reason) = error as? StoreError else { return false }
            return reason.contains("first 100 bytes")
        }
        #expect { _ = try ProjectManagerEngine.readOnly(at: folder.store, environment: folder.environment) } throws: {
            isPrefixError($0)
        }
        #expect { _ = try ProjectManagerEngine.persistent(at: folder.store, environment: folder.environment) } throws: {
            isPrefixError($0)
        }
        #expect(try Data(contentsOf: folder.store) == prefix)
    }

    // MARK: - Files and links

    @Test(
        "the store, its lock and the folder the engine makes are private, whatever the umask; an existing file keeps its mode"
    )
    func privateFiles() async throws {
        let folder = try await Folder([], name: "new/dir/projects.pmstore")
        defer { folder.directory.remove() }
        let engine = try ProjectManagerEngine.persistent(at: folder.store, environment: folder.environment)
        _ = try await engine.createProject(ProjectDraft(title: "A"))
        try engine.compact()
        engine.close()

        #expect(try folder.permissions(folder.store.path) == 0o600)
        #expect(try folder.permissions(folder.lock) == 0o600)
        #expect(try folder.permissions(folder.directory.file("new/dir").path) == 0o700)
        #expect(try folder.permissions(folder.directory.file("new").path) == 0o700)

        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.store.path)
        let again = try ProjectManagerEngine.persistent(at: folder.store, environment: folder.environment)
        _ = try await again.createProject(ProjectDraft(title: "B"))
        try again.compact()
        again.close()
        #expect(try folder.permissions(folder.store.path) == 0o640)
    }

    @Test("a store that is a symbolic link keeps its link, and its target gets every save and compaction")
    func symlinkedStore() async throws {
        let folder = try await Folder(["A"], name: "real/projects.pmstore")
        defer { folder.directory.remove() }
        let link = folder.directory.file("link.pmstore")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.store.path)

        let engine = try ProjectManagerEngine.persistent(at: link, environment: folder.environment)
        _ = try await engine.createProject(ProjectDraft(title: "B"))
        try engine.compact()
        _ = try await engine.createProject(ProjectDraft(title: "C"))
        engine.close()

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == folder.store.path)
        let real = try ProjectManagerEngine.readOnly(at: folder.store, environment: folder.environment)
        #expect(try await folder.titles(real) == [["A", "B", "C"], [], []])
        #expect(!FileManager.default.fileExists(atPath: link.path + ".lock"))
        #expect(FileManager.default.fileExists(atPath: folder.lock))
    }
}
