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

    init() {
        relationships = Entity.relationships
        inverse = Array(repeating: [:], count: relationships.count)
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
        for index in relationships.indices {
            if let target = relationships[index].target(old) { unindex(id, from: target, relationship: index) }
        }
        return old
    }

    private mutating func unindex(_ id: UUID, from target: UUID, relationship index: Int) {
        inverse[index][target]?.remove(id)
        if inverse[index][target]?.isEmpty == true { inverse[index][target] = nil }
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
