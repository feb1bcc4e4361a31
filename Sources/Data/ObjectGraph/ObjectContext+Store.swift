import Foundation
import ProjectManagerDomain

extension ObjectContext {
    /// What the store asks the user to know about now, empty for a child context or an in-memory
    /// store: a torn or damaged last record it leaves out, copies of dropped bytes kept beside
    /// the store file and not acknowledged yet, a compaction that failed after a save succeeded,
    /// stored objects a read found damaged (they read as missing).
    ///
    /// It changes as the store works: a save that drops a torn record adds the copy it kept; a
    /// compaction that succeeds removes the failure. See ``acknowledgeStoreWarnings()``.
    ///
    /// - Complexity: The first read lists the store file's folder for the kept copies, O(*n*) in
    ///   the names it holds (opening does not); later reads, O(1).
    public var storeWarnings: [StoreWarning] {
        guard let store = rootStore else { return [] }
        // Damage a read met in the rows read in place: what was read lacks their objects.
        let damage = state.withLock { $0.graph.storedDamage }
        return store.warnings + (damage.map { [.damagedObjects(file: store.location, reason: $0)] } ?? [])
    }

    /// Drops a torn last record now (its bytes kept beside the store file), and marks every
    /// warning acknowledged, so that ``storeWarnings`` is empty until something new happens (but
    /// for damage in the stored objects, which stays while it is there).
    ///
    /// - Throws: ``ContextError/store(_:)`` with ``StoreError/readOnly(file:)`` for a read-only
    ///   store, ``StoreError/closed(file:)``, or an I/O failure.
    public func acknowledgeStoreWarnings() throws(ContextError) {
        guard let store = rootStore else { return }
        do throws(StoreError) {
            try store.acknowledgeWarnings()
        } catch {
            throw .store(error)
        }
    }

    /// Rewrites the store file now as one snapshot of what was saved, with an empty journal.
    ///
    /// - Throws: ``ContextError/unsavedChanges`` when changes are pending (save or roll them back
    ///   first); ``ContextError/store(_:)`` when the compaction fails, the old file then as it was.
    /// - Complexity: O(*n*) for *n* objects.
    public func compactStore() throws(ContextError) {
        guard let store = rootStore else { return }
        // After any save under way: its objects are in the graph before its record is durable.
        try saveLock.withLock { _ throws(ContextError) in
            let contents = try state.withLock { state throws(ContextError) -> StoreContents in
                guard state.changeLog.isEmpty else { throw .unsavedChanges }
                return StoreContents(graph: state.graph, undo: state.undo)
            }
            do throws(StoreError) {
                try store.compact(contents)
            } catch {
                throw .store(error)
            }
        }
    }

    /// Reads the store file again and checks it whole: every checksum, every object against its
    /// entity's rules, every relationship, index and uniqueness constraint.
    ///
    /// - Complexity: O(*n* log *n*) for a file of *n* objects.
    public func checkStore() -> StoreCheck {
        guard let store = rootStore else {
            return StoreCheck(file: "a child context", problems: [])
        }
        return store.check(schema: schema)
    }

    /// Releases the store file and its lock. Every later save, and
    /// ``requireOpenStore()``, throws ``ContextError/store(_:)`` with ``StoreError/closed(file:)``.
    ///
    /// A compaction running beside the saves is let finish first. A file store whose journal is
    /// still past 64 KiB (and a 1,024th of its snapshot) is then compacted (as
    /// SQLite checkpoints its write-ahead log when the last connection closes), so that the next
    /// open has little to replay; if that fails, the file stays as it was and closes all the same.
    public func close() {
        guard let store = rootStore else { return }
        if store.wantsCompactionOnClose {
            saveLock.withLock { _ in
                let contents = state.withLock { state in
                    state.changeLog.isEmpty ? StoreContents(graph: state.graph, undo: state.undo) : nil
                }
                if let contents { store.compactClosing(contents) }
            }
        }
        store.close()
    }

    /// Throws when the store was closed: for callers that read objects, which stay in memory.
    /// - Throws: ``ContextError/store(_:)`` with ``StoreError/closed(file:)``.
    public func requireOpenStore() throws(ContextError) {
        if let store = rootStore, store.isClosed { throw .store(.closed(file: store.location)) }
    }

    /// The store of a root context.
    private var rootStore: (any PersistentStore)? {
        if case .store(let store) = backing { store } else { nil }
    }
}
