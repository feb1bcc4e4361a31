import Foundation

/// The objects of one entity, with an index of each relationship's inverse side.
protocol AnyEntityTable: Sendable {
    var count: Int { get }
    func anyObject(_ id: UUID) -> (any ManagedEntity)?
    mutating func upsert(any object: any ManagedEntity)
    @discardableResult mutating func remove(_ id: UUID) -> (any ManagedEntity)?
    /// The ids of the objects whose relationships point at `target` of entity `targetEntity`.
    func sources(referringTo target: UUID, ofEntity targetEntity: String) -> [(relationship: Int, id: UUID)]
    /// Encodes every object, as an array.
    func encodeRows(to encoder: any Encoder) throws
}

struct EntityTable<Entity: ManagedEntity>: AnyEntityTable {
    private(set) var rows: [UUID: Entity] = [:]
    let relationships: [Relationship<Entity>]
    /// For each relationship, the targets and the sources referring to them.
    private var inverse: [[UUID: Set<UUID>]]
    let indexes: [EntityIndex<Entity>]
    /// For each index, the objects by their value of the indexed property.
    private var indexed: [[IndexKey: Set<UUID>]]

    init() {
        relationships = Entity.relationships
        inverse = Array(repeating: [:], count: relationships.count)
        indexes = Entity.indexes
        indexed = Array(repeating: [:], count: indexes.count)
    }

    init(rows: [Entity]) {
        self.init()
        self.rows.reserveCapacity(rows.count)
        for row in rows { upsert(row) }
    }

    var count: Int { rows.count }

    subscript(id: UUID) -> Entity? { rows[id] }

    func anyObject(_ id: UUID) -> (any ManagedEntity)? { rows[id] }

    mutating func upsert(any object: any ManagedEntity) {
        guard let object = object as? Entity else {
            preconditionFailure("\(type(of: object)) stored in the table of \(Entity.entityName)")
        }
        upsert(object)
    }

    /// - Complexity: O(*r*) for *r* relationships.
    mutating func upsert(_ object: Entity) {
        let id = object.id.rawValue
        let old = rows.updateValue(object, forKey: id)
        for index in indexes.indices {
            let after = indexes[index].key(object)
            if let old {
                let before = indexes[index].key(old)
                guard before != after else { continue }
                unindex(id, from: before, index: index)
            }
            indexed[index][after, default: []].insert(id)
        }
        for index in relationships.indices {
            let relationship = relationships[index]
            let before = old.flatMap(relationship.target)
            let after = relationship.target(object)
            guard before != after else { continue }
            if let before { unindex(id, from: before, relationship: index) }
            if let after { inverse[index][after, default: []].insert(id) }
        }
    }

    @discardableResult
    mutating func remove(_ id: UUID) -> (any ManagedEntity)? {
        guard let old = rows.removeValue(forKey: id) else { return nil }
        for index in indexes.indices { unindex(id, from: indexes[index].key(old), index: index) }
        for index in relationships.indices {
            if let target = relationships[index].target(old) { unindex(id, from: target, relationship: index) }
        }
        return old
    }

    private mutating func unindex(_ id: UUID, from target: UUID, relationship index: Int) {
        inverse[index][target]?.remove(id)
        if inverse[index][target]?.isEmpty == true { inverse[index][target] = nil }
    }

    private mutating func unindex(_ id: UUID, from value: IndexKey, index: Int) {
        indexed[index][value]?.remove(id)
        if indexed[index][value]?.isEmpty == true { indexed[index][value] = nil }
    }

    /// The objects a fetch must test: those an index or a relationship narrows `constraints` to,
    /// or all of them.
    ///
    /// - Complexity: O(*k*) for the *k* objects of the narrowest matching index, else O(*n*).
    func candidates(for constraints: [(keyPath: AnyKeyPath, value: AnyHashable)]) -> [Entity] {
        var best: Set<UUID>?
        for constraint in constraints {
            var ids: Set<UUID>?
            if let index = indexes.firstIndex(where: { $0.keyPath == constraint.keyPath }),
               let key = indexes[index].keyOfConstant(constraint.value) {
                ids = indexed[index][key] ?? []
            } else if let index = relationships.firstIndex(where: { $0.keyPath as AnyKeyPath == constraint.keyPath }),
                      let target = (constraint.value.base as? any ManagedID)?.rawValue {
                ids = inverse[index][target] ?? []
            }
            if let ids, ids.count < best?.count ?? .max { best = ids }
        }
        guard let best else { return Array(rows.values) }
        return best.compactMap { rows[$0] }
    }

    func sources(referringTo target: UUID, ofEntity targetEntity: String) -> [(relationship: Int, id: UUID)] {
        var found: [(relationship: Int, id: UUID)] = []
        for index in relationships.indices where relationships[index].targetEntity == targetEntity {
            for id in inverse[index][target] ?? [] { found.append((index, id)) }
        }
        return found
    }

    /// The objects whose relationship at `keyPath` points at `target`.
    func sources(referringTo target: UUID, via keyPath: PartialKeyPath<Entity>) -> [Entity] {
        guard let index = relationships.firstIndex(where: { $0.keyPath == keyPath }) else {
            return rows.values.filter { object in
                relationships.contains { $0.target(object) == target }
            }
        }
        return (inverse[index][target] ?? []).compactMap { rows[$0] }
    }

    func encodeRows(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for row in rows.values { try container.encode(row) }
    }
}
