/// The entities a store holds and the version of their shape.
///
/// ```swift
/// let schema = Schema(version: 1, entities: [Board.self, Project.self])
/// ```
public struct Schema: Sendable {
    /// The version of the entities' shape, written in the store; raise it when a shape changes.
    public let version: Int
    let entities: [any ManagedEntity.Type]
    /// The steps from each older version to the next, applied when an older store opens.
    let migrations: [SchemaMigration]
    /// The entities a relationship of any entity points at: deleting an object of another
    /// looks for nothing that refers to it.
    let referencedEntities: Set<String>

    /// A schema of `entities` at `version`, with the `migrations` from older versions.
    public init(version: Int = 1, entities: [any ManagedEntity.Type], migrations: [SchemaMigration] = []) {
        self.version = version
        self.entities = entities
        self.migrations = migrations
        func targets<E: ManagedEntity>(_ type: E.Type) -> [String] { E.relationships.map(\.targetEntity) }
        referencedEntities = Set(entities.flatMap { targets($0) })
    }

    func entity(named name: String) -> (any ManagedEntity.Type)? {
        entities.first { $0.entityName == name }
    }

    /// The names of the entities in the schema.
    public var entityNames: [String] { entities.map { $0.entityName } }
}
