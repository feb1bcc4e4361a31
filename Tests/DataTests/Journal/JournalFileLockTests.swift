import Foundation
import Testing

@testable import ProjectManagerData

@Suite("Journal file: one writer at a time")
struct JournalFileLockTests {
    static let flockTool = URL(fileURLWithPath: "/usr/bin/flock")
    static var hasFlockTool: Bool {
        FileManager.default.isExecutableFile(atPath: flockTool.path(percentEncoded: false))
    }

    @Test("a second open of the same store in this process is refused as locked")
    func secondOpenInProcess() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            defer { journal.close() }

            #expect(throws: StoreError.locked(file: url.path(percentEncoded: false))) {
                try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            }
        }
    }

    @Test("a missing store is locked by its first write; another writer that opened it missing is then refused")
    func missingStoreLockedAtFirstWrite() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let file = url.path(percentEncoded: false)
            let (first, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            let (second, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            #expect(!FileManager.default.fileExists(atPath: file + ".lock"))

            try first.append(StoreFixtures.record(1))
            #expect(throws: StoreError.locked(file: file)) { try second.append(StoreFixtures.record(2)) }
            first.close()
            // The store the second opened missing is the first's now: in use, to be opened again.
            #expect(throws: StoreError.locked(file: file)) { try second.append(StoreFixtures.record(2)) }
            second.close()

            #expect(try StoreFixtures.contents(at: url).records == [StoreFixtures.record(1)])
        }
    }

    @Test("a lock file that is a symbolic link is refused, and its target is neither followed nor created")
    func linkedLockFile() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let lock = JournalFile.lockFileURL(forStoreAt: url).path(percentEncoded: false)
            try FileManager.default.removeItem(atPath: lock)
            let target = directory.appendingPathComponent("elsewhere").path(percentEncoded: false)
            try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: target)

            #expect(throws: StoreError.lockFileIsLink(file: lock)) {
                try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            }
            #expect(!FileManager.default.fileExists(atPath: target))
            #expect(StoreError.lockFileIsLink(file: lock).description.contains("symbolic link"))
        }
    }

    @Test("closing the journal, or dropping it, releases the lock")
    func release() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            journal.close()

            do {
                let (dropped, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
                try dropped.append(StoreFixtures.record(1))
            }

            #expect(try StoreFixtures.contents(at: url).records == [StoreFixtures.record(1)])
        }
    }

    @Test(
        "another process cannot take the lock while the store is open, and can after it closes",
        .enabled(if: hasFlockTool, "needs flock(1)"))
    func otherProcessIsLockedOut() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let lockFile = JournalFile.lockFileURL(forStoreAt: url).path(percentEncoded: false)
            try StoreFixtures.makeStore(at: url)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)

            #expect(try Self.runFlock(["-n", lockFile, "true"]) == 1)
            journal.close()
            #expect(try Self.runFlock(["-n", lockFile, "true"]) == 0)
        }
    }

    @Test(
        "opening a store another process holds is refused as locked at once",
        .enabled(if: hasFlockTool, "needs flock(1)"))
    func lockedByOtherProcess() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            let lockFile = JournalFile.lockFileURL(forStoreAt: url).path(percentEncoded: false)
            // The child takes the lock, says so, and holds it until its standard input closes.
            let holder = Process()
            holder.executableURL = Self.flockTool
            holder.arguments = ["-n", lockFile, "-c", "echo locked; read line"]
            let input = Pipe()
            let output = Pipe()
            holder.standardInput = input
            holder.standardOutput = output
            try holder.run()
            defer {
                if holder.isRunning { holder.terminate() }  // Only when the test stopped early.
                holder.waitUntilExit()
            }
            let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            try #require(said == "locked\n", "the child could not take the lock")

            #expect(throws: StoreError.locked(file: url.path(percentEncoded: false))) {
                try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            }

            try input.fileHandleForWriting.close()
            holder.waitUntilExit()
            #expect(try StoreFixtures.contents(at: url).isEmpty)
        }
    }

    /// Runs flock(1) with `arguments` and returns its exit status.
    private static func runFlock(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = flockTool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
