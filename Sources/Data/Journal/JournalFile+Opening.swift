import Foundation
import ProjectManagerDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension JournalFile {
    // MARK: - Opening

    /// Locks the store at `url` and reads it.
    ///
    /// - Parameters:
    ///   - url: The store file. Neither it nor its folder need exist.
    ///   - newStoreSchemaVersion: The schema version to write in the header if this instance
    ///     creates the file; an existing file keeps its own.
    ///   - fileSystem: The system calls to use; tests pass one that fails on demand.
    ///   - now: The clock that names copies of dropped bytes.
    /// - Returns: The open journal, and what the file holds.
    /// - Throws: ``StoreError/locked(file:)`` when another open holds the lock;
    ///   ``StoreError/lockFileIsLink(file:)``; ``StoreError/unreadable(file:reason:)``,
    ///   ``StoreError/damaged(file:offset:reason:)`` or
    ///   ``StoreError/newerFormat(file:found:supported:)`` when the file cannot be read, which is
    ///   then left untouched; ``StoreError/ioFailure(file:operation:reason:)`` when a system call fails.
    /// - Complexity: O(*n*) over the file's size.
    package static func open(
        at url: URL,
        newStoreSchemaVersion: UInt32,
        fileSystem: some FileSystem = POSIXFileSystem(),
        now: @escaping @Sendable () -> Date = Date.init,
        deferringSnapshotChecksumFrom deferredFrom: Int = .max
    ) throws(StoreError) -> (JournalFile, JournalContents) {
        try open(
            at: try storePath(of: url), newStoreSchemaVersion: newStoreSchemaVersion, fileSystem: fileSystem, now: now,
            deferringSnapshotChecksumFrom: deferredFrom)
    }

    /// Locks the store at `givenPath`, its bytes as they are, and reads it; see
    /// ``open(at:newStoreSchemaVersion:fileSystem:now:)-(URL,_,_,_)``.
    package static func open(
        at givenPath: StorePath,
        newStoreSchemaVersion: UInt32,
        fileSystem: some FileSystem = POSIXFileSystem(),
        now: @escaping @Sendable () -> Date = Date.init,
        deferringSnapshotChecksumFrom deferredFrom: Int = .max
    ) throws(StoreError) -> (JournalFile, JournalContents) {
        let path = try fileSystem.resolvingLinks(givenPath)
        let lockPath = lockFile(forStoreAt: path)
        var lock = try fileSystem.openLockFile(lockPath, create: false, permissions: filePermissions)
        if lock == nil, try fileSystem.itemExists(path) {
            // Something that is not a store file (a FIFO, a folder) is refused before a lock file
            // is made beside it.
            if let probe = try fileSystem.openForReading(path) { closeQuietly(probe, fileSystem) }
            lock = try fileSystem.openLockFile(lockPath, create: true, permissions: filePermissions)
        }
        do throws(StoreError) {
            if let lock { guard try fileSystem.lockExclusively(lock) else { throw .locked(file: path.description) } }
            let (disk, file, layout) = try readStoreFile(
                at: path, fileSystem: fileSystem, deferringSnapshotChecksumFrom: deferredFrom)
            let bytes = file.bytes
            if lock == nil, case .created(let store) = disk {
                // It appeared between the look and the read: another process is creating it.
                closeQuietly(store, fileSystem)
                throw .locked(file: path.description)
            }
            let journal = JournalFile(
                givenPath: givenPath, path: path, fileSystem: fileSystem, now: now, lock: lock, disk: disk,
                schemaVersion: layout?.schemaVersion ?? newStoreSchemaVersion, layout: layout, bytes: bytes
            )
            // The kept copies are the journal's to find when its warnings are asked for.
            var contents = JournalContents(
                layout, in: bytes, newStoreSchemaVersion: newStoreSchemaVersion, keptCopies: [])
            contents.isMapped = file.isMapped
            contents.reader = file.reader
            return (journal, contents)
        } catch {
            if let lock { closeQuietly(lock, fileSystem) }
            throw error
        }
    }

    /// The times a reader reads the file again when it ends in a torn record, 1 ms apart: a
    /// writer appending at that moment has finished by then, and a crash's tail stays.
    static let readAttempts = 3

    /// Reads the store at `url` without opening it for writing: no lock is taken or created,
    /// nothing is written, and a file the process may read but not write opens.
    ///
    /// A writer may be at work meanwhile: the file is opened once, so a compaction's rename
    /// shows the old file or the new one, whole; a record being appended at that moment is left
    /// out, as if it came just after the read.
    ///
    /// With `listingKeptCopies` `false`, the folder is not listed for the copies of dropped bytes
    /// (their warnings are left out, and ``JournalContents/keptCopiesListed`` is `false` when the
    /// file exists): ``keptCopyWarnings(besideStoreAt:fileSystem:)`` finds them when asked.
    /// - Throws: as ``open(at:newStoreSchemaVersion:fileSystem:now:)``, except
    ///   ``StoreError/locked(file:)``.
    /// - Complexity: O(*n*) over the file's size.
    package static func read(
        at url: URL, newStoreSchemaVersion: UInt32, fileSystem: some FileSystem = POSIXFileSystem(),
        deferringSnapshotChecksumFrom deferredFrom: Int = .max, listingKeptCopies: Bool = true
    ) throws(StoreError) -> JournalContents {
        try read(
            at: try storePath(of: url), newStoreSchemaVersion: newStoreSchemaVersion, fileSystem: fileSystem,
            deferringSnapshotChecksumFrom: deferredFrom, listingKeptCopies: listingKeptCopies)
    }

    /// The warnings for the copies of dropped bytes beside the store at `url` that are not
    /// acknowledged; `nil` when its folder cannot be listed.
    /// - Complexity: O(*n*) over the names in the store's folder.
    package static func keptCopyWarnings(besideStoreAt url: URL, fileSystem: some FileSystem = POSIXFileSystem())
        -> [StoreWarning]?
    {
        guard let path = try? fileSystem.resolvingLinks(storePath(of: url)),
            let copies = try? keptCopies(beside: path, fileSystem)
        else { return nil }
        return JournalContents.warnings(tornTailAt: 0, bytes: 0, keptCopies: copies)
    }

    /// Reads the store at `givenPath`, its bytes as they are, without opening it for writing; see
    /// ``read(at:newStoreSchemaVersion:fileSystem:)-(URL,_,_)``.
    package static func read(
        at givenPath: StorePath, newStoreSchemaVersion: UInt32, fileSystem: some FileSystem = POSIXFileSystem(),
        deferringSnapshotChecksumFrom deferredFrom: Int = .max, listingKeptCopies: Bool = true
    ) throws(StoreError) -> JournalContents {
        let path = try fileSystem.resolvingLinks(givenPath)
        var attempt = 1
        while true {
            guard let file = try fileSystem.openForReading(path) else {
                return JournalContents(nil, in: Data(), newStoreSchemaVersion: newStoreSchemaVersion, keptCopies: [])
            }
            let bytes: Data
            let isMapped: Bool
            let reader: Int32?
            do throws(StoreError) {
                (bytes, isMapped, reader) = try fileSystem.mapAll(file)
            } catch {
                closeQuietly(file, fileSystem)
                throw error
            }
            closeQuietly(file, fileSystem)
            let layout =
                bytes.isEmpty ? nil : try decode(bytes, file: path, deferringSnapshotChecksumFrom: deferredFrom)
            if let layout, layout.tornTailSize > 0, attempt < readAttempts {
                attempt += 1
                usleep(1_000)
                continue
            }
            let kept = listingKeptCopies ? try keptCopies(beside: path, fileSystem) : []
            var contents = JournalContents(
                layout, in: bytes, newStoreSchemaVersion: newStoreSchemaVersion, keptCopies: kept)
            contents.keptCopiesListed = listingKeptCopies
            contents.isMapped = isMapped
            contents.reader = reader
            return contents
        }
    }

    /// The bytes of a file URL's path, percent-encoded bytes decoded as they are.
    package static func storePath(of url: URL) throws(StoreError) -> StorePath {
        guard let path = StorePath(fileURL: url) else {
            throw .unreadable(file: url.absoluteString, reason: "it is not a file URL")
        }
        return path
    }

    /// Opens and reads the store file; the layout is `nil` when the file is missing or empty.
    private static func readStoreFile(
        at path: StorePath, fileSystem: any FileSystem, deferringSnapshotChecksumFrom deferredFrom: Int
    ) throws(StoreError) -> (Disk, (bytes: Data, isMapped: Bool, reader: Int32?), JournalFormat.Layout?) {
        guard let store = try fileSystem.openExisting(path) else {
            return (.notCreated(empty: nil), (Data(), false, nil), nil)
        }
        do throws(StoreError) {
            let file = try fileSystem.mapAll(store)
            if file.bytes.isEmpty { return (.notCreated(empty: store), file, nil) }
            return (
                .created(store), file, try decode(file.bytes, file: path, deferringSnapshotChecksumFrom: deferredFrom)
            )
        } catch {
            closeQuietly(store, fileSystem)
            throw error
        }
    }

    /// Finds the parts of a non-empty store file, and refuses one that holds no whole save.
    private static func decode(
        _ bytes: Data, file path: StorePath, deferringSnapshotChecksumFrom deferredFrom: Int
    ) throws(StoreError) -> JournalFormat.Layout {
        let layout = try bytes.withUnsafeBytes { buffer in
            Result { () throws(StoreError) in
                try JournalFormat.read(buffer, file: path.description, deferringSnapshotChecksumFrom: deferredFrom)
            }
        }.get()
        // A store is created with its first save, so a header with no snapshot and no whole record
        // after it is the start of a store cut short (or of one written by an engine before that
        // rule), never an empty board: even when the cut falls just after the snapshot's frame.
        if layout.snapshot == nil, layout.records.isEmpty {
            throw .unreadable(
                file: path.description,
                reason: "it holds the first \(bytes.count) bytes of a store and no whole save: "
                    + "a copy cut short, or a first save that never finished"
            )
        }
        return layout
    }

    /// The copies of dropped bytes beside the store that are not acknowledged, oldest first.
    static func keptCopies(beside path: StorePath, _ fileSystem: any FileSystem) throws(StoreError)
        -> [StorePath]
    {
        let folder = path.folder
        let prefix = path.name.appending(".dropped-")
        guard try fileSystem.itemExists(folder) else { return [] }
        return try fileSystem.entries(ofDirectory: folder, startingWith: prefix)
            .filter { !$0.hasSuffix(acknowledgedSuffix) }
            .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
            .map { path.bytes.contains(UInt8(ascii: "/")) ? folder.appending(component: $0) : $0 }
    }
}

extension JournalContents {
    /// The snapshot and records as slices of the file's bytes, which they share: nothing is
    /// copied. A `nil` layout is a new store.
    fileprivate init(
        _ layout: JournalFormat.Layout?, in bytes: Data, newStoreSchemaVersion: UInt32, keptCopies: [StorePath]
    ) {
        func slice(_ range: Range<Int>) -> Data {
            bytes[(bytes.startIndex + range.lowerBound)..<(bytes.startIndex + range.upperBound)]
        }
        self.init(
            schemaVersion: layout?.schemaVersion ?? newStoreSchemaVersion,
            snapshot: layout?.snapshot.map(slice),
            records: layout?.records.map(slice) ?? [],
            warnings: Self.warnings(
                tornTailAt: layout?.end ?? 0, bytes: layout?.tornTailSize ?? 0, keptCopies: keptCopies),
            formatVersion: layout?.formatVersion ?? JournalFormat.version
        )
        uncheckedSnapshotChecksum = layout?.uncheckedSnapshotChecksum
    }

    /// The warnings for a torn tail of `bytes` bytes at `offset` (none when 0), then each copy.
    static func warnings(tornTailAt offset: Int, bytes: Int, keptCopies: [StorePath]) -> [StoreWarning] {
        (bytes == 0 ? [] : [.droppedTornTail(offset: offset, bytes: bytes)])
            + keptCopies.map { .keptDroppedBytes(file: $0.description) }
    }
}
