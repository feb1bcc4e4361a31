import Foundation

/// One save as a store writes it: every changed object's new value (and, when the context keeps
/// undo, its old value), and what the save does to the undo stacks.
struct StoreCommit: Sendable {
    var changes: [ObjectChange]
    var operation: UndoOperation
    var actionName: String?
    /// The undo scope of the step the commit pushes, undoes or redoes.
    var scope: String? = nil
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
    /// Reads every object and the undo stacks. Called once, when a root context opens.
    func load(schema: Schema, undoLimit: Int) throws(StoreError) -> StoreContents
    /// Makes one save durable. `contents` is the whole graph and undo stacks after the save.
    func save(_ commit: StoreCommit, contents: StoreContents) throws(StoreError)
    /// What the user should hear about now: a torn last record left out, copies of dropped
    /// bytes not acknowledged, a compaction that failed after a save.
    var warnings: [StoreWarning] { get }
    /// Rewrites the store as one snapshot of `contents`, which must be what was last saved.
    func compact(_ contents: StoreContents) throws(StoreError)
    /// Drops a torn last record now (keeping its bytes) and marks every warning acknowledged.
    func acknowledgeWarnings() throws(StoreError)
    /// Reads the file again and checks every part of it against `schema`.
    func check(schema: Schema) -> StoreCheck
    /// Releases the file and its lock; later saves throw ``StoreError/closed(file:)``.
    func close()
    /// `true` once ``close()`` was called.
    var isClosed: Bool { get }
}

extension PersistentStore {
    var warnings: [StoreWarning] { [] }
    func compact(_ contents: StoreContents) throws(StoreError) {}
    func acknowledgeWarnings() throws(StoreError) {}
    func close() {}
    var isClosed: Bool { false }
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

    func save(_ commit: StoreCommit, contents: StoreContents) throws(StoreError) {}

    func check(schema: Schema) -> StoreCheck {
        StoreCheck(file: location, problems: [])
    }
}
