import Foundation
import Synchronization

/// The durable file store: a snapshot of the whole graph, then an append-only journal with one
/// record per save, in one file (see ``JournalFormat``).
///
/// A save appends one record holding only the changed objects and returns once it is synced, so
/// its cost does not grow with the store. When the journal outgrows the snapshot (and a floor),
/// the store writes a new snapshot beside the file and renames it into place. Opening takes the
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
            if !steps.isEmpty { data = try migrated(data, what: "record \(index + 1)") { try StoredJSONMigration.migrateRecord($0, with: steps) } }
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
            throw .unreadable(file: location, reason: "cannot migrate the \(what): \(error)")
        }
    }

    private static func reason(of error: StoreError) -> String {
        if case .unreadable(_, let reason) = error { reason } else { error.description }
    }

    func save(_ commit: StoreCommit, contents: StoreContents) throws(StoreError) {
        let record: Data
        do {
            record = try JSONEncoder().encode(commit)
        } catch {
            throw .ioFailure(file: location, operation: "encode a save for", reason: "\(error)")
        }
        try journal.withLock { journal throws(StoreError) in
            guard let journal else { throw .closed(file: location) }
            try journal.append(record)
            if journal.shouldCompact {
                try journal.compact(snapshot: try encode(contents), schemaVersion: UInt32(contents.graph.schema.version))
            }
        }
    }

    private func encode(_ contents: StoreContents) throws(StoreError) -> Data {
        do {
            return try JSONEncoder().encode(GraphDocument(contents: contents))
        } catch {
            throw .ioFailure(file: location, operation: "encode a snapshot of", reason: "\(error)")
        }
    }

    deinit {
        journal.withLock { $0?.close() }
    }
}
