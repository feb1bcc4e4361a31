import Foundation
import ProjectManagerTestSupport
import Testing

/// `pm` over damaged, missing, read-only and linked stores: warnings on every command until
/// `pm doctor --ack`, `pm doctor` and `pm compact`, and failed commands that leave nothing behind.
@Suite("pm: store hardening")
struct StoreHardeningCommandTests {
    @Test("a cut-short last save is announced on stderr by every command until pm doctor --ack, and its bytes are kept")
    func warnsUntilAcknowledged() async throws {
        // Given a store whose last save a crash cut short
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Kept")
        _ = try await harness.add("Cut short")
        let whole = try #require(try harness.storeContents())
        try whole.dropLast(9).write(to: harness.store)

        // When / Then: readers warn, and show what is whole
        let board = await harness.run(["board"])
        #expect(board.status == 0)
        #expect(board.output.contains("Kept") && !board.output.contains("Cut short"))
        #expect(board.errorLines.count == 1)
        #expect(board.errors.hasPrefix("pm: warning: the last save in the store"))

        // A save drops the cut record, keeping its bytes, and says where
        let added = await harness.run(["add", "After"])
        #expect(added.status == 0)
        #expect(
            added.errors.contains(
                "pm: warning: a cut-short or damaged save was dropped from the store; its bytes are kept in \(harness.store.path).dropped-"
            ))
        for command in [["board"], ["history"], ["show", "3f2a"]] {
            let outcome = await harness.run(command)
            #expect(outcome.errors.contains("its bytes are kept in"), "pm \(command[0]) said nothing")
        }
        // pm doctor reports it on standard output, once, and exits 1
        let doctor = await harness.run(["doctor"])
        #expect(doctor.status == 1)
        #expect(
            doctor.output.contains(
                "warning: a cut-short or damaged save was dropped from the store; its bytes are kept in"))
        #expect(!doctor.errors.contains("its bytes are kept in"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: harness.directory.url.path)
            .filter { $0.hasPrefix("projects.pmstore.dropped-") }
        #expect(kept.count == 1)

        // pm doctor --ack stops the warning, and the bytes stay
        let acknowledged = await harness.run(["doctor", "--ack"])
        #expect(acknowledged.status == 0)
        #expect(acknowledged.outputLines.first == "acknowledged 1 warning")
        #expect(acknowledged.errors.isEmpty)
        #expect(await harness.run(["board"]).errors.isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: harness.directory.url.path)
                .contains { $0.hasPrefix("projects.pmstore.dropped-") && $0.hasSuffix(".acknowledged") })
    }

    @Test("pm doctor reports a healthy store; pm compact rewrites it, and nothing is lost")
    func doctorAndCompact() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("One")
        _ = try await harness.add("Two")
        let before = try harness.storeContents()

        let doctor = await harness.run(["doctor"])
        #expect(doctor.status == 0)
        #expect(
            doctor.outputLines.first?.contains(
                ": healthy; 2 record(s) after the snapshot; 2 Activity, 1 Board, 2 Project") == true)
        #expect(try harness.storeContents() == before)

        let compact = await harness.run(["compact"])
        #expect(compact.status == 0)
        #expect(compact.outputLines == ["compacted the store"])
        let after = await harness.run(["doctor"])
        #expect(after.outputLines.first?.contains(": healthy; 0 record(s) after the snapshot") == true)
        #expect(await harness.run(["board"]).output.contains("Two"))
        #expect(await harness.run(["undo"]).status == 0)
    }

    @Test("pm doctor on a damaged store says where, exits 1, and leaves the file as it was")
    func doctorOnDamage() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("One")
        _ = try await harness.add("Two")
        var bytes = try #require(try harness.storeContents())
        bytes[60] ^= 0x20  // inside the first record, with a whole record after it
        try bytes.write(to: harness.store)

        let doctor = await harness.run(["doctor"])

        #expect(doctor.status == 1)
        #expect(doctor.errors.contains("is damaged at byte 40"))
        #expect(try harness.storeContents() == bytes)
    }

    @Test(
        "a command that fails creates no file and no folder",
        arguments: [
            ["redo"], ["undo"], ["show", "abcd"], ["move", "abcd", "done"], ["delete", "abcd"], ["board"], ["history"],
            ["doctor"], ["add", "bad\u{202E}title"],
        ])
    func failedCommandLeavesNothing(_ command: [String]) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let store = harness.directory.file("new/dir/s.pmstore")

        let outcome = await harness.run(command + ["--store", store.path], useStore: false)

        if command != ["board"], command != ["history"], command != ["doctor"] { #expect(outcome.status == 1) }
        #expect(!FileManager.default.fileExists(atPath: harness.directory.file("new").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.directory.url.path).isEmpty)
    }

    @Test("reading commands take no lock: they work on a read-only store while it is locked, and create nothing")
    func readersNeedNoLock() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Readable")
        let lock = harness.store.path + ".lock"
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: harness.store.path)
        let before = try harness.storeContents()

        for command in [["board"], ["show", "3f2a"], ["history"], ["doctor"]] {
            let outcome = await harness.run(command)
            #expect(outcome.status == 0, "pm \(command[0]): \(outcome.errors)")
            #expect(outcome.errors.isEmpty)
        }
        #expect(await harness.run(["board"]).output.contains("Readable"))
        #expect(!FileManager.default.fileExists(atPath: lock))
        #expect(try harness.storeContents() == before)
    }

    /// 40 bytes: the header and the empty snapshot frame a new store starts with, and no save.
    @Test(
        "a copy of a store's first bytes, up to its first save, is an error, not an empty board",
        arguments: [40, 41, 100])
    func prefixIsAnError(length: Int) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Only")
        let prefix = try #require(try harness.storeContents()).prefix(length)
        try prefix.write(to: harness.store)

        let board = await harness.run(["board"])
        let add = await harness.run(["add", "More"])
        let doctor = await harness.run(["doctor"])

        for outcome in [board, add, doctor] {
            #expect(outcome.status == 1)
            #expect(outcome.errors.contains("holds the first \(length) bytes of a store and no whole save"))
        }
        #expect(try harness.storeContents() == prefix)
    }

    /// The limit turns a hang into a failure, and is longer than the whole test run: every test
    /// starts at once and shares two cores with the rest, so each one's time is nearly the run's
    /// (2 to 4 minutes here; a one-minute limit failed so in CI).
    @Test(
        "a FIFO at the store path is refused at once by every command, and nothing is made beside it",
        .timeLimit(.minutes(10)))
    func fifoIsRefused() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        #expect(mkfifo(harness.store.path, 0o600) == 0)

        for command in [["board"], ["history"], ["doctor"], ["add", "More"], ["compact"]] {
            let outcome = await harness.run(command)
            #expect(outcome.status == 1, "pm \(command[0])")
            #expect(outcome.errors.contains("is not a regular file"), "pm \(command[0]): \(outcome.errors)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: harness.directory.url.path) == [
                harness.store.lastPathComponent
            ])
    }
}

@Suite("pm: links")
struct LinkCommandTests {
    @Test("a store that is a symbolic link keeps its link; its target gets every change and compaction")
    func symlinkedStore() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Before")
        let link = harness.directory.file("link.pmstore")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: harness.store.path)
        let viaLink = ["--store", link.path]

        #expect(await harness.run(["add", "Through the link"] + viaLink, useStore: false).status == 0)
        #expect(await harness.run(["compact"] + viaLink, useStore: false).status == 0)
        #expect(await harness.run(["add", "After compaction"] + viaLink, useStore: false).status == 0)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == harness.store.path)
        let board = await harness.run(["board"])
        #expect(board.output.contains("Through the link") && board.output.contains("After compaction"))
        #expect(!FileManager.default.fileExists(atPath: link.path + ".lock"))
    }

    @Test("a lock file that is a symbolic link is refused with a message that says so, and its target is not created")
    func linkedLockFile() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Kept")
        let lock = harness.store.path + ".lock"
        try FileManager.default.removeItem(atPath: lock)
        let target = harness.directory.file("victim").path
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: target)

        let added = await harness.run(["add", "Refused"])

        #expect(added.status == 1)
        #expect(
            added.errorLines == [
                "pm: the lock file \(lock) is a symbolic link, which is never followed: remove the link and try again"
            ])
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(await harness.run(["board"]).status == 0)  // readers never touch the lock
    }
}
