import Foundation
import ProjectManagerDomain

/// One save as a store writes it: every changed object's new value (and, when the context keeps
/// undo, its old value), and what the save does to the undo stacks.
struct StoreCommit: Sendable {
    var changes: [ObjectChange]
    var operation: UndoOperation
    var actionName: String?
    /// The undo scope of the step the commit pushes, undoes or redoes.
    var scope: String? = nil
}

/// One save as a context hands it to its store: its changes are made into ``ObjectChange``s
/// only when the store writes them, so that a save the store writes as a snapshot (an import)
/// never builds a list of every object it changed.
struct StoreSave: Sendable {
    var operation: UndoOperation
    var actionName: String?
    /// The undo scope of the step the save pushes, undoes or redoes.
    var scope: String?
    /// The number of objects the save changed (at most; one inserted and deleted again counts).
    let count: Int
    private let makeChanges: @Sendable (_ limit: Int) -> [ObjectChange]

    init(
        operation: UndoOperation, actionName: String?, scope: String?, count: Int,
        changes: @escaping @Sendable (_ limit: Int) -> [ObjectChange]
    ) {
        self.operation = operation
        self.actionName = actionName
        self.scope = scope
        self.count = count
        makeChanges = changes
    }

    /// A save of changes already made.
    init(_ commit: StoreCommit) {
        let changes = commit.changes
        self.init(operation: commit.operation, actionName: commit.actionName, scope: commit.scope, count: changes.count)
        { limit in
            limit >= changes.count ? changes : Array(changes.prefix(limit))
        }
    }

    /// The save with every change.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    var commit: StoreCommit { commit(limit: .max) }

    /// The save with its first `limit` changes only: a sample to estimate its size by.
    func commit(limit: Int) -> StoreCommit {
        StoreCommit(changes: makeChanges(limit), operation: operation, actionName: actionName, scope: scope)
    }
}

/// What a store holds: the objects, and the undo and redo stacks.
struct StoreContents: Sendable {
    var graph: ObjectGraph
    var undo: UndoStack
}

/// Where a root context's objects live between runs.
protocol PersistentStore: Sendable {
    /// The store's file, or a name, for messages.
    var location: String { get }
    /// Reads the objects (or the means to read them as they are asked for) and the undo stacks.
    /// Called once, when a root context opens.
    func load(schema: Schema, undoLimit: Int) throws(StoreError) -> StoreContents
    /// Makes one save durable. `contents` is the whole graph and undo stacks after the save.
    func save(_ save: StoreSave, contents: StoreContents) throws(StoreError)
    /// What the user should hear about now: a torn last record left out, copies of dropped
    /// bytes not acknowledged, a compaction that failed after a save.
    var warnings: [StoreWarning] { get }
    /// Rewrites the store as one snapshot of `contents`, which must be what was last saved.
    func compact(_ contents: StoreContents) throws(StoreError)
    /// Compacts as the store closes; a failure is kept for the next open to report (no one
    /// hears a failure of closing).
    func compactClosing(_ contents: StoreContents)
    /// Drops a torn last record now (keeping its bytes) and marks every warning acknowledged.
    func acknowledgeWarnings() throws(StoreError)
    /// Reads the file again and checks every part of it against `schema`.
    func check(schema: Schema) -> StoreCheck
    /// Releases the file and its lock; later saves throw ``StoreError/closed(file:)``.
    func close()
    /// `true` once ``close()`` was called.
    var isClosed: Bool { get }
    /// Whether the store would rather be compacted before it closes: its journal is long enough
    /// that the next open would spend noticeable time replaying it.
    var wantsCompactionOnClose: Bool { get }
}

extension PersistentStore {
    var warnings: [StoreWarning] { [] }
    func compact(_ contents: StoreContents) throws(StoreError) {}
    func compactClosing(_ contents: StoreContents) { try? compact(contents) }
    func acknowledgeWarnings() throws(StoreError) {}
    func close() {}
    var isClosed: Bool { false }
    var wantsCompactionOnClose: Bool { false }
}

/// Where a context keeps its objects.
///
/// ```swift
/// let context = try ObjectContext(schema: schema, store: .file(url))
/// ```
public enum StoreDescription: Sendable, Hashable {
    /// In memory only: gone when the context is.
    case inMemory
    /// A store file at this URL, made on the first save when missing, and locked against
    /// other writers while open.
    case file(URL)
    /// A store file at this URL, read once when the context opens: never written, never locked,
    /// so it opens while a writer has it, and when the process may read it but not write it.
    /// Saves throw ``StoreError/readOnly(file:)``.
    case readOnlyFile(URL)
}

/// A store that keeps nothing: every save succeeds, and a new context starts empty.
struct InMemoryStore: PersistentStore {
    var location: String { "memory" }

    func load(schema: Schema, undoLimit: Int) throws(StoreError) -> StoreContents {
        StoreContents(graph: ObjectGraph(schema: schema), undo: UndoStack(limit: undoLimit))
    }

    func save(_ save: StoreSave, contents: StoreContents) throws(StoreError) {}

    func check(schema: Schema) -> StoreCheck {
        StoreCheck(file: location, problems: [])
    }
}
