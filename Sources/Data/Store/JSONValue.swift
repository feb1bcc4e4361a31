import Foundation

/// A JSON value, for migrations that reshape stored objects before they are decoded.
public enum JSONValue: Hashable, Sendable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, by key.
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        get { if case .object(let members) = self { members[key] } else { nil } }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }
}

/// How to bring stored objects from one schema version to the next.
///
/// ```swift
/// // Version 2 gave every project a priority.
/// let addPriority = SchemaMigration(from: 1) { entity, object in
///     if entity == "Project" { object["priority"] = .number(0) }
/// }
/// let schema = Schema(version: 2, entities: [...], migrations: [addPriority])
/// ```
public struct SchemaMigration: Sendable {
    /// The version this migration reads; it writes `version + 1`.
    public let version: Int
    let transform: @Sendable (_ entity: String, _ object: inout JSONValue) throws -> Void

    /// A step from `version` to `version + 1` that reshapes each stored object of each entity.
    public init(
        from version: Int, transform: @escaping @Sendable (_ entity: String, _ object: inout JSONValue) throws -> Void
    ) {
        self.version = version
        self.transform = transform
    }
}

extension Schema {
    /// The migrations that take stored objects from `version` to this schema's version, in order,
    /// or `nil` when a step is missing.
    func migrations(from version: Int) -> [SchemaMigration]? {
        var steps: [SchemaMigration] = []
        for step in version..<self.version {
            guard let migration = migrations.first(where: { $0.version == step }) else { return nil }
            steps.append(migration)
        }
        return steps
    }
}

/// Applies migrations to the JSON of a snapshot (``GraphDocument``) or of a journal record
/// (``StoreCommit``): to every stored object, wherever it stands.
enum StoredJSONMigration {
    static func migrateDocument(_ data: Data, with steps: [SchemaMigration]) throws -> Data {
        var document = try JSONDecoder().decode(JSONValue.self, from: data)
        for step in steps {
            if case .object(var entities)? = document["entities"] {
                for (name, rows) in entities {
                    guard case .array(var objects) = rows else { continue }
                    for index in objects.indices { try step.transform(name, &objects[index]) }
                    entities[name] = .array(objects)
                }
                document["entities"] = .object(entities)
            }
            for stack in ["undo", "redo"] {
                guard case .array(var groups)? = document[stack] else { continue }
                for index in groups.indices {
                    if var changes = groups[index]["changes"] {
                        try migrateChanges(&changes, step)
                        groups[index]["changes"] = changes
                    }
                }
                document[stack] = .array(groups)
            }
        }
        if let last = steps.last { document["schemaVersion"] = .number(Double(last.version + 1)) }
        return try JSONEncoder().encode(document)
    }

    static func migrateRecord(_ data: Data, with steps: [SchemaMigration]) throws -> Data {
        var record = try JSONDecoder().decode(JSONValue.self, from: data)
        for step in steps {
            if var changes = record["c"] {
                try migrateChanges(&changes, step)
                record["c"] = changes
            }
        }
        return try JSONEncoder().encode(record)
    }

    /// Applies migrations to one stored object of the entity named `entity`, in JSON.
    static func migrateObject(_ data: Data, of entity: String, with steps: [SchemaMigration]) throws -> Data {
        var object = try JSONDecoder().decode(JSONValue.self, from: data)
        for step in steps { try step.transform(entity, &object) }
        return try JSONEncoder().encode(object)
    }

    /// Applies migrations to a JSON array of stored objects of the entity named `entity`.
    static func migrateObjects(_ data: Data, of entity: String, with steps: [SchemaMigration]) throws -> Data {
        var objects = try JSONDecoder().decode([JSONValue].self, from: data)
        for step in steps {
            for index in objects.indices { try step.transform(entity, &objects[index]) }
        }
        return try JSONEncoder().encode(objects)
    }

    private static func migrateChanges(_ changes: inout JSONValue, _ step: SchemaMigration) throws {
        guard case .array(var list) = changes else { return }
        for index in list.indices {
            guard case .string(let entity)? = list[index]["e"] else { continue }
            for side in ["b", "a"] {
                guard var object = list[index][side] else { continue }
                try step.transform(entity, &object)
                list[index][side] = object
            }
        }
        changes = .array(list)
    }
}
