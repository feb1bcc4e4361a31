import Foundation
import ProjectManagerDomain
import Synchronization

/// The durable file store: a snapshot of the whole graph, then an append-only journal with one
/// record per save, in one file (see ``JournalFormat``).
///
/// A save appends one record holding only the changed objects and returns once it is synced, so
/// its cost does not grow with the store. When the journal outgrows the snapshot (and a floor),
/// the store writes a new snapshot beside the file and renames it into place; a save so large
/// that its record alone would bring that about writes the snapshot instead. Opening takes the
/// store's lock; a second writer gets ``StoreError/locked(file:)``.
final class JournalStore: PersistentStore {
    /// How the store opens its file.
    enum Access: Sendable {
        /// Locked against other writers, written on every save.
        case readWrite
        /// Read once at ``load(schema:undoLimit:)``: no lock, no write; saves throw.
        case readOnly
    }

    let url: URL
    let access: Access
    private let fileSystem: any FileSystem
    private let compactionFloor: Int
    /// The number of objects from which an entity's snapshot objects are read in place.
    private let inPlaceThreshold: Int

    /// The snapshot size from which its frame checksum is not computed at open (its parts are
    /// checked as they are read instead): 1 MiB, unless nothing is read in place.
    private var deferredChecksumFrom: Int { inPlaceThreshold == .max ? .max : 1 << 20 }
    private let now: @Sendable () -> Date
    /// The open journal; set by ``load(schema:undoLimit:)`` for a writer. Only the owning context
    /// calls the store, one save at a time under its save lock, so this lock is never contended.
    private let journal = Mutex<JournalFile?>(nil)
    private let notes = Mutex(Notes())
    /// The journal size from which a save starts a compaction beside the saves (see
    /// ``backgroundCompactionThreshold(snapshotBytes:floor:)``); `nil`: never, saves compact in
    /// their own time only.
    private let backgroundCompactionFloor: Int?
    /// The compaction running beside the saves, if one is.
    private let background = DispatchGroup()
    /// The journal size under which no compaction is started beside the saves after one failed:
    /// a full disk is not tried again at every save.
    private let backgroundRetryFrom = Mutex(0)

    /// What the store tells besides the journal's own warnings.
    private struct Notes {
        /// A reader's warnings, as its one read found them.
        var readWarnings: [StoreWarning] = []
        /// Whether a reader still has to list its folder for the copies of dropped bytes, which
        /// its read left out (it costs in proportion to the folder); listed, they join
        /// ``readWarnings``.
        var readKeptCopiesPending = false
        /// The last compaction after a save failed, and no later one succeeded.
        var compactionFailure: StoreWarning?
        /// The last compaction beside the saves failed, and no compaction succeeded since: kept
        /// through the saves that follow, which do not try again at once.
        var backgroundFailure: StoreWarning?
        /// The compaction as the store last closed failed (noted beside it), and none succeeded since.
        var closingFailure: StoreWarning?
        /// ``close()`` was called.
        var isClosed = false
    }

    init(
        url: URL, access: Access = .readWrite, fileSystem: any FileSystem = POSIXFileSystem(),
        compactionFloor: Int = JournalFile.defaultCompactionFloor, now: @escaping @Sendable () -> Date = Date.init,
        inPlaceThreshold: Int = BinaryStoreCoding.defaultInPlaceThreshold, backgroundCompactionFloor: Int? = nil
    ) {
        self.inPlaceThreshold = inPlaceThreshold
        self.backgroundCompactionFloor = backgroundCompactionFloor
        self.url = url
        self.access = access
        self.fileSystem = fileSystem
        self.compactionFloor = compactionFloor
        self.now = now
    }

    /// The store file for messages: its path, any byte that is not UTF-8 as `\xHH`.
    var location: String { StorePath(fileURL: url)?.description ?? url.absoluteString }

    /// What the user should hear about now: a torn last record left out, copies of dropped bytes
    /// not acknowledged, and a compaction that failed after a save that succeeded.
    var warnings: [StoreWarning] {
        let notes = notes.withLock { notes in
            // Listed once; a folder that cannot be listed is tried again at the next call.
            if notes.readKeptCopiesPending, !notes.isClosed,
                let kept = JournalFile.keptCopyWarnings(besideStoreAt: url, fileSystem: fileSystem)
            {
                notes.readWarnings += kept
                notes.readKeptCopiesPending = false
            }
            return notes
        }
        guard !notes.isClosed else { return [] }
        let journalWarnings = journal.withLock { $0?.warnings } ?? notes.readWarnings
        return journalWarnings
            + [notes.compactionFailure, notes.backgroundFailure, notes.closingFailure].compactMap { $0 }
    }

    /// The size of the journal after the snapshot, in bytes.
    var journalBytes: Int { journal.withLock { $0?.journalBytes ?? 0 } }

    func load(schema: Schema, undoLimit: Int) throws(StoreError) -> StoreContents {
        if access == .readOnly {
            let stored = try JournalFile.read(
                at: url, newStoreSchemaVersion: UInt32(schema.version), fileSystem: fileSystem,
                deferringSnapshotChecksumFrom: deferredChecksumFrom, listingKeptCopies: false)
            let (contents, _) = try read(stored, schema: schema, undoLimit: undoLimit)
            let closing = closingFailure()
            notes.withLock { notes in
                notes.readWarnings = stored.warnings + (closing.map { [$0] } ?? [])
                notes.readKeptCopiesPending = !stored.keptCopiesListed
            }
            return contents
        }
        return try journal.withLock { slot throws(StoreError) -> StoreContents in
            let (file, stored) = try JournalFile.open(
                at: url, newStoreSchemaVersion: UInt32(schema.version), fileSystem: fileSystem, now: now,
                deferringSnapshotChecksumFrom: deferredChecksumFrom)
            file.compactionFloor = compactionFloor
            do throws(StoreError) {
                let (contents, migrated) = try read(stored, schema: schema, undoLimit: undoLimit)
                // An older schema, or a file of format 1 (JSON), is rewritten in the current ones.
                if migrated || stored.formatVersion != JournalFormat.version {
                    try file.compact(try snapshot(of: contents), schemaVersion: UInt32(schema.version))
                    forgetClosingFailure()
                }
                // A compaction that failed as the store last closed is this open's to report.
                let closing = closingFailure()
                notes.withLock { $0.closingFailure = closing }
                slot = file
                return contents
            } catch {
                file.close()
                throw error
            }
        }
    }

    /// Decodes the snapshot and replays the records, migrating them first when they are older.
    private func read(
        _ stored: JournalContents, schema: Schema, undoLimit: Int, inPlace: Bool = true
    ) throws(StoreError) -> (StoreContents, migrated: Bool) {
        let version = Int(stored.schemaVersion)
        guard version <= schema.version else {
            throw .newerSchema(file: location, found: version, supported: schema.version)
        }
        guard let steps = schema.migrations(from: version) else {
            throw .unreadable(
                file: location, reason: "no migration from schema version \(version) to \(schema.version)")
        }
        if stored.formatVersion == JournalFormat.firstVersion {
            return (try readJSON(stored, schema: schema, undoLimit: undoLimit, steps: steps), !steps.isEmpty)
        }
        // The undo history is decoded when first used, unless the whole file is being checked.
        let (contents, olderLayout) = try readBinary(
            stored, schema: schema, undoLimit: undoLimit, steps: steps,
            inPlaceThreshold: inPlace ? inPlaceThreshold : .max, undoOnFirstUse: inPlace)
        if stored.isMapped, let snapshot = stored.snapshot {
            // What opening read of the mapped file (a few parts, but the system maps whole runs
            // of pages around each) is let go: the tables read what they need again.
            fileSystem.releasePages(of: snapshot)
        }
        return (contents, !steps.isEmpty || olderLayout)
    }

    /// Reads a store of format 1: a JSON snapshot and JSON records, migrated as JSON documents.
    private func readJSON(
        _ stored: JournalContents, schema: Schema, undoLimit: Int, steps: [SchemaMigration]
    ) throws(StoreError) -> StoreContents {
        var contents = StoreContents(graph: ObjectGraph(schema: schema), undo: UndoStack(limit: undoLimit))
        if var snapshot = stored.snapshot {
            if !steps.isEmpty {
                snapshot = try migrated(snapshot, what: "snapshot") {
                    try StoredJSONMigration.migrateDocument($0, with: steps)
                }
            }
            contents = try GraphDocument.decode(snapshot, schema: schema, undoLimit: undoLimit, file: location)
        }
        var commits: [StoreCommit] = []
        commits.reserveCapacity(stored.records.count)
        for (index, record) in stored.records.enumerated() {
            var data = record
            if !steps.isEmpty {
                data = try migrated(data, what: "record \(index + 1) of the journal") {
                    try StoredJSONMigration.migrateRecord($0, with: steps)
                }
            }
            let commit: StoreCommit
            do {
                commit = try GraphDocument.decodeJSON(StoreCommit.self, from: data, schema: schema, file: location)
            } catch {
                throw .unreadable(file: location, reason: "record \(index + 1) of the journal: \(error.summary)")
            }
            commits.append(commit)
        }
        contents.apply(JournalReplay(commits))
        contents.undo.trimToLimit()
        return contents
    }

    /// Reads a store of the current format: the binary snapshot and records.
    ///
    /// The built-in entities read every coding version they wrote (``BinaryEntity``); the schema
    /// migrations apply to the objects of other entities, stored as JSON.
    private func readBinary(
        _ stored: JournalContents, schema: Schema, undoLimit: Int, steps: [SchemaMigration], inPlaceThreshold: Int,
        undoOnFirstUse: Bool
    ) throws(StoreError) -> (StoreContents, olderLayout: Bool) {
        var contents = StoreContents(graph: ObjectGraph(schema: schema), undo: UndoStack(limit: undoLimit))
        var olderLayout = false
        // The journal first: a table many of whose objects it changes is better read whole.
        var commits: [StoreCommit] = []
        commits.reserveCapacity(stored.records.count)
        for (index, record) in stored.records.enumerated() {
            commits.append(
                try decoded("record \(index + 1) of the journal") {
                    try BinaryStoreCoding.decodeRecord(record, schema: schema, steps: steps)
                })
        }
        let replay = JournalReplay(commits)
        commits = []
        if let snapshot = stored.snapshot {
            // A snapshot whose frame checksum was left unchecked is checked in parts: layout 2
            // by its blocks and the checksum of the rest; an older layout, read whole, here.
            if let checksum = stored.uncheckedSnapshotChecksum,
                snapshot.first != UInt8(BinaryStoreCoding.snapshotLayout)
            {
                let actual = snapshot.withUnsafeBytes {
                    JournalFormat.checksum(length: UInt32(snapshot.count), payload: $0)
                }
                guard actual == checksum else {
                    throw .damaged(
                        file: location, offset: JournalFormat.headerSize,
                        reason: "the snapshot has a checksum that does not match")
                }
            }
            (contents, olderLayout) = try decoded("the snapshot") {
                try BinaryStoreCoding.decodeSnapshot(
                    snapshot, schema: schema, undoLimit: undoLimit, steps: steps, inPlaceThreshold: inPlaceThreshold,
                    checkingRest: stored.uncheckedSnapshotChecksum != nil,
                    file: stored.isMapped ? stored.reader.map { ($0, snapshot.startIndex) } : nil,
                    undoOnFirstUse: undoOnFirstUse, readsWhole: replay.readsWhole)
            }
        }
        contents.apply(replay)
        contents.undo.trimToLimit()
        return (contents, olderLayout)
    }

    /// What `decode` returns; its failure as ``StoreError/unreadable(file:reason:)`` naming `what`.
    private func decoded<T>(_ what: String, _ decode: () throws -> T) throws(StoreError) -> T {
        do {
            return try decode()
        } catch let error as DecodingError {
            throw .unreadable(file: location, reason: "\(what): \(GraphDocument.describe(error))")
        } catch {
            throw .unreadable(file: location, reason: "\(what): \(error)")
        }
    }

    private func migrated(_ data: Data, what: String, _ migrate: (Data) throws -> Data) throws(StoreError) -> Data {
        do {
            return try migrate(data)
        } catch {
            let reason = (error as? DecodingError).map(GraphDocument.describe) ?? "\(error)"
            throw .unreadable(file: location, reason: "cannot migrate the \(what): \(reason)")
        }
    }

    /// The number of changes from which ``save(_:contents:)`` estimates a record's size from a
    /// sample of them before encoding it.
    static let recordSampleSize = 64

    /// Appends the save's record, then compacts when the journal outgrew the snapshot.
    ///
    /// Once the record is durable the save has succeeded: a compaction that fails after it is
    /// kept as a ``StoreWarning/compactionFailed(reason:)`` warning and tried again by the next
    /// save. A commit large enough that its record would make the journal due for compaction (an
    /// import) is not appended: the store writes the snapshot it would compact to straight away,
    /// instead of encoding and writing the changes once as a record and then again in the
    /// snapshot, and without making the save's list of changes; if that fails before its rename,
    /// the record is appended after all. Its size is estimated from a sample of
    /// ``recordSampleSize`` changes.
    /// - Throws: ``StoreError/readOnly(file:)``, ``StoreError/closed(file:)``, or what the append
    ///   throws; the store is then as it was.
    /// - Complexity: O(*c*) for *c* changes; O(*n*) for *n* objects when it compacts.
    func save(_ save: StoreSave, contents: StoreContents) throws(StoreError) {
        guard access == .readWrite else { throw .readOnly(file: location) }
        let next = try journal.withLock { slot throws(StoreError) -> AfterSave in
            guard let journal = slot else { throw .closed(file: location) }
            let schemaVersion = UInt32(contents.graph.schema.version)
            if save.count > Self.recordSampleSize,
                journal.shouldCompact(afterAppending: try estimatedRecordSize(of: save))
            {
                // (A compaction beside the saves is abandoned: this snapshot holds everything.)
                try journal.save(
                    snapshot: { () throws(StoreError) in try snapshot(of: contents) }, schemaVersion: schemaVersion,
                    record: { () throws(StoreError) in try encodeRecord(save.commit) })
            } else {
                try journal.append(try encodeRecord(save.commit))
            }
            // Saved: whatever follows is a compaction, whose failure is a warning, never the save's.
            if journal.isCompactingDetached { return journal.shouldCompact ? .compactAfterBackground : .nothing }
            if journal.shouldCompact {
                compactNow(journal, contents)
                return .nothing
            }
            // A snapshot in place whose folder could not be synced is still worth a word.
            let unsynced = journal.replacementSyncFailure
            notes.withLock { $0.compactionFailure = unsynced.map { .compactionFailed(reason: $0.summary) } }
            guard wantsBackgroundCompaction(journal) else { return .nothing }
            do throws(StoreError) {
                return try journal.beginDetachedCompaction().map { .startBackground($0) } ?? .nothing
            } catch {
                backgroundCompactionFailed(error, journal)
                return .nothing
            }
        }
        switch next {
        case .nothing:
            break
        case .startBackground(let compaction):
            startBackgroundCompaction(compaction, contents: contents)
        case .compactAfterBackground:
            // The journal outgrew its snapshot while one was written beside the saves (a burst of
            // large saves): once it is in place, compact now if that is still so.
            waitForBackgroundCompaction()
            journal.withLock { slot in
                if let journal = slot, journal.shouldCompact { compactNow(journal, contents) }
            }
        }
    }

    /// What a save leaves to do once the journal is let go.
    private enum AfterSave {
        case nothing
        case startBackground(JournalFile.DetachedCompaction)
        case compactAfterBackground
    }

    /// Compacts in the save's own time; a failure is a warning, and the next save tries again.
    private func compactNow(_ journal: JournalFile, _ contents: StoreContents) {
        do throws(StoreError) {
            try journal.compact(try snapshot(of: contents), schemaVersion: UInt32(contents.graph.schema.version))
            notes.withLock { ($0.compactionFailure, $0.backgroundFailure) = (nil, nil) }
            forgetClosingFailure()
        } catch {
            notes.withLock { $0.compactionFailure = .compactionFailed(reason: error.summary) }
        }
    }

    // MARK: - Compacting beside the saves

    /// The journal size past which a save starts a compaction beside the saves: a 512th of the
    /// snapshot, and at least `floor`.
    ///
    /// Opening replays the journal at 60-110 ns a byte (100,000 cards: a 512th of their
    /// snapshot, 55 KiB, in about 4 ms), while a compaction rewrites the whole snapshot: a 512th
    /// keeps the replay to a few milliseconds up to a million cards, and the compactions to one
    /// per couple of hundred one-card saves (a 28 MiB snapshot at 100,000 cards for 55 KiB of
    /// journal).
    static func backgroundCompactionThreshold(snapshotBytes: Int, floor: Int) -> Int {
        max(floor, snapshotBytes / 512)
    }

    /// The floor of ``backgroundCompactionThreshold(snapshotBytes:floor:)`` that a store opened
    /// through ``StoreDescription/file(_:)`` uses: 16 KiB, which a store of 1,000 cards replays in
    /// about 2 ms, and whose snapshot (300 KiB) it rewrites in about 10.
    static let defaultBackgroundCompactionFloor = 16 << 10

    private func wantsBackgroundCompaction(_ journal: JournalFile) -> Bool {
        guard let floor = backgroundCompactionFloor else { return false }
        let bytes = journal.journalBytes
        return bytes > Self.backgroundCompactionThreshold(snapshotBytes: journal.snapshotBytes, floor: floor)
            && bytes >= backgroundRetryFrom.withLock { $0 }
    }

    /// Writes the snapshot of `contents` (every save up to the compaction's) on a thread of its
    /// own, then puts it in place with the records saved meanwhile.
    ///
    /// `contents` is a value: the saves that follow change their own copy, and the one written
    /// stays as it was (rows read in place from the old file are read from its mapping, which
    /// stays valid after the rename).
    private func startBackgroundCompaction(_ compaction: JournalFile.DetachedCompaction, contents: StoreContents) {
        background.enter()
        let thread = Thread { [self] in
            defer { background.leave() }
            let written = Result { () throws(StoreError) -> Int in
                try compaction.writeSnapshot(try snapshot(of: contents))
            }
            journal.withLock { slot in
                guard let journal = slot else { return compaction.discard() }
                do throws(StoreError) {
                    // Abandoned (a snapshot saved in the saves' own time replaced the file, or
                    // the journal closed): nothing to tell.
                    guard try journal.finishDetachedCompaction(compaction, snapshotLength: written) else { return }
                    notes.withLock { ($0.compactionFailure, $0.backgroundFailure) = (nil, nil) }
                    backgroundRetryFrom.withLock { $0 = 0 }
                    forgetClosingFailure()
                } catch {
                    backgroundCompactionFailed(error, journal)
                }
            }
        }
        thread.name = "ProjectManager compaction"
        thread.start()
    }

    /// Notes a compaction beside the saves that failed, and waits for the journal to grow by
    /// another threshold before the next.
    private func backgroundCompactionFailed(_ error: StoreError, _ journal: JournalFile) {
        notes.withLock { $0.backgroundFailure = .compactionFailed(reason: error.summary) }
        let floor = backgroundCompactionFloor ?? 0
        backgroundRetryFrom.withLock {
            $0 =
                journal.journalBytes
                + Self.backgroundCompactionThreshold(snapshotBytes: journal.snapshotBytes, floor: floor)
        }
    }

    /// How many compactions beside the saves were begun since the store opened.
    var compactionsBegunBeside: Int { journal.withLock { $0?.detachedCompactionsBegun ?? 0 } }

    /// Returns once no compaction runs beside the saves. Never called with the journal's lock
    /// held: the compaction takes it to finish.
    func waitForBackgroundCompaction() {
        background.wait()
    }

    /// Rewrites the store as one snapshot of `contents` now.
    /// - Throws: ``StoreError/readOnly(file:)``, ``StoreError/closed(file:)``, or what the
    ///   compaction throws; the old file is then as it was.
    func compact(_ contents: StoreContents) throws(StoreError) {
        guard access == .readWrite else { throw .readOnly(file: location) }
        waitForBackgroundCompaction()
        try journal.withLock { slot throws(StoreError) in
            guard let journal = slot else { throw .closed(file: location) }
            try journal.compact(try snapshot(of: contents), schemaVersion: UInt32(contents.graph.schema.version))
            notes.withLock { ($0.compactionFailure, $0.backgroundFailure) = (nil, nil) }
        }
        forgetClosingFailure()
    }

    /// Compacts as the store closes. A failure (a full disk) is written beside the store, in
    /// ``closingFailureFile``, for the next open to report as
    /// ``StoreWarning/compactionFailed(reason:)``: the store is whole, and its next open replays
    /// the journal the compaction would have folded in.
    func compactClosing(_ contents: StoreContents) {
        do throws(StoreError) {
            try compact(contents)
        } catch {
            // Best effort: the disk that refused the snapshot may refuse these bytes too.
            let text = "when the store was last closed: \(error.summary)"
            let file = closingFailureFile
            if FileManager.default.createFile(
                atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
            {
                _ = try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            }
        }
    }

    /// Where a compaction that failed as the store closed is noted, beside the store file.
    var closingFailureFile: URL { URL(fileURLWithPath: url.path + ".compaction-failed") }

    /// The failure of the compaction as the store last closed, if one is noted.
    private func closingFailure() -> StoreWarning? {
        guard let data = FileManager.default.contents(atPath: closingFailureFile.path) else { return nil }
        let reason = String(decoding: data.prefix(1_000), as: UTF8.self)
        return .compactionFailed(reason: reason.isEmpty ? "when the store was last closed" : reason)
    }

    /// Forgets the failure of the compaction as the store last closed: a later one succeeded.
    private func forgetClosingFailure() {
        let noted = notes.withLock { notes in
            defer { notes.closingFailure = nil }
            return notes.closingFailure != nil
        }
        if noted { try? FileManager.default.removeItem(at: closingFailureFile) }
    }

    /// Drops a torn last record now (keeping its bytes beside the store), marks every kept copy
    /// acknowledged, and forgets a failed compaction's warning: ``warnings`` is empty afterwards.
    func acknowledgeWarnings() throws(StoreError) {
        guard access == .readWrite else { throw .readOnly(file: location) }
        waitForBackgroundCompaction()
        try journal.withLock { slot throws(StoreError) in
            guard let journal = slot else { throw .closed(file: location) }
            try journal.acknowledgeWarnings()
            notes.withLock { ($0.compactionFailure, $0.backgroundFailure) = (nil, nil) }
        }
        forgetClosingFailure()
    }

    /// Reads the file again, as a reader would, and checks it whole against `schema`.
    func check(schema: Schema) -> StoreCheck {
        let stored: JournalContents
        do {
            stored = try JournalFile.read(
                at: url, newStoreSchemaVersion: UInt32(schema.version), fileSystem: fileSystem)
        } catch {
            return StoreCheck(file: location, problems: [error.description])
        }
        let contents: StoreContents
        do {
            (contents, _) = try read(stored, schema: schema, undoLimit: Int.max, inPlace: false)
        } catch {
            return StoreCheck(file: location, records: stored.records.count, problems: [error.description])
        }
        return StoreCheck(
            file: location, records: stored.records.count, contents: contents,
            warnings: access == .readWrite ? warnings : stored.warnings)
    }

    var isClosed: Bool { notes.withLock { $0.isClosed } }

    /// The journal size past which ``wantsCompactionOnClose`` is `true`: 64 KiB, or a 1,024th of
    /// the snapshot when that is more.
    ///
    /// Replaying a journal over rows read in place costs tens of microseconds a changed object;
    /// rewriting the snapshot costs in proportion to the store. 64 KiB bounds the replay to a few
    /// milliseconds, and a 1,024th keeps a process that opens, saves once and closes (as `pm`
    /// does) from rewriting a very large store every few hundred saves.
    static let closeCompactionThreshold = 64 << 10

    /// Waits for a compaction running beside the saves first: the journal it leaves is the one to judge.
    var wantsCompactionOnClose: Bool {
        guard access == .readWrite, !isClosed else { return false }
        waitForBackgroundCompaction()
        let (journal, snapshot) = self.journal.withLock { ($0?.journalBytes ?? 0, $0?.snapshotBytes ?? 0) }
        return journal > max(Self.closeCompactionThreshold, snapshot / 1_024)
    }

    /// Releases the file and its lock once a compaction running beside the saves is in place;
    /// later saves throw ``StoreError/closed(file:)``.
    func close() {
        waitForBackgroundCompaction()
        journal.withLock { slot in
            slot?.close()
            slot = nil
        }
        notes.withLock { $0.isClosed = true }
    }

    private func encodeRecord(_ commit: StoreCommit) throws(StoreError) -> Data {
        do {
            return try BinaryStoreCoding.encodeRecord(commit)
        } catch {
            throw .ioFailure(file: location, operation: "encode a save for", reason: "\(error)")
        }
    }

    /// The size of the save's record, extrapolated from the record of its first
    /// ``recordSampleSize`` changes.
    private func estimatedRecordSize(of save: StoreSave) throws(StoreError) -> Int {
        let sample = save.commit(limit: Self.recordSampleSize)
        let sampleSize = try encodeRecord(sample).count
        return sampleSize * save.count / max(sample.changes.count, 1)
    }

    /// The snapshot of `contents`, measured, for the journal to write in pieces.
    ///
    /// - Throws: ``StoreError/damaged(file:offset:reason:)`` when rows read in place from the
    ///   file were found damaged: a snapshot without them would lose them.
    private func snapshot(of contents: StoreContents) throws(StoreError) -> SnapshotSource {
        // Every block of the rows still read in place is checked first: a snapshot written
        // without rows it could not read would lose them.
        if let damage = contents.graph.verifyStoredRows() {
            throw .damaged(file: location, offset: JournalFormat.headerSize, reason: damage)
        }
        let payload: BinaryStoreCoding.SnapshotPayload
        do {
            payload = try BinaryStoreCoding.SnapshotPayload(contents)
        } catch {
            throw .ioFailure(file: location, operation: "encode a snapshot of", reason: "\(error)")
        }
        return SnapshotSource(byteCount: payload.byteCount) { piece throws(StoreError) in try payload.write(to: piece) }
    }

    deinit {
        journal.withLock { $0?.close() }
    }
}
