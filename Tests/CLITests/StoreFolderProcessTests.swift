import Foundation
import ProjectManagerTestSupport
import Testing

/// What `pm` leaves beside a store, tried with the built executable: commands that only read
/// write nothing, and what a sync keeps is its owner's alone whatever the umask.
@Suite("The pm executable: the store's folder")
struct StoreFolderProcessTests {
    typealias World = SyncProcessTests.World

    /// Every file and folder under `folder` (itself included) with its mode and, for a file, its
    /// size and time of change.
    static func listing(of folder: URL) -> [String: String] {
        var found: [String: String] = [:]
        let manager = FileManager.default
        for path in [""] + ((manager.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []) {
            let attributes = (try? manager.attributesOfItem(atPath: folder.appendingPathComponent(path).path)) ?? [:]
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
            let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
            let changed = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let isFolder = attributes[.type] as? FileAttributeType == .typeDirectory
            found[path] = isFolder ? "folder \(String(mode, radix: 8))" : "\(String(mode, radix: 8)) \(size) \(changed)"
        }
        return found
    }

    /// Runs the built `pm` on `store` under a umask of `000`, the most a user's shell may leave.
    @discardableResult
    static func openly(
        _ world: World, _ arguments: [String], _ store: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessRun {
        let pm = try BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE").path
        let run = try ProcessRun.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", #"umask 000 && exec "$0" "$@""#, pm]
                + arguments + ["--store", world.directory.file("\(store)/projects.pmstore").path],
            environment: world.environment)
        #expect(run.status == 0, "\(store) \(arguments): \(run.errors)", sourceLocation: sourceLocation)
        return run
    }

    @Test("commands that only read create and change nothing beside the store, shared or not")
    func readersWriteNothing() throws {
        // Given: a store with a card, and one that shares its board and has synced
        let world = try World()
        defer { world.directory.remove() }
        let card = try Self.openly(world, ["add", "Alpha", "--due", "2026-03-16"], "a").output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.openly(world, ["add", "Beta"], "b")
        try Self.openly(world, ["remote", "add", "hub", world.sharedFolder()], "b")
        try Self.openly(world, ["share", "hub"], "b")
        let readers = [
            ["board"], ["status"], ["today"], ["doctor"], ["search", "Alpha"], ["history"], ["export", "--json"],
            ["remote", "list"], ["show", card], ["boards"], ["status", "--json"], ["remote", "list", "--json"],
        ]

        for store in ["a", "b"] {
            let before = Self.listing(of: world.directory.file(store))

            // When
            for arguments in readers where store == "a" || arguments != ["show", card] {
                try Self.openly(world, arguments, store)
            }

            // Then
            let after = Self.listing(of: world.directory.file(store))
            #expect(after == before, "\(store): \(Set(after.keys).symmetricDifference(before.keys))")
        }
    }

    @Test("what a share, a join and syncs keep beside the store is 0600 in folders of 0700, under a umask of 000")
    func syncFolderIsPrivate() throws {
        // Given
        let world = try World()
        defer { world.directory.remove() }
        let bare = try world.bareRepository()
        let folder = try world.sharedFolder()
        try Self.openly(world, ["add", "Alpha"], "a")
        try Self.openly(world, ["board", "new", "Other"], "a")
        try Self.openly(world, ["add", "Beta", "--board", "Other"], "a")

        // When
        for (arguments, store) in [
            (["remote", "add", "git", bare], "a"), (["remote", "add", "folder", folder], "a"),
            (["share", "git"], "a"), (["share", "folder", "--board", "Other"], "a"),
            (["remote", "add", "git", bare], "b"), (["remote", "add", "folder", folder], "b"),
            (["join", "git"], "b"), (["join", "folder"], "b"), (["add", "Gamma"], "b"), (["sync"], "b"),
            (["sync"], "a"),
        ] {
            try Self.openly(world, arguments, store)
        }

        // Then
        for store in ["a", "b"] {
            let sync = world.directory.file("\(store)/projects.sync")
            let listing = Self.listing(of: sync)
            #expect(listing.count > 20, "\(store): \(listing.count) files")
            #expect(listing.keys.contains { $0.hasSuffix(".ops") || $0.hasSuffix(".checkpoint") })
            for (path, entry) in listing.sorted(by: { $0.key < $1.key }) {
                let mode = entry.hasPrefix("folder ") ? String(entry.dropFirst(7)) : String(entry.prefix { $0 != " " })
                let bits = Int(mode, radix: 8) ?? 0o777
                #expect(bits & 0o077 == 0, "\(store).sync/\(path) is \(mode)")
            }
            let store = world.directory.file("\(store)/projects.pmstore").path
            let mode = (try FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as? NSNumber)?
                .intValue
            #expect(mode == 0o600)
        }
    }

    @Test("a store written with a newer schema is named so, in one line, and left as it was")
    func newerSchema() throws {
        // Given: a store whose header says schema version 99 (its checksum made again)
        let world = try World()
        defer { world.directory.remove() }
        try Self.openly(world, ["add", "Alpha"], "a")
        let url = world.directory.file("a/projects.pmstore")
        var bytes = try Data(contentsOf: url)
        bytes.replaceSubrange(12..<16, with: [99, 0, 0, 0])
        let sum = ErrorTests.crc32c(bytes.prefix(28))
        bytes.replaceSubrange(28..<32, with: withUnsafeBytes(of: sum.littleEndian) { Array($0) })
        try bytes.write(to: url)

        // When
        let run = try world.pm(["board"], store: "a")

        // Then
        #expect(run.status == 1)
        #expect(run.errors.contains("has schema version 99, newer than this engine's"), "\(run.errors)")
        #expect(!run.errors.contains("format"), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: url) == bytes)
    }
}
