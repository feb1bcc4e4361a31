import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A store file, a snapshot followed by an append-only journal of records, held open for writing.
///
/// The payloads are opaque: the caller decides what a snapshot and a record mean.
/// ```swift
/// let (journal, contents) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
/// var graph = try contents.snapshot.map(Graph.init(snapshot:)) ?? Graph()
/// for record in contents.records { try graph.apply(record) }
///
/// try journal.append(change)  // on disk when it returns
/// if journal.shouldCompact {
///     try journal.compact(snapshot: graph.snapshot(), schemaVersion: 1)
/// }
/// ```
///
/// ## Durability
/// ``append(_:)`` returns after the record is written and `fdatasync` returned. ``compact(snapshot:schemaVersion:)``
/// writes a new file beside the store, syncs it, gives it the store's permission bits, renames it
/// over the store and syncs the directory, so a crash leaves either the old file or the new one.
/// When a write or sync fails, the instance stops: that call throws the failure, and every later
/// append or compaction throws ``StoreError/closed(file:)``. What is on disk stays readable; the
/// failed append is cut off again when possible, otherwise the next open drops it as a torn tail.
///
/// ## New and empty files
/// A missing file, or an empty (0-byte) one, is a new store with nothing in it. Opening does not
/// create it; the first append or compaction does, through the same write-beside-and-rename
/// path, so the store file never exists without a whole header. An empty file's permission
/// bits are kept.
///
/// ## Reading is read-only
/// Opening never changes the store file. A torn last record is left on disk and reported as
/// ``StoreWarning/droppedTornTail(offset:bytes:)``; the next append cuts it off first. On any
/// error, the file is left exactly as it was.
///
/// ## Lock
/// Opening takes an exclusive, non-blocking `flock` on the sibling file `<path>.lock`, which
/// stays on disk. The lock belongs to the open file description, so a second open fails with
/// ``StoreError/locked(file:)``, from another process or this one. ``close()`` or `deinit`
/// releases it.
///
/// ## Threads
/// Not thread-safe and not `Sendable`: one owner calls it at a time. To share it, keep it in a
/// `Mutex` (which takes a non-`Sendable` value that is sent to it) or an actor.
package final class JournalFile {
    /// The journal size under which ``shouldCompact`` stays `false`: 4 MiB.
    package static let defaultCompactionFloor = 4 << 20

    /// The store file.
    package let url: URL
    /// The schema version in the file's header (the one for a new store until it is created).
    package private(set) var schemaVersion: UInt32
    /// The size of the snapshot's payload, 0 when there is none.
    package private(set) var snapshotBytes: Int
    /// The journal size, in bytes, under which ``shouldCompact`` stays `false`.
    package var compactionFloor = JournalFile.defaultCompactionFloor

    private let path: String
    private let fileSystem: any FileSystem
    private var lock: FileDescriptor?
    private var disk: Disk
    private var status = Status.open
    /// The offset of the first record.
    private var journalStart: Int
    /// The offset just after the last intact record, where the next one goes.
    private var end: Int
    /// The bytes past ``end`` left by an interrupted append, cut off before the next one.
    private var tornTailSize: Int

    private enum Disk {
        /// No store file with a header exists yet; `empty` is an open 0-byte file, if there is one.
        case notCreated(empty: FileDescriptor?)
        /// The store file, open for reading and writing.
        case created(FileDescriptor)
    }

    private enum Status {
        case open
        /// A write or sync failed; nothing more is written.
        case failed
        /// ``close()`` was called.
        case closed
    }

    private init(
        url: URL, path: String, fileSystem: any FileSystem, lock: FileDescriptor, disk: Disk,
        schemaVersion: UInt32, layout: JournalFormat.Layout?
    ) {
        self.url = url
        self.path = path
        self.fileSystem = fileSystem
        self.lock = lock
        self.disk = disk
        self.schemaVersion = schemaVersion
        snapshotBytes = layout?.snapshot?.count ?? 0
        journalStart = layout?.journalStart ?? 0
        end = layout?.end ?? 0
        tornTailSize = layout?.tornTailSize ?? 0
    }

    deinit {
        release()
    }

    // MARK: - Sizes

    /// The bytes the journal's intact records take on disk, framing included.
    package var journalBytes: Int { end - journalStart }

    /// `true` when the journal outgrew both the snapshot and ``compactionFloor``: time to
    /// ``compact(snapshot:schemaVersion:)``.
    package var shouldCompact: Bool { shouldCompact(afterAppending: 0) }

    /// Whether ``shouldCompact`` would be `true` after appending a record of `payloadSize` bytes.
    package func shouldCompact(afterAppending payloadSize: Int) -> Bool {
        let journal = journalBytes + (payloadSize > 0 ? JournalFormat.frameHeaderSize + payloadSize : 0)
        return journal > snapshotBytes && journal > compactionFloor
    }

    /// `true` until a write fails or ``close()`` is called.
    package var isWritable: Bool { status == .open }

    /// The lock file taken for the store at `url`: `<path>.lock`.
    package static func lockFileURL(forStoreAt url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".lock")
    }

    // MARK: - Opening

    /// Locks the store at `url` and reads it.
    ///
    /// - Parameters:
    ///   - url: The store file. Its directory must exist; the file need not.
    ///   - newStoreSchemaVersion: The schema version to write in the header if this instance
    ///     creates the file; an existing file keeps its own.
    ///   - fileSystem: The system calls to use; tests pass one that fails on demand.
    /// - Returns: The open journal, and what the file holds.
    /// - Throws: ``StoreError/locked(file:)`` when another open holds the lock;
    ///   ``StoreError/unreadable(file:reason:)``, ``StoreError/damaged(file:offset:reason:)`` or
    ///   ``StoreError/newerFormat(file:found:supported:)`` when the file cannot be read, which is
    ///   then left untouched; ``StoreError/ioFailure(file:operation:reason:)`` when a system call fails.
    /// - Complexity: O(*n*) over the file's size.
    package static func open(
        at url: URL,
        newStoreSchemaVersion: UInt32,
        fileSystem: some FileSystem = POSIXFileSystem()
    ) throws(StoreError) -> (JournalFile, JournalContents) {
        guard url.isFileURL else {
            throw .unreadable(file: url.absoluteString, reason: "it is not a file URL")
        }
        let path = url.path(percentEncoded: false)
        let lockPath = lockFileURL(forStoreAt: url).path(percentEncoded: false)
        let lock = try fileSystem.openOrCreate(lockPath, permissions: 0o666)
        do throws(StoreError) {
            guard try lockExclusively(lock, fileSystem) else { throw .locked(file: path) }
            let (disk, bytes, layout) = try readStoreFile(at: path, fileSystem: fileSystem)
            let journal = JournalFile(
                url: url, path: path, fileSystem: fileSystem, lock: lock, disk: disk,
                schemaVersion: layout?.schemaVersion ?? newStoreSchemaVersion, layout: layout
            )
            let contents = if let layout {
                JournalContents(layout, in: bytes)
            } else {
                JournalContents(schemaVersion: newStoreSchemaVersion, snapshot: nil, records: [], warnings: [])
            }
            return (journal, contents)
        } catch {
            closeQuietly(lock, fileSystem)
            throw error
        }
    }

    /// The attempts, 2 ms apart, to take the lock before reporting it held.
    ///
    /// A lock briefly looks held after its owner released it, while a process this one forked
    /// still holds a copy of the descriptor between `fork` and `exec`; a few retries over a few
    /// milliseconds ride that out and still answer a real second writer at once.
    static let lockAttempts = 5

    private static func lockExclusively(_ lock: FileDescriptor, _ fileSystem: any FileSystem) throws(StoreError) -> Bool {
        for attempt in 1...lockAttempts {
            if try fileSystem.tryLockExclusively(lock) { return true }
            if attempt < lockAttempts { usleep(2_000) }
        }
        return false
    }

    /// Opens and reads the store file; the layout is `nil` when the file is missing or empty.
    private static func readStoreFile(
        at path: String, fileSystem: any FileSystem
    ) throws(StoreError) -> (Disk, Data, JournalFormat.Layout?) {
        guard let store = try fileSystem.openExisting(path) else { return (.notCreated(empty: nil), Data(), nil) }
        do throws(StoreError) {
            let bytes = try fileSystem.readAll(store)
            if bytes.isEmpty { return (.notCreated(empty: store), bytes, nil) }
            let layout = try bytes.withUnsafeBytes { buffer in
                Result { () throws(StoreError) in try JournalFormat.read(buffer, file: path) }
            }.get()
            return (.created(store), bytes, layout)
        } catch {
            closeQuietly(store, fileSystem)
            throw error
        }
    }

    // MARK: - Writing

    /// Appends one record and returns once it is on disk.
    ///
    /// Creates the store file first if it does not exist yet, and cuts off a torn tail left by
    /// an earlier crash.
    /// - Throws: ``StoreError/closed(file:)`` after an earlier failure or ``close()``;
    ///   ``StoreError/ioFailure(file:operation:reason:)`` when a write or sync fails, after which
    ///   this instance accepts nothing more.
    /// - Complexity: O(*n*), where *n* is the payload size.
    package func append(_ payload: Data) throws(StoreError) {
        try requireWritable()
        guard payload.count <= JournalFormat.maximumPayloadSize else {
            throw .ioFailure(
                file: path, operation: "append to",
                reason: "a record of \(payload.count) bytes is larger than the 4 GiB a record can hold"
            )
        }
        do throws(StoreError) {
            let store = switch disk {
            case .created(let store): store
            case .notCreated: try replaceFile(snapshot: nil, schemaVersion: schemaVersion)
            }
            if tornTailSize > 0 {
                try fileSystem.truncate(store, to: end)
                tornTailSize = 0
            }
            let frame = JournalFormat.frame(payload)
            do throws(StoreError) {
                try write(frame, to: store, at: end)
                try fileSystem.synchronizeData(store)
            } catch {
                cutOffFailedAppend(store)
                throw error
            }
            end += frame.count
        } catch {
            status = .failed
            throw error
        }
    }

    /// Replaces the store file with one holding `snapshot` and an empty journal.
    ///
    /// The new file is written beside the store (`<path>.compacting`), synced, given the store's
    /// permission bits, renamed over it, and the directory is synced; later appends go to it.
    /// - Parameters:
    ///   - snapshot: The whole state, which must include every record appended so far.
    ///   - schemaVersion: The schema version of `snapshot` and of the records that will follow.
    /// - Throws: ``StoreError/closed(file:)`` after an earlier failure or ``close()``;
    ///   ``StoreError/ioFailure(file:operation:reason:)`` when a step fails, after which this
    ///   instance accepts nothing more. A failure before the rename leaves the old file as it was.
    /// - Complexity: O(*n*), where *n* is the snapshot size.
    package func compact(snapshot: Data, schemaVersion: UInt32) throws(StoreError) {
        try requireWritable()
        guard snapshot.count <= JournalFormat.maximumPayloadSize else {
            throw .ioFailure(
                file: path, operation: "compact",
                reason: "a snapshot of \(snapshot.count) bytes is larger than the 4 GiB a snapshot can hold"
            )
        }
        do throws(StoreError) {
            _ = try replaceFile(snapshot: snapshot, schemaVersion: schemaVersion)
        } catch {
            status = .failed
            throw error
        }
    }

    /// Releases the lock and the file; later appends throw ``StoreError/closed(file:)``.
    ///
    /// Every completed append was already synced, so closing cannot lose one and does not throw.
    package func close() {
        status = .closed
        release()
    }

    // MARK: - Steps

    private func requireWritable() throws(StoreError) {
        guard status == .open else { throw .closed(file: path) }
    }

    /// Writes a store file holding `snapshot` beside the store, and renames it over the store.
    ///
    /// - Returns: The new store file, which this instance continues with.
    private func replaceFile(snapshot: Data?, schemaVersion: UInt32) throws(StoreError) -> FileDescriptor {
        let temporaryPath = path + ".compacting"
        let old: FileDescriptor? = switch disk {
        case .notCreated(let empty): empty
        case .created(let store): store
        }
        var permissions: UInt32?
        if let old { permissions = try fileSystem.permissions(of: old) }
        // A leftover from a crash mid-compaction; the lock keeps anyone else from writing one now.
        try fileSystem.removeIfPresent(temporaryPath)
        // Private until its permissions are set; a new store gets the usual 0o666 less the umask.
        let temporary = try fileSystem.createNew(temporaryPath, permissions: permissions == nil ? 0o666 : 0o600)
        // The head and the snapshot are written apart, so that a large snapshot is not copied.
        let head = JournalFormat.fileHead(snapshot: snapshot, schemaVersion: schemaVersion)
        let size = head.count + (snapshot?.count ?? 0)
        do throws(StoreError) {
            try write(head, to: temporary, at: 0)
            if let snapshot { try write(snapshot, to: temporary, at: head.count) }
            if let permissions { try fileSystem.setPermissions(permissions, of: temporary) }
            try fileSystem.synchronize(temporary)
            try fileSystem.rename(temporaryPath, to: path)
        } catch {
            Self.closeQuietly(temporary, fileSystem)
            do {
                try fileSystem.removeIfPresent(temporaryPath)
            } catch {
                // The leftover is harmless: it is not the store, and the next compaction removes it.
            }
            throw error
        }
        // The new file is the store now, whatever happens next.
        if let old { Self.closeQuietly(old, fileSystem) }
        let store = FileDescriptor(rawValue: temporary.rawValue, path: path)
        disk = .created(store)
        self.schemaVersion = schemaVersion
        snapshotBytes = snapshot?.count ?? 0
        journalStart = size
        end = size
        tornTailSize = 0
        try fileSystem.synchronizeDirectory(url.deletingLastPathComponent().path(percentEncoded: false))
        return store
    }

    /// Writes all of `bytes`, however many calls it takes.
    private func write(_ bytes: Data, to file: FileDescriptor, at offset: Int) throws(StoreError) {
        var written = 0
        while written < bytes.count {
            let count = try fileSystem.write(bytes[(bytes.startIndex + written)...], to: file, at: offset + written)
            guard count > 0 else {
                throw .ioFailure(file: file.path, operation: "write to", reason: "the system wrote nothing")
            }
            written += count
        }
    }

    /// Cuts a failed append off the end of the file, so that it is not read back.
    ///
    /// Best effort: the failure being reported is the write's. If this fails too, what is left is
    /// a partial record at the end, which the next open drops as a torn tail; or, when only the
    /// sync failed, a whole record that may survive.
    private func cutOffFailedAppend(_ store: FileDescriptor) {
        do {
            try fileSystem.truncate(store, to: end)
            try fileSystem.synchronizeData(store)
        } catch {
            // See above: nothing more can be done, and the caller hears of the original failure.
        }
    }

    /// Closes the store file and the lock file, once.
    private func release() {
        switch disk {
        case .created(let store), .notCreated(empty: let store?):
            Self.closeQuietly(store, fileSystem)
        case .notCreated(empty: nil):
            break
        }
        disk = .notCreated(empty: nil)
        if let lock { Self.closeQuietly(lock, fileSystem) }
        lock = nil
    }

    /// Closes a descriptor whose data, if any, was synced already: a failure loses nothing.
    private static func closeQuietly(_ file: FileDescriptor, _ fileSystem: any FileSystem) {
        do {
            try fileSystem.close(file)
        } catch {
            // Nothing depends on it: the data was synced, and the descriptor is released anyway.
        }
    }
}

extension JournalContents {
    /// Copies the snapshot and records out of the file's bytes, into data that starts at index 0.
    fileprivate init(_ layout: JournalFormat.Layout, in bytes: Data) {
        func copy(_ range: Range<Int>) -> Data {
            Data(bytes[(bytes.startIndex + range.lowerBound)..<(bytes.startIndex + range.upperBound)])
        }
        self.init(
            schemaVersion: layout.schemaVersion,
            snapshot: layout.snapshot.map(copy),
            records: layout.records.map(copy),
            warnings: layout.tornTailSize == 0
                ? [] : [.droppedTornTail(offset: layout.end, bytes: layout.tornTailSize)]
        )
    }
}

@available(*, unavailable, message: "A JournalFile has one owner at a time; keep it in a Mutex or an actor")
extension JournalFile: Sendable {}
