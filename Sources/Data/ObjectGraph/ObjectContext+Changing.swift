import Foundation

extension ObjectContext {
    /// Adds a new object.
    /// - Throws: ``ContextError/objectExists(_:)`` when an object has its id.
    /// - Complexity: O(log *n* + *c*) for each ordering of the entity's *n* objects, in chunks of
    ///   *c* entries.
    public func insert<E: ManagedEntity>(_ object: E) throws(ContextError) {
        try state.withLock { state throws(ContextError) in
            let id = object.objectID
            guard !state.graph.contains(id) else { throw .objectExists(id) }
            // It does not exist: logged as absent, unless it was there at the last save.
            state.changeLog.log(id, original: nil)
            state.graph.upsert(object)
        }
    }

    /// Inserts new objects of one entity at once: as many ``insert(_:)`` calls, faster for many
    /// (an import sorts them into the entity's orderings once), and all or none of them.
    /// - Throws: ``ContextError/objectExists(_:)`` when one exists already, or two share an id;
    ///   none is inserted then.
    public func insert<E: ManagedEntity>(contentsOf objects: [E]) throws(ContextError) {
        guard !objects.isEmpty else { return }
        try state.withLock { state throws(ContextError) in
            var seen = Set<UUID>(minimumCapacity: objects.count)
            for object in objects {
                guard seen.insert(object.id.rawValue).inserted, !state.graph.contains(object.objectID) else {
                    throw .objectExists(object.objectID)
                }
            }
            for object in objects { state.changeLog.log(object.objectID, original: nil) }
            state.graph.upsert(contentsOf: objects)
        }
    }

    /// Replaces an existing object with a new value of it.
    /// - Throws: ``ContextError/objectNotFound(_:)``.
    /// - Complexity: O(log *n* + *c*) for each ordering of the entity's *n* objects, in chunks of
    ///   *c* entries.
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
    /// - Complexity: O(log *n* + *c*) for each ordering of the entity's *n* objects, in chunks of
    ///   *c* entries, and as much again for each object the delete rules reach.
    public func delete<E: ManagedEntity>(_ type: E.Type, id: E.ID) throws(ContextError) {
        try state.withLock { state throws(ContextError) in
            let objectID = ObjectID(type, id: id)
            guard state.graph[objectID] != nil else { throw .objectNotFound(objectID) }
            state.delete(objectID)
        }
    }

    // MARK: - Change tracking

    /// Whether anything changed since the last save.
    public var hasChanges: Bool { state.withLock { $0.changeLog.changesAnything(in: $0.graph) } }

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
            state.rollBack()
        }
    }
}

// MARK: - State

extension ObjectContext.State {
    /// Remembers an object's value at the last save before its first change.
    mutating func record(_ id: ObjectID) {
        if !changeLog.contains(id) { changeLog.log(id, original: graph[id]) }
    }

    /// Puts every logged object back as it was at the last save, and empties the log.
    mutating func rollBack() {
        changeLog.forEach { id, original in graph.set(id, to: original) }
        changeLog = ChangeLog()
    }

    var pendingChanges: ContextChanges { changeLog.changes(in: graph) }
}
