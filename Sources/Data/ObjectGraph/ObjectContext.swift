import Foundation
import Synchronization

/// A scratchpad of objects over a store, in the manner of Core Data's managed object context:
/// insert, update, delete and fetch, then ``save()`` or ``rollback()``.
///
/// ```swift
/// let context = try ObjectContext(schema: schema, store: .file(url))
/// try context.insert(board)
/// try context.save()
/// let boards = try context.fetch(FetchRequest<Board>(sortBy: [SortDescriptor(\.createdAt)]))
/// ```
///
/// A context is safe to use from any thread: each call runs under the context's lock. Saves also
/// take a second lock, so that they run one at a time; a root context's save writes and syncs the
/// store holding that one alone, so reads never wait for the disk (see ``save(actionName:undoScope:)``).
/// A root context reads its store once, when it opens, and writes it on every ``save()``.
/// A child context (``newChildContext()``) starts from its parent's objects as they are then;
/// its ``save()`` pushes its changes into the parent, not to disk.
public final class ObjectContext: Sendable {
    /// The entities this context holds.
    public let schema: Schema
    let backing: Backing
    let state: Mutex<State>
    /// Held by a save from its first check to its notifications, so saves run one at a time;
    /// readers never take it.
    let saveLock = Mutex(())
    let observers = Mutex<[UUID: ChangeObserver]>([:])
    let saveObservers = Mutex<[UUID: @Sendable (ContextChanges) -> Void]>([:])

    enum Backing: Sendable {
        case store(any PersistentStore)
        case parent(ObjectContext)
    }

    struct State: Sendable {
        var graph: ObjectGraph
        /// The value at the last save of every object changed since.
        var changeLog = ChangeLog()
        var undo: UndoStack
        /// Whether an undo group is open, and whether a save has gone into it yet.
        var undoGroup: (name: String?, started: Bool)?
        /// The saves that changed something since the context opened (undo and redo among them).
        var saves = 0
        /// What a root context's saves write besides their changes (``recordChanges(with:)``).
        var recorder: ChangeRecorder?
    }

    /// Given a save's changes, the graph as they leave it and the save's undo scope, the objects
    /// the save writes with them (`nil`: removed), in the same record, outside its undo step.
    typealias ChangeRecorder =
        @Sendable (ChangeLog, ObjectGraph, _ scope: String?) -> [(ObjectID, (any ManagedEntity)?)]

    /// Makes every save of this root context (undo and redo among them) write, in the same
    /// record, what `recorder` makes of its changes: an outbox of what was changed. Those
    /// objects never join an undo step.
    func recordChanges(with recorder: @escaping ChangeRecorder) {
        state.withLock { $0.recorder = recorder }
    }

    /// The saves that changed something since the context opened, undo and redo among them:
    /// while it stays the same, so do the objects (in a root context, or but for unsaved changes).
    package var saveCount: Int { state.withLock { $0.saves } }

    /// The default number of undo steps a root context keeps.
    public static let defaultUndoLimit = 100

    /// Opens a root context over a store, reading every object in it and its undo history.
    ///
    /// - Parameter undoLimit: How many undo steps to keep; 0 keeps none, and saves then write
    ///   only the new values.
    /// - Throws: ``ContextError/store(_:)`` when the store cannot be read; the file is left untouched.
    /// - Complexity: O(*n*) for a store of *n* objects: the snapshot, then the journal's records.
    public convenience init(
        schema: Schema, store description: StoreDescription, undoLimit: Int = ObjectContext.defaultUndoLimit
    ) throws(ContextError) {
        let store: any PersistentStore =
            switch description {
            case .inMemory: InMemoryStore()
            case .file(let url):
                JournalStore(url: url, backgroundCompactionFloor: JournalStore.defaultBackgroundCompactionFloor)
            case .readOnlyFile(let url): JournalStore(url: url, access: .readOnly)
            }
        try self.init(schema: schema, store: store, undoLimit: undoLimit)
    }

    init(schema: Schema, store: any PersistentStore, undoLimit: Int) throws(ContextError) {
        let contents: StoreContents
        do {
            contents = try store.load(schema: schema, undoLimit: max(undoLimit, 0))
        } catch {
            throw .store(error)
        }
        self.schema = schema
        self.backing = .store(store)
        self.state = Mutex(State(graph: contents.graph, undo: contents.undo))
    }

    private init(parent: ObjectContext, graph: ObjectGraph) {
        self.schema = parent.schema
        self.backing = .parent(parent)
        self.state = Mutex(State(graph: graph, undo: UndoStack(limit: 0)))
    }

    deinit {
        observers.withLock { observers in
            for observer in observers.values { observer.finish() }
        }
    }

    /// A scratch context over this one's objects as they are now, with its unsaved changes.
    ///
    /// Save the child to push its changes into this context; drop it to discard them.
    /// - Complexity: O(1); the child's first change to an entity copies that entity's objects.
    public func newChildContext() -> ObjectContext {
        ObjectContext(parent: self, graph: state.withLock { $0.graph })
    }

    /// The context this one saves into, or `nil` for a root context.
    public var parent: ObjectContext? {
        if case .parent(let parent) = backing { parent } else { nil }
    }
}
