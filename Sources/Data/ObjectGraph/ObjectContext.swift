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
/// A context is safe to use from any thread: each call runs under the context's lock.
/// A root context reads its store once, when it opens, and writes it on every ``save()``.
/// A child context (``newChildContext()``) starts from its parent's objects as they are then;
/// its ``save()`` pushes its changes into the parent, not to disk.
public final class ObjectContext: Sendable {
    /// The entities this context holds.
    public let schema: Schema
    private let backing: Backing
    private let state: Mutex<State>
    private let observers = Mutex<[UUID: AsyncStream<ContextChanges>.Continuation]>([:])

    enum Backing: Sendable {
        case store(any PersistentStore)
        case parent(ObjectContext)
    }

    /// An object's value at the last save: absent when it was inserted since.
    enum Original: Sendable {
        case absent
        case present(any ManagedEntity)

        var object: (any ManagedEntity)? {
            if case .present(let object) = self { object } else { nil }
        }
    }

    struct State: Sendable {
        var graph: ObjectGraph
        /// The value at the last save of every object changed since.
        var originals: [ObjectID: Original] = [:]
        var undo: UndoStack
        /// Whether an undo group is open, and whether a save has gone into it yet.
        var undoGroup: (name: String?, started: Bool)?
    }

    /// The default number of undo steps a root context keeps.
    public static let defaultUndoLimit = 100

    /// Opens a root context over a store, reading every object in it and its undo history.
    ///
    /// - Parameter undoLimit: How many undo steps to keep; 0 keeps none, and saves then write
    ///   only the new values.
    /// - Throws: ``ContextError/store(_:)`` when the store cannot be read; the file is left untouched.
    public convenience init(
        schema: Schema, store description: StoreDescription, undoLimit: Int = ObjectContext.defaultUndoLimit
    ) throws(ContextError) {
        let store: any PersistentStore = switch description {
        case .inMemory: InMemoryStore()
        case .file(let url): JournalStore(url: url)
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
        observers.withLock { continuations in
            for continuation in continuations.values { continuation.finish() }
        }
    }

    /// A scratch context over this one's objects as they are now, with its unsaved changes.
    ///
    /// Save the child to push its changes into this context; drop it to discard them.
    /// - Complexity: O(1); the child's first change to an entity copies that entity's objects.
    public func newChildContext() -> ObjectContext {
        ObjectContext(parent: self, graph: state.withLock { $0.graph })
    }

    /// What opening the store found and worked around, such as a torn last record (the remains
    /// of a save cut short by a crash) that it dropped; empty for a child context.
    public var storeWarnings: [StoreWarning] {
        switch backing {
        case .store(let store): store.warnings
        case .parent: []
        }
    }

    /// The context this one saves into, or `nil` for a root context.
    public var parent: ObjectContext? {
        if case .parent(let parent) = backing { parent } else { nil }
    }

    // MARK: - Reading

    /// The object of `type` with `id`, or `nil`.
    public func object<E: ManagedEntity>(_ type: E.Type, id: E.ID) -> E? {
        state.withLock { $0.graph[type, id] }
    }

    /// The object of `type` with `id`.
    /// - Throws: ``ContextError/objectNotFound(_:)``.
    public func existingObject<E: ManagedEntity>(_ type: E.Type, id: E.ID) throws(ContextError) -> E {
        guard let object = object(type, id: id) else { throw .objectNotFound(ObjectID(type, id: id)) }
        return object
    }

    /// The objects of `Source` whose relationship at `keyPath` points at `target`: the inverse,
    /// to-many side of a relationship.
    ///
    /// - Complexity: O(*k*) for *k* results when `keyPath` is a declared relationship.
    public func objects<Source: ManagedEntity, Target: ManagedID>(
        _ type: Source.Type, where keyPath: KeyPath<Source, Target>, is target: Target
    ) -> [Source] {
        state.withLock { $0.graph.table(type).sources(referringTo: target.rawValue, via: keyPath) }
    }

    /// The objects a request matches, sorted, from its offset up to its limit.
    ///
    /// - Throws: ``ContextError/fetchFailed(reason:)`` when the predicate throws.
    /// - Complexity: O(*n*) predicate evaluations for *n* objects of the entity, plus
    ///   O(*m* log *m*) to sort *m* matches.
    public func fetch<E: ManagedEntity>(_ request: FetchRequest<E>) throws(ContextError) -> [E] {
        let candidates = state.withLock { state in
            state.graph.table(E.self).candidates(for: request.predicate?.equalityConstraints ?? [])
        }
        var matches = candidates
        if let predicate = request.predicate { matches = try PredicateEvaluation.filter(candidates, predicate) }
        KeyedSort.sort(&matches, using: request.sortBy)
        let start = min(max(request.fetchOffset, 0), matches.count)
        let end = request.fetchLimit.map { min(start + max($0, 0), matches.count) } ?? matches.count
        return start == 0 && end == matches.count ? matches : Array(matches[start..<end])
    }

    /// Folds every object of `type` into a result, in no particular order.
    ///
    /// - Complexity: O(*n*) for *n* objects of the entity.
    public func reduce<E: ManagedEntity, Result: Sendable>(
        _ type: E.Type, into initial: Result, _ update: (inout Result, E) -> Void
    ) -> Result {
        state.withLock { state in
            var result = initial
            for object in state.graph.table(type).rows.values { update(&result, object) }
            return result
        }
    }

    /// The number of objects a request matches, ignoring its sort, offset and limit.
    public func count<E: ManagedEntity>(_ request: FetchRequest<E>) throws(ContextError) -> Int {
        guard request.predicate != nil else { return state.withLock { $0.graph.count(of: E.self) } }
        return try fetch(FetchRequest(predicate: request.predicate)).count
    }

    // MARK: - Changing

    /// Adds a new object.
    /// - Throws: ``ContextError/objectExists(_:)`` when an object has its id.
    public func insert<E: ManagedEntity>(_ object: E) throws(ContextError) {
        try state.withLock { state throws(ContextError) in
            guard state.graph[E.self, object.id] == nil else { throw .objectExists(object.objectID) }
            state.record(object.objectID)
            state.graph.upsert(object)
        }
    }

    /// Replaces an existing object with a new value of it.
    /// - Throws: ``ContextError/objectNotFound(_:)``.
    public func update<E: ManagedEntity>(_ object: E) throws(ContextError) {
        try state.withLock { state throws(ContextError) in
            guard state.graph[E.self, object.id] != nil else { throw .objectNotFound(object.objectID) }
            state.record(object.objectID)
            state.graph.upsert(object)
        }
    }

    /// Deletes an object, and applies its inverse relationships' delete rules at once: objects
    /// with a cascading reference to it are deleted, nullifying references are cleared, and
    /// denying ones make the next ``save()`` fail while they remain.
    /// - Throws: ``ContextError/objectNotFound(_:)``.
    public func delete<E: ManagedEntity>(_ type: E.Type, id: E.ID) throws(ContextError) {
        try state.withLock { state throws(ContextError) in
            let objectID = ObjectID(type, id: id)
            guard state.graph[objectID] != nil else { throw .objectNotFound(objectID) }
            state.delete(objectID)
        }
    }

    // MARK: - Change tracking

    /// Whether anything changed since the last save.
    public var hasChanges: Bool { !changes.isEmpty }

    /// The objects inserted since the last save.
    public var insertedObjects: Set<ObjectID> { changes.inserted }
    /// The objects that existed at the last save and were changed since.
    public var updatedObjects: Set<ObjectID> { changes.updated }
    /// The objects that existed at the last save and were deleted since.
    public var deletedObjects: Set<ObjectID> { changes.deleted }

    /// What changed since the last save.
    public var changes: ContextChanges { state.withLock { $0.pendingChanges } }

    /// Discards every change since the last save.
    ///
    /// - Complexity: O(*c*) for *c* changed objects.
    public func rollback() {
        state.withLock { state in
            guard !state.originals.isEmpty else { return }
            for (id, original) in state.originals { state.graph.set(id, to: original.object) }
            state.originals = [:]
        }
    }

    // MARK: - Saving

    /// Validates every change and makes it durable (a root context) or pushes it into the parent
    /// (a child context). Nothing is saved when any rule is broken.
    ///
    /// In a root context that keeps undo, the save becomes one undo step named `actionName`, or
    /// joins the open group (``beginUndoGroup(named:)``). A step of more than 10,000 objects (an
    /// import) is not kept: it empties the undo and redo stacks instead.
    ///
    /// - Throws: ``ContextError/validationFailed(_:)`` with every broken rule,
    ///   ``ContextError/uniquenessConflict(constraint:objects:)``, or ``ContextError/store(_:)``;
    ///   the changes are kept, unsaved, so the caller can fix them or ``rollback()``.
    /// - Complexity: O(*c*) for *c* changed objects, plus, for a root context, the store's write.
    public func save(actionName: String? = nil) throws(ContextError) {
        let summary = try state.withLock { state throws(ContextError) -> ContextChanges in
            let operation: UndoOperation
            if state.undo.limit == 0 {
                operation = .none
            } else if let group = state.undoGroup {
                operation = group.started ? .merge : .push
            } else {
                operation = .push
            }
            let summary = try commit(&state, operation: operation, actionName: actionName ?? state.undoGroup?.name)
            if !summary.isEmpty, state.undoGroup != nil { state.undoGroup?.started = true }
            return summary
        }
        if !summary.isEmpty { notify(summary) }
    }

    /// Saves the state's pending changes with an undo operation; the caller holds the lock.
    private func commit(
        _ state: inout State, operation: UndoOperation, actionName: String?
    ) throws(ContextError) -> ContextChanges {
        let summary = state.pendingChanges
        guard !summary.isEmpty else { return summary }
        try state.validate(summary)
        switch backing {
        case .store(let store):
            var operation = operation
            let groupSize = (operation == .merge ? state.undo.undo.last?.changes.count ?? 0 : 0) + state.originals.count
            if operation == .push || operation == .merge, groupSize > UndoStack.maximumStepSize { operation = .clear }
            let keepsBefore = operation != .none && operation != .clear
            let changes = state.originals.compactMap { id, original -> ObjectChange? in
                let after = state.graph[id]
                if case .absent = original, after == nil { return nil }
                return ObjectChange(id: id, before: keepsBefore ? original.object : nil, after: after)
            }
            let commit = StoreCommit(changes: changes, operation: operation, actionName: actionName)
            var undo = state.undo
            undo.apply(operation, name: actionName, changes: changes)
            do throws(StoreError) {
                try store.save(commit, contents: StoreContents(graph: state.graph, undo: undo))
            } catch {
                throw .store(error)
            }
            state.undo = undo
        case .parent(let parent):
            let values = state.originals.keys.map { ($0, state.graph[$0]) }
            parent.absorb(values)
        }
        state.originals = [:]
        return summary
    }

    // MARK: - Undo

    /// Whether there is a saved user action to undo.
    public var canUndo: Bool { state.withLock { !$0.undo.undo.isEmpty } }
    /// Whether there is an undone action to redo.
    public var canRedo: Bool { state.withLock { !$0.undo.redo.isEmpty } }
    /// The name of the action ``undo()`` would revert.
    public var undoActionName: String? { state.withLock { $0.undo.undo.last?.name } }
    /// The name of the action ``redo()`` would repeat.
    public var redoActionName: String? { state.withLock { $0.undo.redo.last?.name } }

    /// The objects of `type` that the next undo would restore (as they were before the step) and
    /// the next redo would restore (as they were after it).
    public func undoStepObjects<E: ManagedEntity>(_ type: E.Type) -> (undo: [E], redo: [E]) {
        state.withLock { state in
            let undo = state.undo.undo.last?.changes.compactMap { $0.after as? E } ?? []
            let redo = state.undo.redo.last?.changes.compactMap { $0.after as? E } ?? []
            return (undo, redo)
        }
    }

    /// Makes every save until ``endUndoGroup()`` one undo step, named `name`.
    public func beginUndoGroup(named name: String? = nil) {
        state.withLock { $0.undoGroup = (name, false) }
    }

    /// Closes the group opened by ``beginUndoGroup(named:)``.
    public func endUndoGroup() {
        state.withLock { $0.undoGroup = nil }
    }

    /// Reverts the last saved user action and saves the result, like any change.
    ///
    /// Does nothing when there is nothing to undo.
    /// - Throws: ``ContextError/unsavedChanges`` when changes are pending (save or roll them back
    ///   first); what ``save(actionName:)`` throws.
    public func undo() throws(ContextError) {
        try step(.undo)
    }

    /// Repeats the last undone action and saves the result.
    /// - Throws: as ``undo()``.
    public func redo() throws(ContextError) {
        try step(.redo)
    }

    private func step(_ operation: UndoOperation) throws(ContextError) {
        let summary = try state.withLock { state throws(ContextError) -> ContextChanges in
            guard state.originals.isEmpty else { throw .unsavedChanges }
            let group = operation == .undo ? state.undo.undo.last : state.undo.redo.last
            guard let group else { return ContextChanges() }
            let changes = operation == .undo ? group.changes.reversed() : group.changes
            for change in changes {
                state.record(change.id)
                state.graph.set(change.id, to: operation == .undo ? change.before : change.after)
            }
            do throws(ContextError) {
                return try commit(&state, operation: operation, actionName: group.name)
            } catch {
                for (id, original) in state.originals { state.graph.set(id, to: original.object) }
                state.originals = [:]
                throw error
            }
        }
        if !summary.isEmpty { notify(summary) }
    }

    /// Applies a child's saved changes as unsaved changes of this context.
    private func absorb(_ values: [(ObjectID, (any ManagedEntity)?)]) {
        state.withLock { state in
            for (id, object) in values {
                state.record(id)
                state.graph.set(id, to: object)
            }
        }
    }

    // MARK: - Notifications

    /// The changes of every save of this context from now on, by id.
    ///
    /// The stream ends when the context goes away.
    public func changeStream() -> AsyncStream<ContextChanges> {
        let (stream, continuation) = AsyncStream.makeStream(of: ContextChanges.self)
        let key = UUID()
        observers.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.observers.withLock { _ = $0.removeValue(forKey: key) }
        }
        return stream
    }

    private func notify(_ changes: ContextChanges) {
        let continuations = observers.withLock { Array($0.values) }
        for continuation in continuations { continuation.yield(changes) }
    }
}

// MARK: - State

extension ObjectContext.State {
    /// Remembers an object's value at the last save before its first change.
    mutating func record(_ id: ObjectID) {
        if originals[id] == nil {
            originals[id] = graph[id].map { .present($0) } ?? .absent
        }
    }

    var pendingChanges: ContextChanges {
        var changes = ContextChanges()
        for (id, original) in originals {
            switch (original, graph[id] != nil) {
            case (.absent, true): changes.inserted.insert(id)
            case (.present, true): changes.updated.insert(id)
            case (.present, false): changes.deleted.insert(id)
            case (.absent, false): break
            }
        }
        return changes
    }

    /// Deletes an object and applies the delete rules of the references to it.
    mutating func delete(_ id: ObjectID) {
        var pending = [id]
        while let next = pending.popLast() {
            guard graph[next] != nil else { continue }
            let referrers = graph.referrers(of: next)
            record(next)
            graph.remove(next)
            for referrer in referrers {
                let source = ObjectID(entityName: referrer.entity, uuid: referrer.id)
                guard let object = graph[source] else { continue }
                switch Self.deleteRule(of: object, relationship: referrer.relationship) {
                case .cascade: pending.append(source)
                case .nullify:
                    record(source)
                    graph.upsert(Self.nullifying(object, relationship: referrer.relationship))
                case .deny: break
                }
            }
        }
    }

    private static func deleteRule<E: ManagedEntity>(of object: E, relationship: Int) -> DeleteRule {
        E.relationships[relationship].deleteRule
    }

    private static func nullifying<E: ManagedEntity>(_ object: E, relationship: Int) -> E {
        var object = object
        E.relationships[relationship].nullify?(&object)
        return object
    }

    /// Checks every changed object's own rules, its references, and uniqueness; and that no
    /// deleted object is still referred to by a denying relationship.
    func validate(_ changes: ContextChanges) throws(ContextError) {
        var issues: [ValidationIssue] = []
        for id in changes.inserted.union(changes.updated) {
            guard let object = graph[id] else { continue }
            issues += validationIssues(of: object)
        }
        for id in changes.deleted {
            for referrer in graph.referrers(of: id) {
                let source = ObjectID(entityName: referrer.entity, uuid: referrer.id)
                issues.append(ValidationIssue(
                    object: id, message: "cannot be deleted while \(source) refers to it"))
            }
        }
        guard issues.isEmpty else {
            let ordered = issues.enumerated().sorted { ($0.element.object.description, $0.offset) < ($1.element.object.description, $1.offset) }
            throw .validationFailed(ordered.map(\.element))
        }
        for id in changes.inserted.union(changes.updated) {
            guard let object = graph[id] else { continue }
            try checkUniqueness(of: object)
        }
    }

    private func validationIssues<E: ManagedEntity>(of object: E) -> [ValidationIssue] {
        var issues = object.validationFailures().map { ValidationIssue(object: object.objectID, message: $0) }
        for relationship in E.relationships {
            guard let target = relationship.target(object) else { continue }
            let targetID = ObjectID(entityName: relationship.targetEntity, uuid: target)
            if graph[targetID] == nil {
                issues.append(ValidationIssue(object: object.objectID, message: "refers to \(targetID), which does not exist"))
            }
        }
        return issues
    }

    /// - Complexity: O(*n*) for *n* objects of the entity, when it declares constraints.
    private func checkUniqueness<E: ManagedEntity>(of object: E) throws(ContextError) {
        for constraint in E.uniquenessConstraints {
            let key = constraint.key(object)
            let clash = graph.table(E.self).rows.values.first {
                $0.id != object.id && constraint.key($0) == key
            }
            if let clash {
                throw .uniquenessConflict(constraint: constraint.name, objects: [object.objectID, clash.objectID])
            }
        }
    }
}
