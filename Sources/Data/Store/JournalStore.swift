import Foundation
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
    let url: URL
    private let fileSystem: any FileSystem
    private let compactionFloor: Int
    /// The open journal; set by ``load(schema:undoLimit:)``. Only the owning context calls the
    /// store, under its own lock, so this lock is never contended.
    private let journal = Mutex<JournalFile?>(nil)
    private let openingWarnings = Mutex<[StoreWarning]>([])

    init(url: URL, fileSystem: any FileSystem = POSIXFileSystem(), compactionFloor: Int = JournalFile.defaultCompactionFloor) {
        self.url = url
        self.fileSystem = fileSystem
        self.compactionFloor = compactionFloor
    }

    var location: String { url.path(percentEncoded: false) }

    /// What opening found and repaired in memory, such as a torn last record it dropped.
    var warnings: [StoreWarning] { openingWarnings.withLock { $0 } }

    /// The size of the journal after the snapshot, in bytes.
    var journalBytes: Int { journal.withLock { $0?.journalBytes ?? 0 } }

    func load(schema: Schema, undoLimit: Int) throws(StoreError) -> StoreContents {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .ioFailure(file: location, operation: "create the folder of", reason: error.localizedDescription)
        }
        return try journal.withLock { slot throws(StoreError) -> StoreContents in
            let (file, stored) = try JournalFile.open(
                at: url, newStoreSchemaVersion: UInt32(schema.version), fileSystem: fileSystem)
            file.compactionFloor = compactionFloor
            do throws(StoreError) {
                let (contents, migrated) = try read(stored, schema: schema, undoLimit: undoLimit)
                if migrated {
                    try file.compact(snapshot: try encode(contents), schemaVersion: UInt32(schema.version))
                }
                openingWarnings.withLock { $0 = stored.warnings }
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
        _ stored: JournalContents, schema: Schema, undoLimit: Int
    ) throws(StoreError) -> (StoreContents, migrated: Bool) {
        let version = Int(stored.schemaVersion)
        guard version <= schema.version else {
            throw .newerFormat(file: location, found: version, supported: schema.version)
        }
        guard let steps = schema.migrations(from: version) else {
            throw .unreadable(file: location, reason: "no migration from schema version \(version) to \(schema.version)")
        }
        var contents = StoreContents(graph: ObjectGraph(schema: schema), undo: UndoStack(limit: undoLimit))
        if var snapshot = stored.snapshot {
            if !steps.isEmpty { snapshot = try migrated(snapshot, what: "snapshot") { try StoredJSONMigration.migrateDocument($0, with: steps) } }
            contents = try GraphDocument.decode(snapshot, schema: schema, undoLimit: undoLimit, file: location)
        }
        for (index, record) in stored.records.enumerated() {
            var data = record
            if !steps.isEmpty { data = try migrated(data, what: "record \(index + 1) of the journal") { try StoredJSONMigration.migrateRecord($0, with: steps) } }
            let commit: StoreCommit
            do {
                commit = try GraphDocument.decodeJSON(StoreCommit.self, from: data, schema: schema, file: location)
            } catch {
                throw .unreadable(file: location, reason: "record \(index + 1) of the journal: \(Self.reason(of: error))")
            }
            contents.apply(commit)
        }
        if contents.undo.undo.count > undoLimit { contents.undo.undo.removeFirst(contents.undo.undo.count - undoLimit) }
        return (contents, !steps.isEmpty)
    }

    private func migrated(_ data: Data, what: String, _ migrate: (Data) throws -> Data) throws(StoreError) -> Data {
        do {
            return try migrate(data)
        } catch {
            let reason = (error as? DecodingError).map(GraphDocument.describe) ?? "\(error)"
            throw .unreadable(file: location, reason: "cannot migrate the \(what): \(reason)")
        }
    }

    private static func reason(of error: StoreError) -> String {
        if case .unreadable(_, let reason) = error { reason } else { error.description }
    }

    /// The number of changes from which ``save(_:contents:)`` estimates a record's size from a
    /// sample of them before encoding it.
    static let recordSampleSize = 64

    /// Appends the commit's record, then compacts when the journal outgrew the snapshot.
    ///
    /// A commit large enough that its record would make the journal due for compaction (an
    /// import) is not appended: the store writes the snapshot it would compact to straight away,
    /// instead of encoding and writing the changes once as a record and then again in the
    /// snapshot. Its size is estimated from a sample of ``recordSampleSize`` changes.
    /// - Complexity: O(*c*) for *c* changes; O(*n*) for *n* objects when it compacts.
    func save(_ commit: StoreCommit, contents: StoreContents) throws(StoreError) {
        try journal.withLock { journal throws(StoreError) in
            guard let journal else { throw .closed(file: location) }
            let schemaVersion = UInt32(contents.graph.schema.version)
            if commit.changes.count > Self.recordSampleSize,
               journal.shouldCompact(afterAppending: try estimatedRecordSize(of: commit)) {
                try journal.compact(snapshot: try encode(contents), schemaVersion: schemaVersion)
                return
            }
            try journal.append(try encodeRecord(commit))
            if journal.shouldCompact {
                try journal.compact(snapshot: try encode(contents), schemaVersion: schemaVersion)
            }
        }
    }

    private func encodeRecord(_ commit: StoreCommit) throws(StoreError) -> Data {
        do {
            return try JSONEncoder().encode(commit)
        } catch {
            throw .ioFailure(file: location, operation: "encode a save for", reason: "\(error)")
        }
    }

    /// The size of the commit's record, extrapolated from the record of its first
    /// ``recordSampleSize`` changes.
    private func estimatedRecordSize(of commit: StoreCommit) throws(StoreError) -> Int {
        var sample = commit
        sample.changes = Array(commit.changes.prefix(Self.recordSampleSize))
        let sampleSize = try encodeRecord(sample).count
        return sampleSize * commit.changes.count / max(sample.changes.count, 1)
    }

    private func encode(_ contents: StoreContents) throws(StoreError) -> Data {
        do {
            return try GraphDocument.encodeJSON(contents)
        } catch {
            throw .ioFailure(file: location, operation: "encode a snapshot of", reason: "\(error)")
        }
    }

    deinit {
        journal.withLock { $0?.close() }
    }
}
