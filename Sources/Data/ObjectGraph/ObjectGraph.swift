import Foundation

/// Every object of every entity in a schema, held in memory: what a context reads and a store writes.
///
/// A value: copying one is O(1), and the first change to a copy's entity costs O(*n*) for that
/// entity's *n* objects.
///
/// An entity's table is made when it first gets an object: until then the entity is empty, and
/// opening a store pays nothing for the entities it does not hold (each table's indexes and their
/// generic types cost a new process more than reading a screenful of objects).
public struct ObjectGraph: Sendable {
    private var tables: [String: any AnyEntityTable]
    let schema: Schema

    /// An empty graph of `schema`'s entities.
    public init(schema: Schema) {
        self.schema = schema
        self.tables = [:]
    }

    private static func makeTable<E: ManagedEntity>(_ type: E.Type) -> any AnyEntityTable {
        EntityTable<E>()
    }

    private static func makeTable<E: ManagedEntity>(holding object: E) -> any AnyEntityTable {
        EntityTable<E>()
    }

    /// The number of objects of `type`.
    public func count<E: ManagedEntity>(of type: E.Type) -> Int {
        tables[E.entityName]?.count ?? 0
    }

    /// The objects of `type`: an empty table when it has none yet.
    func table<E: ManagedEntity>(_ type: E.Type) -> EntityTable<E> {
        existingTable(type) ?? EntityTable<E>()
    }

    /// The objects of `type`, or `nil` when it never had any in this graph: a read takes it to
    /// answer at once, without making an empty table.
    func existingTable<E: ManagedEntity>(_ type: E.Type) -> EntityTable<E>? {
        guard let table = tables[E.entityName] else {
            precondition(
                schema.entity(named: E.entityName) != nil, "\(E.entityName) is not an entity of this graph's schema")
            return nil
        }
        guard let table = table as? EntityTable<E> else {
            preconditionFailure("\(E.entityName) is not an entity of this graph's schema")
        }
        return table
    }

    subscript<E: ManagedEntity>(type: E.Type, id: E.ID) -> E? {
        existingTable(type)?.readable[id.rawValue]
    }

    subscript(id: ObjectID) -> (any ManagedEntity)? {
        tables[id.entityName]?.anyObject(id.uuid)
    }

    /// Whether the object with `id` exists, without reading it.
    func contains(_ id: ObjectID) -> Bool {
        tables[id.entityName]?.contains(id.uuid) ?? false
    }

    mutating func upsert(_ object: any ManagedEntity) {
        let name = type(of: object).entityName
        makeTableIfNeeded(named: name, holding: object)
        tables[name]?.upsert(any: object)
    }

    /// Makes the table of `object`'s entity, `name`, when the graph has none yet.
    /// - Precondition: the entity is one of the graph's schema.
    private mutating func makeTableIfNeeded(named name: String, holding object: any ManagedEntity) {
        guard tables[name] == nil else { return }
        guard schema.entity(named: name) != nil else {
            preconditionFailure("\(name) is not an entity of this graph's schema")
        }
        tables[name] = Self.makeTable(holding: object)
    }

    /// Upserts `objects`, all of one entity, at once (``EntityTable/upsert(contentsOf:)``).
    mutating func upsert<E: ManagedEntity>(contentsOf objects: [E]) {
        guard !objects.isEmpty else { return }
        var table = existingTable(E.self) ?? EntityTable<E>()
        // The table is taken out while it changes, so that it is not copied.
        tables[E.entityName] = nil
        table.upsert(contentsOf: objects)
        tables[E.entityName] = table
    }

    /// Puts each of `objects` (in order; ``ObjectChange/after``) or, where it is `nil`, removes
    /// the object with its id: the objects of one entity at once (``upsert(contentsOf:)``).
    ///
    /// - Precondition: each id at most once.
    mutating func set(_ objects: [(id: ObjectID, object: (any ManagedEntity)?)]) {
        var byEntity: [String: [any ManagedEntity]] = [:]
        var entities: [String] = []
        for (id, object) in objects {
            guard let object else {
                remove(id)
                continue
            }
            if byEntity[id.entityName] == nil { entities.append(id.entityName) }
            byEntity[id.entityName, default: []].append(object)
        }
        for name in entities {
            guard let objects = byEntity[name], let first = objects.first else { continue }
            makeTableIfNeeded(named: name, holding: first)
            // The table is taken out while it changes, so that it is not copied.
            guard var table = tables.removeValue(forKey: name) else { continue }
            table.upsert(anyContentsOf: objects)
            tables[name] = table
        }
    }

    @discardableResult
    mutating func remove(_ id: ObjectID) -> (any ManagedEntity)? {
        tables[id.entityName]?.remove(id.uuid) ?? nil
    }

    /// Puts `object`, or removes the object with `id` when `object` is `nil`.
    mutating func set(_ id: ObjectID, to object: (any ManagedEntity)?) {
        if let object { upsert(object) } else { remove(id) }
    }

    /// ``AnyEntityTable/validationIssues(of:in:)`` of the entity named `name`; `nil` when it has no objects.
    func validationIssues(ofEntityNamed name: String, ids: [UUID]) -> (issues: [ValidationIssue], constrained: Bool)? {
        tables[name]?.validationIssues(of: ids, in: self)
    }

    /// The objects, of any entity, whose relationships point at `target`.
    func referrers(of target: ObjectID) -> [(entity: String, relationship: Int, id: UUID)] {
        // Most deletes are of objects nothing can point at (a sync's outbox entries, among others).
        guard schema.referencedEntities.contains(target.entityName) else { return [] }
        var found: [(entity: String, relationship: Int, id: UUID)] = []
        for (name, table) in tables {
            for source in table.sources(referringTo: target.uuid, ofEntity: target.entityName) {
                found.append((name, source.relationship, source.id))
            }
        }
        return found
    }

    func encodeTable(named name: String, to encoder: any Encoder) throws {
        try tables[name]?.encodeRows(to: encoder)
    }

    /// Appends the objects of the entity named `name` to `json` as a JSON array; `[]` for an
    /// unknown name.
    func appendTableJSON(named name: String, to json: inout Data) throws {
        guard let table = storedTable(named: name) else {
            json.append(Data("[]".utf8))
            return
        }
        try table.appendRowsJSON(to: &json)
    }

    mutating func replaceTable<E: ManagedEntity>(_ type: E.Type, rows: [E]) {
        tables[E.entityName] = EntityTable<E>(rows: rows)
    }

    mutating func replaceTable<E: ManagedEntity>(_ table: EntityTable<E>) {
        tables[E.entityName] = table
    }

    /// Where rows read in place from the store file were found damaged, if any were.
    var storedDamage: String? { tables.values.lazy.compactMap(\.storedDamage).first }

    /// Checks every block of the rows still read in place; where they are damaged, if they are.
    ///
    /// - Complexity: O(*n*) bytes read for the rows read in place.
    func verifyStoredRows() -> String? {
        for table in tables.values { _ = table.verifyStoredRows() }
        return storedDamage
    }

    /// The number of objects of every entity.
    var objectCount: Int { tables.values.reduce(0) { $0 + $1.count } }

    /// The number of objects of the entity named `name`; 0 for an unknown name.
    func tableCount(named name: String) -> Int { tables[name]?.count ?? 0 }

    /// The objects of the entity named `name`, for a store to write (an empty table when it has
    /// none); `nil` for an unknown name.
    func storedTable(named name: String) -> (any AnyEntityTable)? {
        tables[name] ?? schema.entity(named: name).map { Self.makeTable($0) }
    }
}
