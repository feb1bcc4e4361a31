import Foundation
import ProjectManagerDomain

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
/// `read(at:newStoreSchemaVersion:fileSystem:)` reads a store without opening it for writing: no lock, no write.
///
/// ## Durability
/// ``append(_:)`` returns after the record is written and `fdatasync` returned. ``compact(snapshot:schemaVersion:)``
/// writes a new file beside the store, syncs it, gives it the store's permission bits, renames it
/// over the store and syncs the directory, so a crash leaves either the old file or the new one.
/// A call that throws left the store as it was:
/// - A failed write or sync of a record cuts the record off again and stops the instance: every
///   later call throws ``StoreError/closed(file:)``. A partial record that cannot be cut off is
///   dropped by the next open as a torn tail (its bytes kept). A whole record whose sync failed
///   and that cannot be cut off is written again with a checksum that cannot match, so that it
///   is dropped the same way, never replayed; only when that fails too is the outcome
///   ``StoreError/saveNotConfirmed(file:reason:)``.
/// - A compaction that fails before its rename leaves the old file, and the instance goes on with
///   it. After the rename, a directory sync that fails twice leaves the new file in place; the
///   next append syncs the directory before it writes. A change saved as a snapshot
///   (``save(snapshot:schemaVersion:record:)``) is then appended to the replaced file as well,
///   so that it is kept whichever file the folder names after a crash.
///
/// ## New and empty files
/// A missing file, or an empty (0-byte) one, is a new store with nothing in it. Opening creates
/// nothing for a missing one, not even its folder or lock; the first append or compaction makes
/// the folder (0700) and the lock, and writes the store's header together with the first record
/// or snapshot beside it and renames it into place, so a store never exists without a whole
/// header and its first save. A file holding a header and no whole save is then not a store
/// but a cut-short copy of one, and is ``StoreError/unreadable(file:reason:)``.
///
/// ## Files are the user's
/// The store, its lock, and every file written beside it are created 0600, whatever the umask;
/// a store that exists keeps its permission bits through compaction. The path is resolved once,
/// at open: when the store is a symbolic link, every write goes to, and beside, its target, and
/// the link stays.
///
/// ## Nothing dropped in silence
/// Opening never changes the store file. A torn or damaged last record is left on disk and
/// reported as ``StoreWarning/droppedTornTail(offset:bytes:)``; the next append or compaction
/// first copies its bytes beside the store (`<file>.dropped-<UTC time>`, synced), then drops
/// them. Each such copy is reported as ``StoreWarning/keptDroppedBytes(file:)`` on every open
/// until ``acknowledgeWarnings()`` renames it to `….acknowledged`.
///
/// ## Lock
/// The writer takes an exclusive, non-blocking `flock` on the sibling file `<file>.lock`, opened
/// with `O_NOFOLLOW` (a link there is ``StoreError/lockFileIsLink(file:)``); it stays on disk.
/// The lock is taken at open when the store or its lock file exists, else at the first write, which
/// throws ``StoreError/locked(file:)`` if another process created the store meanwhile (open it
/// again, and the other process's saves are there).
/// The lock belongs to the open file description, so a second open fails with
/// ``StoreError/locked(file:)``, from another process or this one. ``close()`` or `deinit`
/// releases it.
///
/// ## Threads
/// Not thread-safe and not `Sendable`: one owner calls it at a time. To share it, keep it in a
/// `Mutex` (which takes a non-`Sendable` value that is sent to it) or an actor.
package final class JournalFile {
    /// The journal size under which ``shouldCompact`` stays `false`: 4 MiB.
    package static let defaultCompactionFloor = 4 << 20
    /// The permission bits of every file the store creates.
    package static let filePermissions: UInt32 = 0o600
    /// The permission bits of a folder the store creates for its file.
    package static let folderPermissions: UInt32 = 0o700
    /// What a kept copy of dropped bytes is renamed to end with once acknowledged.
    package static let acknowledgedSuffix = ".acknowledged"

    /// The store file as given.
    package let givenPath: StorePath
    /// The real store file, links resolved at open; every write goes to it or beside it.
    package let path: StorePath
    /// The schema version in the file's header (the one for a new store until it is created).
    package private(set) var schemaVersion: UInt32
    /// The format of the file as it is: ``JournalFormat/version``, or an older one until the
    /// first ``compact(snapshot:schemaVersion:)`` rewrites it. A new file is of the current one.
    package private(set) var formatVersion: UInt32
    /// The sequence number of the last record written, or of the last save the snapshot holds.
    private var lastSequence: UInt64
    /// The size of the snapshot's payload, 0 when there is none.
    package private(set) var snapshotBytes: Int
    /// The journal size, in bytes, under which ``shouldCompact`` stays `false`.
    package var compactionFloor = JournalFile.defaultCompactionFloor

    private let lockPath: StorePath
    private let fileSystem: any FileSystem
    private let now: @Sendable () -> Date
    /// The lock, once taken: at open, or at the first write when neither store nor lock existed.
    private var lock: FileDescriptor?
    private var disk: Disk
    private var status = Status.open
    /// The offset of the first record.
    private var journalStart: Int
    /// The offset just after the last intact record, where the next one goes.
    private var end: Int
    /// The bytes past ``end`` left by an interrupted append or damage, not yet dropped.
    private var tornTail: Data
    /// The copy of ``tornTail`` made beside the store, once made.
    private var tornTailCopy: StorePath?
    /// The copies of dropped bytes beside the store that are not acknowledged yet; `nil` until
    /// ``warnings`` or ``acknowledgeWarnings()`` first asks. Finding them lists the store's folder,
    /// which costs in proportion to everything else the folder holds, so opening does not.
    private var keptCopies: [StorePath]?
    /// Whether the store existed at open: only then can copies of its dropped bytes be beside it.
    private let mayHaveKeptCopies: Bool
    /// A compaction renamed its file into place, but the directory could not be synced: why.
    package private(set) var replacementSyncFailure: StoreError?
    /// The compaction being written beside the saves, if one is: see ``beginDetachedCompaction()``.
    private var detached: Detached?
    /// The number of detached compactions begun, which names each.
    private var detachedCount = 0

    /// A detached compaction as the journal follows it: the records appended since it began,
    /// which its new file takes after its snapshot.
    private struct Detached {
        var generation: Int
        var tail = Data()
    }

    enum Disk {
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

    /// Made by the opening functions (`open(at:…)`) only.
    init(
        givenPath: StorePath, path: StorePath, fileSystem: any FileSystem, now: @escaping @Sendable () -> Date,
        lock: FileDescriptor?, disk: Disk, schemaVersion: UInt32, layout: JournalFormat.Layout?,
        bytes: Data
    ) {
        self.givenPath = givenPath
        self.path = path
        lockPath = path.appending(".lock")
        self.fileSystem = fileSystem
        self.now = now
        self.lock = lock
        self.disk = disk
        self.schemaVersion = schemaVersion
        formatVersion = layout?.formatVersion ?? JournalFormat.version
        lastSequence = layout?.lastSequence ?? 0
        snapshotBytes = layout?.snapshot?.count ?? 0
        journalStart = layout?.journalStart ?? 0
        end = layout?.end ?? 0
        tornTail = layout.map { Data(bytes.suffix($0.tornTailSize)) } ?? Data()
        mayHaveKeptCopies = lock != nil
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
        let framing = JournalFormat.frameHeaderSize + JournalFormat.sequenceSize
        let journal = journalBytes + (payloadSize > 0 ? framing + payloadSize : 0)
        return journal > snapshotBytes && journal > compactionFloor
    }

    /// `true` until a write fails or ``close()`` is called.
    package var isWritable: Bool { status == .open }

    /// `true` when a compaction's new file is in place but the directory holding it was not synced:
    /// a crash could still bring back the old file.
    package var isReplacementUnsynced: Bool { replacementSyncFailure != nil }

    /// What the user should hear about now: a torn tail not dropped yet, and the copies of dropped
    /// bytes not acknowledged yet.
    ///
    /// The first call lists the store's folder for the copies; when it cannot, it reports none
    /// and the next call tries again.
    package var warnings: [StoreWarning] {
        JournalContents.warnings(tornTailAt: end, bytes: tornTail.count, keptCopies: (try? listedKeptCopies()) ?? [])
    }

    /// ``keptCopies``, listed now if they were not yet.
    private func listedKeptCopies() throws(StoreError) -> [StorePath] {
        if let keptCopies { return keptCopies }
        let listed = mayHaveKeptCopies ? try Self.keptCopies(beside: path, fileSystem) : []
        keptCopies = listed
        return listed
    }

    /// The lock file taken for the store at `url`: `<path>.lock`.
    package static func lockFileURL(forStoreAt url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".lock")
    }

    /// The lock file taken for the store at `path`: `<path>.lock`.
    package static func lockFile(forStoreAt path: StorePath) -> StorePath {
        path.appending(".lock")
    }

    // MARK: - Writing

    /// Appends one record and returns once it is on disk.
    ///
    /// Creates the store file (with this record) if it does not exist yet, and first keeps and
    /// cuts off a torn tail left by an earlier crash.
    /// - Throws: ``StoreError/closed(file:)`` after an earlier failure or ``close()``;
    ///   ``StoreError/locked(file:)`` for a new store another process took meanwhile; ``StoreError/ioFailure(file:operation:reason:)`` when a
    ///   step fails. The store is then as it was; after a failed write or sync of the record,
    ///   this instance accepts nothing more.
    /// - Complexity: O(*n*), where *n* is the payload size.
    package func append(_ payload: Data) throws(StoreError) {
        try requireWritable()
        guard formatVersion == JournalFormat.version else {
            throw .ioFailure(
                file: path, operation: "append to",
                reason: "the store is in the older format \(formatVersion): compact it to the current one first"
            )
        }
        guard payload.count <= JournalFormat.maximumPayloadSize - JournalFormat.sequenceSize else {
            throw .ioFailure(
                file: path, operation: "append to",
                reason: "a record of \(payload.count) bytes is larger than the 4 GiB a record can hold"
            )
        }
        try prepareToWrite()
        guard case .created(let store) = disk else {
            _ = try replaceFile(snapshot: nil, firstRecord: payload, schemaVersion: schemaVersion)
            return
        }
        if !tornTail.isEmpty { try dropTornTail(of: store) }
        let frame = JournalFormat.record(payload, sequence: lastSequence + 1)
        do throws(StoreError) {
            try write(frame, to: store, at: end)
        } catch {
            // Never the whole frame: what is left of it fails its checksum, a torn tail at worst.
            cutOffFailedAppend(store)
            status = .failed
            throw error
        }
        do throws(StoreError) {
            try fileSystem.synchronizeData(store)
        } catch {
            status = .failed
            throw takeBack(frame, from: store, syncFailure: error)
        }
        end += frame.count
        lastSequence += 1
        detached?.tail.append(frame)
    }

    /// Saves a change as a whole new snapshot instead of as a record (an import large enough
    /// that its record would make the journal due for compaction anyway).
    ///
    /// `snapshot` holds every record appended so far and the change; `record` is the change as a
    /// record, made only when it is needed: when the snapshot cannot be made or written, the
    /// record is appended instead; when the snapshot was renamed into place but the folder cannot
    /// be synced (twice), the record is also appended to the file the rename replaced, which this
    /// instance still has open, so that the change is kept whichever of the two files the folder
    /// holds after a crash. The save has then succeeded: ``isReplacementUnsynced`` is `true`, and
    /// the next append syncs the folder before it writes.
    /// - Throws: what ``append(_:)`` throws, the store then as it was; or
    ///   ``StoreError/saveNotConfirmed(file:reason:)`` when the folder could not be synced and the
    ///   record could not be made durable in the replaced file either, and the instance stops.
    /// - Complexity: O(*n*), where *n* is the snapshot size.
    package func save(
        snapshot: () throws(StoreError) -> SnapshotSource, schemaVersion: UInt32, record: () throws(StoreError) -> Data
    ) throws(StoreError) {
        try requireWritable()
        do throws(StoreError) {
            let snapshot = try snapshot()
            try checkSize(ofSnapshot: snapshot)
            try prepareToWrite()
            _ = try replaceFile(snapshot: snapshot, firstRecord: nil, schemaVersion: schemaVersion, savedChange: record)
        } catch {
            // Unless the snapshot is in place (``saveNotConfirmed``), the store is as it was.
            guard isWritable, !isReplacementUnsynced else { throw error }
            try append(try record())
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
    ///   ``StoreError/ioFailure(file:operation:reason:)`` when a step fails. Before the rename,
    ///   the old file is left as it was; after it (the directory sync failed twice),
    ///   ``isReplacementUnsynced`` is `true` and the next append syncs the directory first. The
    ///   instance goes on either way.
    /// - Complexity: O(*n*), where *n* is the snapshot size.
    package func compact(snapshot: Data, schemaVersion: UInt32) throws(StoreError) {
        try compact(SnapshotSource(snapshot), schemaVersion: schemaVersion)
    }

    /// Replaces the store file with one holding the snapshot `source` writes, in pieces, and an
    /// empty journal; as ``compact(snapshot:schemaVersion:)`` otherwise.
    ///
    /// Each piece is written to the new file as it comes, so that only one is in memory at a
    /// time; the header and the snapshot frame's checksum are written after the last.
    /// - Throws: as ``compact(snapshot:schemaVersion:)``, and what `source` throws; also
    ///   ``StoreError/ioFailure(file:operation:reason:)`` when its pieces do not add up to its
    ///   ``SnapshotSource/byteCount``. The old file is then as it was.
    package func compact(_ source: SnapshotSource, schemaVersion: UInt32) throws(StoreError) {
        try requireWritable()
        try checkSize(ofSnapshot: source)
        try prepareToWrite()
        _ = try replaceFile(snapshot: source, firstRecord: nil, schemaVersion: schemaVersion)
    }

    private func checkSize(ofSnapshot snapshot: SnapshotSource) throws(StoreError) {
        guard snapshot.byteCount <= JournalFormat.maximumPayloadSize else {
            throw .ioFailure(
                file: path, operation: "compact",
                reason: "a snapshot of \(snapshot.byteCount) bytes is larger than the 4 GiB a snapshot can hold"
            )
        }
    }

    /// Drops a torn tail now, keeping its bytes beside the store, and marks every kept copy of
    /// dropped bytes acknowledged (renamed to end with ``acknowledgedSuffix``): ``warnings`` is
    /// empty afterwards.
    /// - Throws: ``StoreError/closed(file:)``; ``StoreError/ioFailure(file:operation:reason:)``.
    package func acknowledgeWarnings() throws(StoreError) {
        try requireWritable()
        let copies = try listedKeptCopies()
        guard lock != nil || !copies.isEmpty else { return }
        try prepareToWrite()
        if case .created(let store) = disk, !tornTail.isEmpty {
            try dropTornTail(of: store)
            try fileSystem.synchronizeData(store)
        }
        while let copy = keptCopies?.first {
            try fileSystem.rename(copy, to: copy.appending(Self.acknowledgedSuffix))
            keptCopies?.removeFirst()
        }
        try fileSystem.synchronizeDirectory(folder)
    }

    /// Releases the lock and the file at once; later calls throw ``StoreError/closed(file:)``.
    ///
    /// Every completed append was already synced, so closing cannot lose one and does not throw.
    package func close() {
        abandonDetachedCompaction()
        status = .closed
        release()
    }

    // MARK: - Compacting beside the saves

    /// A compaction whose snapshot is written while saves go on, outside the journal's owner's
    /// lock: begun by ``beginDetachedCompaction()``, written by ``writeSnapshot(_:)`` on any
    /// thread, and finished by ``finishDetachedCompaction(_:snapshotLength:)``.
    ///
    /// Its new file is `<path>.compacting`; the snapshot holds every save up to ``sequence``, and
    /// the records the journal appends meanwhile follow it in the new file when it is finished.
    /// It touches nothing but that file, so it needs no lock.
    package struct DetachedCompaction: Sendable {
        /// The new file, open for writing.
        let file: FileDescriptor
        /// The path of the new file: `<path>.compacting`.
        let temporaryPath: StorePath
        /// The sequence number of the last save the snapshot holds.
        package let sequence: UInt64
        let schemaVersion: UInt32
        let fileSystem: any FileSystem
        /// Which detached compaction of the journal this is, so that one abandoned is never finished.
        let generation: Int

        /// Writes the snapshot `source` makes, and the file's head, to the new file, and syncs it.
        /// - Returns: The snapshot's size, for ``JournalFile/finishDetachedCompaction(_:snapshotLength:)``.
        /// - Throws: What `source` or a step throws; the caller then hands the failure to
        ///   ``JournalFile/finishDetachedCompaction(_:snapshotLength:)``, which removes the file.
        /// - Complexity: O(*n*), where *n* is the snapshot size.
        package func writeSnapshot(_ source: SnapshotSource) throws(StoreError) -> Int {
            guard source.byteCount <= JournalFormat.maximumPayloadSize else {
                throw .ioFailure(
                    file: temporaryPath, operation: "compact",
                    reason: "a snapshot of \(source.byteCount) bytes is larger than the 4 GiB a snapshot can hold")
            }
            try JournalFile.writeHeadAndSnapshot(
                source, to: file, schemaVersion: schemaVersion, lastSequence: sequence, fileSystem)
            try fileSystem.synchronize(file)
            return source.byteCount
        }

        /// Closes the new file without a journal to finish with (its owner closed it): the file
        /// stays, a leftover the next compaction removes, since the store's lock may be another's now.
        package func discard() {
            JournalFile.closeQuietly(file, fileSystem)
        }
    }

    /// How many detached compactions were begun since the file was opened.
    package var detachedCompactionsBegun: Int { detachedCount }

    /// `true` while a detached compaction is begun and neither finished nor abandoned.
    package var isCompactingDetached: Bool { detached != nil }

    /// Begins a compaction whose snapshot (of every save so far) is written beside the saves.
    ///
    /// - Returns: The compaction, or `nil` when one is under way already or the file cannot be
    ///   compacted this way now (not created yet, in an older format, with a torn tail not
    ///   dropped, or a replacement's folder not synced): the next save may try again.
    /// - Throws: ``StoreError/closed(file:)``; ``StoreError/ioFailure(file:operation:reason:)``
    ///   when the new file cannot be made. Nothing changes then.
    package func beginDetachedCompaction() throws(StoreError) -> DetachedCompaction? {
        try requireWritable()
        guard detached == nil, formatVersion == JournalFormat.version, tornTail.isEmpty,
            replacementSyncFailure == nil, lock != nil, case .created = disk
        else { return nil }
        let temporaryPath = path.appending(".compacting")
        // A leftover from a crash mid-compaction; the lock keeps anyone else from writing one now.
        try fileSystem.removeIfPresent(temporaryPath)
        let file = try fileSystem.createNew(temporaryPath, permissions: Self.filePermissions)
        detachedCount += 1
        detached = Detached(generation: detachedCount)
        return DetachedCompaction(
            file: file, temporaryPath: temporaryPath, sequence: lastSequence, schemaVersion: schemaVersion,
            fileSystem: fileSystem, generation: detachedCount)
    }

    /// Finishes a detached compaction: appends the records saved since it began to its new file,
    /// syncs it, renames it over the store, and syncs the folder; later appends go to it.
    ///
    /// - Parameter snapshotLength: What ``DetachedCompaction/writeSnapshot(_:)`` returned, or
    ///   its failure: the new file is then closed and removed, and the failure thrown.
    /// - Returns: `false` when the journal abandoned this compaction (a compaction in the saves'
    ///   own time replaced the file, or the journal failed or closed) since it began: its file is
    ///   closed, and removed unless the journal closed.
    /// - Throws: What a step throws before the rename (the new file is removed, the store is as
    ///   it was); after the rename, the folder's sync failure: the store goes on with the new
    ///   file, and the next append syncs the folder first (the old file, which a crash could
    ///   bring back, holds every save too).
    @discardableResult
    package func finishDetachedCompaction(
        _ compaction: DetachedCompaction, snapshotLength: Result<Int, StoreError>
    ) throws(StoreError) -> Bool {
        guard let detached, detached.generation == compaction.generation else {
            compaction.discard()
            return false
        }
        self.detached = nil
        func removeNewFile() {
            compaction.discard()
            do {
                try fileSystem.removeIfPresent(compaction.temporaryPath)
            } catch {
                // The leftover is harmless: it is not the store, and the next compaction removes it.
            }
        }
        guard status == .open, case .created(let old) = disk, tornTail.isEmpty else {
            removeNewFile()
            return false
        }
        let length: Int
        do throws(StoreError) {
            length = try snapshotLength.get()
            let journalStart = JournalFormat.headerSize + JournalFormat.frameHeaderSize + length
            if !detached.tail.isEmpty { try write(detached.tail, to: compaction.file, at: journalStart) }
            try fileSystem.setPermissions(try fileSystem.permissions(of: old), of: compaction.file)
            try fileSystem.synchronize(compaction.file)
            try fileSystem.rename(compaction.temporaryPath, to: path)
        } catch {
            removeNewFile()
            throw error
        }
        // The new file is the store now, whatever happens next.
        disk = .created(FileDescriptor(rawValue: compaction.file.rawValue, path: path))
        Self.closeQuietly(old, fileSystem)
        snapshotBytes = length
        journalStart = JournalFormat.headerSize + JournalFormat.frameHeaderSize + length
        end = journalStart + detached.tail.count
        do throws(StoreError) {
            try synchronizeDirectoryTwice()
        } catch {
            replacementSyncFailure = error
            throw error
        }
        return true
    }

    /// Forgets the detached compaction under way, if any: its writer finds it abandoned when it
    /// comes to finish, and closes its file. The file is removed now.
    private func abandonDetachedCompaction() {
        guard detached != nil else { return }
        detached = nil
        do {
            try fileSystem.removeIfPresent(path.appending(".compacting"))
        } catch {
            // A leftover harms nothing; the next compaction removes it.
        }
    }

    // MARK: - Steps

    private var folder: StorePath { path.folder }

    private func requireWritable() throws(StoreError) {
        guard status == .open else { throw .closed(file: path.description) }
    }

    /// Takes the lock if it is not held yet, and finishes a compaction's directory sync.
    private func prepareToWrite() throws(StoreError) {
        if lock == nil { try lockNewStore() }
        if replacementSyncFailure != nil {
            try fileSystem.synchronizeDirectory(folder)
            replacementSyncFailure = nil
        }
    }

    /// Makes the folder, creates and takes the lock, and checks that the store is still missing
    /// or empty, as it was at open.
    private func lockNewStore() throws(StoreError) {
        try fileSystem.createDirectories(folder, permissions: Self.folderPermissions)
        guard let lock = try fileSystem.openLockFile(lockPath, create: true, permissions: Self.filePermissions) else {
            throw .ioFailure(file: lockPath, operation: "create", reason: "it vanished as it was made")
        }
        do throws(StoreError) {
            guard try fileSystem.lockExclusively(lock) else { throw .locked(file: path.description) }
            if let store = try fileSystem.openExisting(path) {
                let size = try Result { () throws(StoreError) in try fileSystem.readAll(store).count }
                    .mapError { error in
                        Self.closeQuietly(store, fileSystem)
                        return error
                    }.get()
                guard size == 0 else {
                    // Another process made the store since it was opened here missing: this
                    // instance's picture of it is out of date, and the store is that process's
                    // now. Whoever asked may open it again.
                    Self.closeQuietly(store, fileSystem)
                    throw .locked(file: path.description)
                }
                if case .notCreated(let empty?) = disk { Self.closeQuietly(empty, fileSystem) }
                disk = .notCreated(empty: store)
            }
        } catch {
            Self.closeQuietly(lock, fileSystem)
            throw error
        }
        self.lock = lock
    }

    /// Writes a store file holding `snapshot` (or none) and `firstRecord` (or none) beside the
    /// store, and renames it over the store.
    ///
    /// A new store that cannot be made durable (its directory sync fails twice) is removed
    /// again, so that the save which made it has not happened. When the snapshot holds a change
    /// that is in no record (`savedChange`, see ``save(snapshot:schemaVersion:record:)``) and the
    /// rename cannot be made durable, the change's record is appended to the replaced file too.
    /// - Returns: The new store file, which this instance continues with.
    private func replaceFile(
        snapshot: SnapshotSource?, firstRecord: Data?, schemaVersion: UInt32,
        savedChange: () throws(StoreError) -> Data? = { nil }
    ) throws(StoreError) -> FileDescriptor {
        let temporaryPath = path.appending(".compacting")
        let old: FileDescriptor?
        let isNew: Bool
        switch disk {
        case .notCreated(let empty): (old, isNew) = (empty, true)
        case .created(let store): (old, isNew) = (store, false)
        }
        let permissions =
            try old.map { file throws(StoreError) in try fileSystem.permissions(of: file) }
            ?? Self.filePermissions
        // The rename drops a torn tail: keep its bytes first.
        if !tornTail.isEmpty { try keepTornTail() }
        // This file takes the place of one being written beside the saves.
        abandonDetachedCompaction()
        // A leftover from a crash mid-compaction; the lock keeps anyone else from writing one now.
        try fileSystem.removeIfPresent(temporaryPath)
        let temporary = try fileSystem.createNew(temporaryPath, permissions: Self.filePermissions)
        // The snapshot goes in piece by piece after room for the head, which is written once the
        // snapshot's checksum is known.
        let snapshotLength = snapshot?.byteCount ?? 0
        let headSize = JournalFormat.headerSize + JournalFormat.frameHeaderSize
        let record = firstRecord.map { JournalFormat.record($0, sequence: lastSequence + 1) } ?? Data()
        let journalStart = headSize + snapshotLength
        do throws(StoreError) {
            try Self.writeHeadAndSnapshot(
                snapshot, to: temporary, schemaVersion: schemaVersion, lastSequence: lastSequence, fileSystem)
            if !record.isEmpty { try write(record, to: temporary, at: journalStart) }
            try fileSystem.setPermissions(permissions, of: temporary)
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
        let replaced = (end: end, lastSequence: lastSequence, formatVersion: formatVersion)
        let store = FileDescriptor(rawValue: temporary.rawValue, path: path)
        disk = .created(store)
        self.schemaVersion = schemaVersion
        formatVersion = JournalFormat.version
        if !record.isEmpty { lastSequence += 1 }
        snapshotBytes = snapshotLength
        self.journalStart = journalStart
        end = journalStart + record.count
        tornTail = Data()
        tornTailCopy = nil
        do throws(StoreError) {
            try synchronizeDirectoryTwice()
        } catch {
            guard !isNew else {
                if let old { Self.closeQuietly(old, fileSystem) }
                removeUnsyncedNewStore(store, permissions: old == nil ? nil : permissions)
                throw error
            }
            replacementSyncFailure = error
            guard let old else { throw error }
            defer { Self.closeQuietly(old, fileSystem) }
            // A crash may bring back the replaced file: it must hold the change too.
            guard try keepChange(savedChange, in: old, after: replaced, directorySyncFailure: error) else {
                throw error
            }
            return store
        }
        if let old { Self.closeQuietly(old, fileSystem) }
        return store
    }

    /// Appends the change a new snapshot holds beyond the records (if any) to the file that
    /// snapshot replaced, as its next record, and syncs it.
    /// - Returns: `false` when the snapshot holds no such change.
    /// - Throws: ``StoreError/saveNotConfirmed(file:reason:)`` when it cannot, and stops the instance.
    private func keepChange(
        _ change: () throws(StoreError) -> Data?, in replaced: FileDescriptor,
        after state: (end: Int, lastSequence: UInt64, formatVersion: UInt32), directorySyncFailure: StoreError
    ) throws(StoreError) -> Bool {
        do throws(StoreError) {
            guard let payload = try change() else { return false }
            guard state.formatVersion == JournalFormat.version else {
                throw .ioFailure(
                    file: path, operation: "append to", reason: "it is in the older format \(state.formatVersion)")
            }
            let frame = JournalFormat.record(payload, sequence: state.lastSequence + 1)
            try write(frame, to: replaced, at: state.end)
            try fileSystem.truncate(replaced, to: state.end + frame.count)
            try fileSystem.synchronizeData(replaced)
            return true
        } catch {
            status = .failed
            throw .saveNotConfirmed(
                file: path.description,
                reason: "the new snapshot is in place, but \(directorySyncFailure.summary), "
                    + "and the save could not be kept in the file it replaced either (\(error.summary))"
            )
        }
    }

    /// Syncs the store's folder, trying once more when the first sync fails.
    private func synchronizeDirectoryTwice() throws(StoreError) {
        do {
            try fileSystem.synchronizeDirectory(folder)
        } catch {
            try fileSystem.synchronizeDirectory(folder)
        }
    }

    /// Takes back a new store whose rename could not be made durable: removes it, and puts back
    /// the empty file it replaced (with `permissions`), if there was one. Best effort.
    private func removeUnsyncedNewStore(_ store: FileDescriptor, permissions: UInt32?) {
        Self.closeQuietly(store, fileSystem)
        disk = .notCreated(empty: nil)
        (snapshotBytes, journalStart, end, lastSequence) = (0, 0, 0, 0)
        do {
            try fileSystem.removeIfPresent(path)
            if let permissions { disk = .notCreated(empty: try fileSystem.createNew(path, permissions: permissions)) }
        } catch {
            // What is left is a whole store holding this one save, or no file: both read back.
        }
    }

    /// Copies the torn tail beside the store, synced, unless that copy was made already.
    private func keepTornTail() throws(StoreError) {
        guard tornTailCopy == nil else { return }
        let name = try freeCopyName()
        let copy = try fileSystem.createNew(name, permissions: Self.filePermissions)
        do throws(StoreError) {
            try write(tornTail, to: copy, at: 0)
            try fileSystem.synchronize(copy)
            try fileSystem.close(copy)
            try fileSystem.synchronizeDirectory(folder)
        } catch {
            Self.closeQuietly(copy, fileSystem)
            do {
                try fileSystem.removeIfPresent(name)
            } catch {
                // A partial copy beside the store harms nothing; the next attempt makes another.
            }
            throw error
        }
        tornTailCopy = name
        // Not listed yet, the listing finds it; beside a store new at open, it is the only one.
        if keptCopies != nil || !mayHaveKeptCopies { keptCopies = (keptCopies ?? []) + [name] }
    }

    /// `<path>.dropped-<UTC time>`, with `-2`, `-3`, … after it when that name is taken.
    private func freeCopyName() throws(StoreError) -> StorePath {
        let base = path.appending(".dropped-" + Self.timestamp(now()))
        var name = base
        var serial = 1
        while try isTaken(name) {
            serial += 1
            name = base.appending("-\(serial)")
        }
        return name
    }

    private func isTaken(_ name: StorePath) throws(StoreError) -> Bool {
        if try fileSystem.itemExists(name) { return true }
        return try fileSystem.itemExists(name.appending(Self.acknowledgedSuffix))
    }

    /// `20260315T120000Z`: the time in UTC, to the second.
    private static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func digits(_ value: Int?, _ count: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(parts.year, 4) + digits(parts.month, 2) + digits(parts.day, 2) + "T"
            + digits(parts.hour, 2) + digits(parts.minute, 2) + digits(parts.second, 2) + "Z"
    }

    /// Keeps the torn tail's bytes beside the store, then cuts them off.
    private func dropTornTail(of store: FileDescriptor) throws(StoreError) {
        try keepTornTail()
        try fileSystem.truncate(store, to: end)
        tornTail = Data()
        tornTailCopy = nil
    }

    /// Writes `snapshot` (or none) to a new store file, piece by piece after room for the head,
    /// then the head with the snapshot frame's length and checksum, which are known only then.
    ///
    /// - Throws: What a write throws; ``StoreError/ioFailure(file:operation:reason:)`` when the
    ///   pieces do not add up to the snapshot's ``SnapshotSource/byteCount``.
    fileprivate static func writeHeadAndSnapshot(
        _ snapshot: SnapshotSource?, to file: FileDescriptor, schemaVersion: UInt32, lastSequence: UInt64,
        _ fileSystem: any FileSystem
    ) throws(StoreError) {
        let snapshotLength = snapshot?.byteCount ?? 0
        let headSize = JournalFormat.headerSize + JournalFormat.frameHeaderSize
        let journalStart = headSize + snapshotLength
        var checksum = JournalFormat.FrameChecksum(length: UInt32(snapshotLength))
        var offset = headSize
        let wrongSize = StoreError.ioFailure(
            file: file.path, operation: "write a snapshot to",
            reason: "its pieces came to more or fewer than the \(snapshotLength) bytes it announced")
        try snapshot?.write { piece throws(StoreError) in
            guard offset + piece.count <= journalStart else { throw wrongSize }
            checksum.update(piece)
            try write(piece, to: file, at: offset, fileSystem)
            offset += piece.count
        }
        guard offset == journalStart else { throw wrongSize }
        let head = JournalFormat.fileHead(
            snapshotLength: snapshot.map { _ in UInt32(snapshotLength) }, checksum: checksum.value,
            schemaVersion: schemaVersion, lastSequence: lastSequence)
        try write(head, to: file, at: 0, fileSystem)
    }

    /// Writes all of `bytes`, however many calls it takes.
    private func write(_ bytes: Data, to file: FileDescriptor, at offset: Int) throws(StoreError) {
        try Self.write(bytes, to: file, at: offset, fileSystem)
    }

    /// Writes all of `bytes` with `fileSystem`, however many calls it takes.
    fileprivate static func write(
        _ bytes: Data, to file: FileDescriptor, at offset: Int, _ fileSystem: any FileSystem
    ) throws(StoreError) {
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
    /// a partial record at the end, which the next open drops as a torn tail (keeping its bytes);
    /// or, when only the sync failed, a whole record that may survive.
    private func cutOffFailedAppend(_ store: FileDescriptor) {
        do {
            try fileSystem.truncate(store, to: end)
            try fileSystem.synchronizeData(store)
        } catch {
            // See above: nothing more can be done, and the caller hears of the original failure.
        }
    }

    /// Takes back a whole record whose sync failed, so that the failure reported is true: cuts
    /// it off and syncs; failing that, writes it again with a checksum that cannot match, so
    /// that it reads as a torn last record (kept beside the store and announced, never
    /// replayed), and syncs.
    /// - Returns: The error to report: `syncFailure` once the record is taken back, else
    ///   ``StoreError/saveNotConfirmed(file:reason:)``, since the record may then survive.
    private func takeBack(_ frame: Data, from store: FileDescriptor, syncFailure: StoreError) -> StoreError {
        do throws(StoreError) {
            try fileSystem.truncate(store, to: end)
            try fileSystem.synchronizeData(store)
            return syncFailure
        } catch {
            var spoiled = frame
            for index in 4..<JournalFormat.frameHeaderSize { spoiled[spoiled.startIndex + index] ^= 0xFF }
            do throws(StoreError) {
                try write(spoiled, to: store, at: end)
                try fileSystem.synchronizeData(store)
                return syncFailure
            } catch let spoilFailure {
                return .saveNotConfirmed(
                    file: path.description,
                    reason: "\(syncFailure.summary); cutting it off failed (\(error.summary)), "
                        + "and so did marking it unreadable (\(spoilFailure.summary))"
                )
            }
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
    static func closeQuietly(_ file: FileDescriptor, _ fileSystem: any FileSystem) {
        do {
            try fileSystem.close(file)
        } catch {
            // Nothing depends on it: the data was synced, and the descriptor is released anyway.
        }
    }
}

extension StoreError {
    /// What went wrong, without the advice that ends ``description``: to quote inside another message.
    package var summary: String {
        switch self {
        case .unreadable(_, let reason): reason
        case .ioFailure(let file, let operation, let reason): "could not \(operation) \(file): \(reason)"
        default: description
        }
    }
}

@available(*, unavailable, message: "A JournalFile has one owner at a time; keep it in a Mutex or an actor")
extension JournalFile: Sendable {}
