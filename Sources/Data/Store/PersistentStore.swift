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
    /// What opening found and worked around, such as a torn last record it dropped.
    var warnings: [StoreWarning] { get }
}

extension PersistentStore {
    var warnings: [StoreWarning] { [] }
}

/// Where a context keeps its objects.
///
/// ```swift
/// let context = try ObjectContext(schema: schema, store: .file(url))
/// ```
public enum StoreDescription: Sendable, Hashable {
    /// In memory only: gone when the context is.
    case inMemory
    /// A store file at this URL, made on the first save when missing.
    case file(URL)
}

/// A store that keeps nothing: every save succeeds, and a new context starts empty.
struct InMemoryStore: PersistentStore {
    var location: String { "memory" }

    func load(schema: Schema, undoLimit: Int) throws(StoreError) -> StoreContents {
        StoreContents(graph: ObjectGraph(schema: schema), undo: UndoStack(limit: undoLimit))
    }

    func save(_ commit: StoreCommit, contents: StoreContents) throws(StoreError) {}
}
