import Foundation

/// The JSON form of a whole graph: `{"format": 1, "schemaVersion": 1, "entities": {"Project": [...]}}`.
struct GraphDocument: Codable {
    /// The layout of the document itself; raised when this layout changes.
    static let currentFormat = 1

    var graph: ObjectGraph

    init(graph: ObjectGraph) { self.graph = graph }

    private enum Keys: String, CodingKey { case format, schemaVersion, entities }

    struct EntityKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static let schemaKey = CodingUserInfoKey(rawValue: "ProjectManagerData.schema")!

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Self.currentFormat, forKey: .format)
        try container.encode(graph.schema.version, forKey: .schemaVersion)
        var entities = container.nestedContainer(keyedBy: EntityKey.self, forKey: .entities)
        for name in graph.schema.entityNames {
            try graph.encodeTable(named: name, to: entities.superEncoder(forKey: EntityKey(stringValue: name)))
        }
    }

    init(from decoder: any Decoder) throws {
        guard let schema = decoder.userInfo[Self.schemaKey] as? Schema else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no schema given"))
        }
        let container = try decoder.container(keyedBy: Keys.self)
        let format = try container.decode(Int.self, forKey: .format)
        guard format <= Self.currentFormat else { throw NewerFormat(found: format) }
        var graph = ObjectGraph(schema: schema)
        let entities = try container.nestedContainer(keyedBy: EntityKey.self, forKey: .entities)
        for entity in schema.entities {
            try Self.decodeRows(of: entity, from: entities, into: &graph)
        }
        self.graph = graph
    }

    private static func decodeRows<E: ManagedEntity>(
        of type: E.Type, from container: KeyedDecodingContainer<EntityKey>, into graph: inout ObjectGraph
    ) throws {
        let rows = try container.decodeIfPresent([E].self, forKey: EntityKey(stringValue: E.entityName)) ?? []
        graph.replaceTable(E.self, rows: rows)
    }

    /// Thrown while decoding a document of a newer format.
    struct NewerFormat: Error { let found: Int }

    /// Decodes a document, mapping every failure to a ``StoreError`` that names `file`.
    static func decode(_ data: Data, schema: Schema, file: String) throws(StoreError) -> ObjectGraph {
        let decoder = JSONDecoder()
        decoder.userInfo[schemaKey] = schema
        do {
            return try decoder.decode(GraphDocument.self, from: data).graph
        } catch let error as NewerFormat {
            throw .newerFormat(file: file, found: error.found, supported: currentFormat)
        } catch let error as DecodingError {
            throw .unreadable(file: file, reason: describe(error))
        } catch {
            throw .unreadable(file: file, reason: "\(error)")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            context.codingPath.isEmpty ? "not a ProjectManager store (not valid JSON)" : "bad value at \(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context): "missing \(key.stringValue) at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "bad value at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
