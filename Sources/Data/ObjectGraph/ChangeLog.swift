import Foundation

/// The objects a context changed since its last save, each with its value then: what a save
/// writes and a rollback restores.
///
/// Kept per entity and by UUID, and an object that did not exist at the last save (an insert)
/// is only its id in a set: an import of 100,000 objects costs 100,000 UUIDs here, not 100,000
/// entries holding an existential each.
struct ChangeLog: Sendable {
    /// Per entity, the objects absent at the last save.
    private var absent: [String: Set<UUID>] = [:]
    /// Per entity, the objects present at the last save, with their values then.
    private var present: [String: [UUID: any ManagedEntity]] = [:]

    /// Whether no object is logged.
    var isEmpty: Bool { absent.isEmpty && present.isEmpty }

    /// The number of objects logged.
    var count: Int {
        absent.values.reduce(0) { $0 + $1.count } + present.values.reduce(0) { $0 + $1.count }
    }

    /// The number of objects logged, but for those of the entities `names`.
    func count(excluding names: Set<String>) -> Int {
        absent.reduce(0) { names.contains($1.key) ? $0 : $0 + $1.value.count }
            + present.reduce(0) { names.contains($1.key) ? $0 : $0 + $1.value.count }
    }

    /// Whether `id` is logged.
    func contains(_ id: ObjectID) -> Bool {
        absent[id.entityName]?.contains(id.uuid) == true || present[id.entityName]?[id.uuid] != nil
    }

    /// Logs `id` with its value at the last save (`nil`: it did not exist), unless it is logged
    /// already: the first value logged is the one at the last save.
    mutating func log(_ id: ObjectID, original: (any ManagedEntity)?) {
        guard !contains(id) else { return }
        set(id, original: original)
    }

    /// Logs `id` with `original`, replacing what was logged for it.
    private mutating func set(_ id: ObjectID, original: (any ManagedEntity)?) {
        remove(id)
        if let original {
            present[id.entityName, default: [:]][id.uuid] = original
        } else {
            absent[id.entityName, default: []].insert(id.uuid)
        }
    }

    /// Forgets `id`.
    mutating func remove(_ id: ObjectID) {
        if absent[id.entityName]?.remove(id.uuid) != nil, absent[id.entityName]?.isEmpty == true {
            absent[id.entityName] = nil
        }
        if present[id.entityName]?.removeValue(forKey: id.uuid) != nil, present[id.entityName]?.isEmpty == true {
            present[id.entityName] = nil
        }
    }

    /// Takes `earlier`'s entries over this log's: the values at a save before this log began,
    /// given back by a write that failed.
    mutating func restore(_ earlier: ChangeLog) {
        earlier.forEach { id, original in set(id, original: original) }
    }

    /// Calls `body` with every logged object and its value at the last save (`nil`: absent).
    ///
    /// - Complexity: O(*c*) for *c* logged objects.
    func forEach<Failure: Error>(_ body: (ObjectID, (any ManagedEntity)?) throws(Failure) -> Void) throws(Failure) {
        for (name, ids) in absent {
            for uuid in ids { try body(ObjectID(entityName: name, uuid: uuid), nil) }
        }
        for (name, objects) in present {
            for (uuid, object) in objects { try body(ObjectID(entityName: name, uuid: uuid), object) }
        }
    }

    /// Each entity with logged objects, and the ids of its logged objects.
    ///
    /// - Complexity: O(*c*) for *c* logged objects.
    var idsByEntity: [String: [UUID]] {
        var ids: [String: [UUID]] = [:]
        for (name, absent) in absent { ids[name, default: []].append(contentsOf: absent) }
        for (name, objects) in present { ids[name, default: []].append(contentsOf: objects.keys) }
        return ids
    }

    /// Calls `body` with every logged object that existed at the last save.
    ///
    /// - Complexity: O(*p*) for *p* such objects.
    func forEachPresent(_ body: (ObjectID) -> Void) {
        for (name, objects) in present {
            for uuid in objects.keys { body(ObjectID(entityName: name, uuid: uuid)) }
        }
    }

    /// Whether saving the log changes `graph` at all: not when every logged object was inserted
    /// and deleted again.
    ///
    /// - Complexity: O(1) when an object existed at the last save, else O(*c*) at most.
    func changesAnything(in graph: ObjectGraph) -> Bool {
        guard present.isEmpty else { return true }
        for (name, ids) in absent where ids.contains(where: { graph.contains(ObjectID(entityName: name, uuid: $0)) }) {
            return true
        }
        return false
    }

    /// What the logged changes did, against the graph they left.
    ///
    /// - Complexity: O(*c*) for *c* logged objects.
    func changes(in graph: ObjectGraph) -> ContextChanges {
        var changes = ContextChanges()
        forEach { id, original in
            switch (original != nil, graph.contains(id)) {
            case (false, true): changes.inserted.insert(id)
            case (true, true): changes.updated.insert(id)
            case (true, false): changes.deleted.insert(id)
            case (false, false): break
            }
        }
        return changes
    }
}
