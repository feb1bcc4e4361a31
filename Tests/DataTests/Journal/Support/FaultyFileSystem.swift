import Foundation
import ProjectManagerDomain
import Synchronization

@testable import ProjectManagerData

/// A file system that passes every call to the real one, except the calls it was told to fail.
///
/// ```swift
/// let fileSystem = FaultyFileSystem()
/// fileSystem.inject(.fail, into: .synchronize)  // the next sync fails with EIO
/// ```
/// Each fault hits one call; the calls after it succeed again. ``inject(_:intoStep:)`` counts the
/// calls of every operation together, so that a test can fail each step of a save in turn.
final class FaultyFileSystem: FileSystem {
    /// The calls a fault can be injected into.
    enum Operation: Hashable, Sendable, CaseIterable {
        case create
        case write
        /// `fsync` and `fdatasync`.
        case synchronize
        case synchronizeDirectory
        case truncate
        case setPermissions
        case rename
        case remove
        case createDirectory
        /// Listing a folder's names.
        case list
    }

    /// What happens to the chosen call.
    enum Fault: Hashable, Sendable {
        /// The call does nothing and fails with `EIO`.
        case fail
        /// A write puts its first `bytes` bytes on disk, then fails with `ENOSPC`.
        case writePrefixThenFail(bytes: Int)
        /// A write puts its first `bytes` bytes on disk and reports just that many, as `pwrite` may.
        case shortWrite(bytes: Int)
        /// The call waits until the test releases `gate`, then runs: a slow disk, on cue.
        case hold(Gate)
    }

    /// Holds a call until the test releases it, and tells the test when the call is waiting.
    ///
    /// ```swift
    /// let gate = FaultyFileSystem.Gate()
    /// fileSystem.inject(.hold(gate), into: .synchronize)
    /// // start a save on another thread, then:
    /// try #require(gate.waitUntilHeld())   // the save is in its sync now
    /// gate.release()
    /// ```
    final class Gate: Hashable, Sendable {
        /// How long a held call waits at most, so that a test whose release never comes fails
        /// instead of hanging; ``wasReleased`` then says so.
        static let safetyLimit: DispatchTimeInterval = .seconds(60)

        private let arrived = DispatchSemaphore(value: 0)
        private let released = DispatchSemaphore(value: 0)
        private let releasedInTime = Mutex(true)

        /// Whether the held call went on because the test released it, not because it gave up.
        var wasReleased: Bool { releasedInTime.withLock { $0 } }

        /// Called by the held call: says it is waiting, then waits for ``release()``.
        func hold() {
            arrived.signal()
            if released.wait(timeout: .now() + Self.safetyLimit) == .timedOut {
                releasedInTime.withLock { $0 = false }
            }
        }

        /// Waits until the call is held; `false` if it did not come within ``safetyLimit``.
        func waitUntilHeld() -> Bool {
            arrived.wait(timeout: .now() + Self.safetyLimit) == .success
        }

        /// Lets the held call go on.
        func release() {
            released.signal()
        }

        static func == (lhs: Gate, rhs: Gate) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    private struct State {
        var calls: [Operation: Int] = [:]
        var faults: [Operation: [Int: Fault]] = [:]
        /// Calls of every operation so far, and the step to fail, counted the same way.
        var steps = 0
        var failingStep: Int?
        /// The operation of every step so far, in order.
        var log: [Operation] = []
        /// Every path a file was created at, or renamed to or from, in order.
        var paths: [StorePath] = []
        /// Faults for the first call of an operation on a file whose path ends so.
        var pathFaults: [(operation: Operation, suffix: String, fault: Fault)] = []
    }

    private let base: any FileSystem
    private let state = Mutex(State())

    /// Passes calls to `base` until told otherwise.
    init(base: some FileSystem = POSIXFileSystem()) {
        self.base = base
    }

    /// Makes the `nth` call of `operation` from now on (1 is the next one) suffer `fault`.
    func inject(_ fault: Fault, into operation: Operation, onCall nth: Int = 1) {
        state.withLock { state in
            state.faults[operation, default: [:]][state.calls[operation, default: 0] + nth] = fault
        }
    }

    /// Makes the next call of `operation` on a file whose path ends with `suffix` suffer `fault`
    /// (only writes and syncs, which name their file, are matched).
    ///
    /// ```swift
    /// fileSystem.inject(.hold(gate), into: .write, onFileEndingWith: ".compacting")
    /// ```
    func inject(_ fault: Fault, into operation: Operation, onFileEndingWith suffix: String) {
        state.withLock { $0.pathFaults.append((operation, suffix, fault)) }
    }

    /// Makes the `nth` call from now on of any operation (1 is the next one) fail: with `EIO`,
    /// or for a write, after writing nothing.
    func inject(failingStep nth: Int) {
        state.withLock { $0.failingStep = $0.steps + nth }
    }

    /// The operations called so far, in order, one per step.
    var steps: [Operation] { state.withLock { $0.log } }

    /// Every path a file was created at (the lock file included), or renamed from or to, in order.
    var paths: [StorePath] { state.withLock { $0.paths } }

    private func note(_ paths: StorePath...) {
        state.withLock { $0.paths += paths }
    }

    /// How many times `operation` was called so far.
    func calls(of operation: Operation) -> Int {
        state.withLock { $0.calls[operation, default: 0] }
    }

    /// Counts a call of `operation` and takes the fault planned for it, if any.
    private func fault(for operation: Operation, on file: StorePath? = nil) -> Fault? {
        state.withLock { state in
            let call = state.calls[operation, default: 0] + 1
            state.calls[operation] = call
            state.steps += 1
            state.log.append(operation)
            if state.steps == state.failingStep { return .fail }
            if let file,
                let index = state.pathFaults.firstIndex(where: {
                    $0.operation == operation && file.hasSuffix($0.suffix)
                })
            {
                return state.pathFaults.remove(at: index).fault
            }
            return state.faults[operation]?.removeValue(forKey: call)
        }
    }

    private func failIfPlanned(_ operation: Operation, file: StorePath, _ description: String) throws(StoreError) {
        switch fault(for: operation, on: file) {
        case nil: return
        case .hold(let gate): gate.hold()
        case .fail, .writePrefixThenFail, .shortWrite: throw .ioFailure(file: file, operation: description, errno: EIO)
        }
    }

    // MARK: - FileSystem

    func openExisting(_ path: StorePath) throws(StoreError) -> FileDescriptor? {
        try base.openExisting(path)
    }

    func openForReading(_ path: StorePath) throws(StoreError) -> FileDescriptor? {
        try base.openForReading(path)
    }

    func openLockFile(_ path: StorePath, create: Bool, permissions: UInt32) throws(StoreError) -> FileDescriptor? {
        if create { note(path) }
        return try base.openLockFile(path, create: create, permissions: permissions)
    }

    func itemExists(_ path: StorePath) throws(StoreError) -> Bool {
        try base.itemExists(path)
    }

    func resolvingLinks(_ path: StorePath) throws(StoreError) -> StorePath {
        try base.resolvingLinks(path)
    }

    func createDirectories(_ path: StorePath, permissions: UInt32) throws(StoreError) {
        if try base.itemExists(path) { return }
        try failIfPlanned(.createDirectory, file: path, "create the folder")
        try base.createDirectories(path, permissions: permissions)
    }

    func entries(ofDirectory path: StorePath) throws(StoreError) -> [StorePath] {
        try failIfPlanned(.list, file: path, "list the folder")
        return try base.entries(ofDirectory: path)
    }

    func createNew(_ path: StorePath, permissions: UInt32) throws(StoreError) -> FileDescriptor {
        try failIfPlanned(.create, file: path, "create")
        note(path)
        return try base.createNew(path, permissions: permissions)
    }

    func tryLockExclusively(_ file: FileDescriptor) throws(StoreError) -> Bool {
        try base.tryLockExclusively(file)
    }

    func readAll(_ file: FileDescriptor) throws(StoreError) -> Data {
        try base.readAll(file)
    }

    func write(_ bytes: Data, to file: FileDescriptor, at offset: Int) throws(StoreError) -> Int {
        switch fault(for: .write, on: file.path) {
        case nil:
            return try base.write(bytes, to: file, at: offset)
        case .fail:
            throw .ioFailure(file: file.path, operation: "write to", errno: EIO)
        case .writePrefixThenFail(let count):
            _ = try base.write(bytes.prefix(count), to: file, at: offset)
            throw .ioFailure(file: file.path, operation: "write to", errno: ENOSPC)
        case .shortWrite(let count):
            return try base.write(bytes.prefix(count), to: file, at: offset)
        case .hold(let gate):
            gate.hold()
            return try base.write(bytes, to: file, at: offset)
        }
    }

    func synchronizeData(_ file: FileDescriptor) throws(StoreError) {
        try failIfPlanned(.synchronize, file: file.path, "sync")
        try base.synchronizeData(file)
    }

    func synchronize(_ file: FileDescriptor) throws(StoreError) {
        try failIfPlanned(.synchronize, file: file.path, "sync")
        try base.synchronize(file)
    }

    func synchronizeDirectory(_ path: StorePath) throws(StoreError) {
        try failIfPlanned(.synchronizeDirectory, file: path, "sync the directory")
        try base.synchronizeDirectory(path)
    }

    func truncate(_ file: FileDescriptor, to length: Int) throws(StoreError) {
        try failIfPlanned(.truncate, file: file.path, "truncate")
        try base.truncate(file, to: length)
    }

    func permissions(of file: FileDescriptor) throws(StoreError) -> UInt32 {
        try base.permissions(of: file)
    }

    func setPermissions(_ permissions: UInt32, of file: FileDescriptor) throws(StoreError) {
        try failIfPlanned(.setPermissions, file: file.path, "set the permissions of")
        try base.setPermissions(permissions, of: file)
    }

    func rename(_ source: StorePath, to destination: StorePath) throws(StoreError) {
        try failIfPlanned(.rename, file: source, "rename")
        note(source, destination)
        try base.rename(source, to: destination)
    }

    func removeIfPresent(_ path: StorePath) throws(StoreError) {
        try failIfPlanned(.remove, file: path, "remove")
        try base.removeIfPresent(path)
    }

    func close(_ file: FileDescriptor) throws(StoreError) {
        try base.close(file)
    }
}
