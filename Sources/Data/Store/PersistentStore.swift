import Foundation

/// The objects one save writes: the new values of inserted and updated objects, and deleted ids.
struct StoreChanges: Sendable {
    var upserts: [any ManagedEntity] = []
    var deletes: [ObjectID] = []
    var summary = ContextChanges()
}

/// Where a root context's objects live between runs.
protocol PersistentStore: Sendable {
    /// The store's file, or a name, for messages.
    var location: String { get }
    /// Reads every object. Called once, when a root context opens.
    func load(schema: Schema) throws(StoreError) -> ObjectGraph
    /// Makes one save durable. `graph` is the whole graph with `changes` applied.
    func save(_ changes: StoreChanges, graph: ObjectGraph) throws(StoreError)
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
    func load(schema: Schema) throws(StoreError) -> ObjectGraph { ObjectGraph(schema: schema) }
    func save(_ changes: StoreChanges, graph: ObjectGraph) throws(StoreError) {}
}
