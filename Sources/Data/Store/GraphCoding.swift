import Foundation

/// A coding key named by a string: an entity's name.
struct NameKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension CodingUserInfoKey {
    /// The ``Schema`` a decoder reads entities with.
    static let schema = CodingUserInfoKey(rawValue: "ProjectManagerData.schema")!
}

extension Decoder {
    /// The schema given in `userInfo`, which every decoding of entities needs.
    func schema() throws -> Schema {
        guard let schema = userInfo[.schema] as? Schema else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "no schema given to the decoder"))
        }
        return schema
    }
}

// MARK: - Whole graph

/// The JSON form of a store's contents:
/// `{"format": 1, "schemaVersion": 1, "entities": {"Project": [...]}, "undo": [...], "redo": [...]}`.
struct GraphDocument: Codable {
    /// The layout of the document itself; raised when this layout changes.
    static let currentFormat = 1

    var contents: StoreContents

    init(contents: StoreContents) { self.contents = contents }

    private enum Keys: String, CodingKey { case format, schemaVersion, entities, undo, redo }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        let graph = contents.graph
        try container.encode(Self.currentFormat, forKey: .format)
        try container.encode(graph.schema.version, forKey: .schemaVersion)
        var entities = container.nestedContainer(keyedBy: NameKey.self, forKey: .entities)
        for name in graph.schema.entityNames {
            try graph.encodeTable(named: name, to: entities.superEncoder(forKey: NameKey(stringValue: name)))
        }
        try container.encode(contents.undo.undo, forKey: .undo)
        try container.encode(contents.undo.redo, forKey: .redo)
    }

    /// The JSON of `GraphDocument(contents: contents)`, as `JSONEncoder` writes it, but with
    /// each entity's objects encoded in chunks on every core (``ObjectGraph/appendTableJSON(named:to:)``),
    /// so that the encoder's tree of a large graph is never held whole.
    ///
    /// - Complexity: O(*n*) for *n* objects and undo changes.
    static func encodeJSON(_ contents: StoreContents) throws -> Data {
        let encoder = JSONEncoder()
        let graph = contents.graph
        var json = Data("{\"format\":\(currentFormat),\"schemaVersion\":\(graph.schema.version),\"entities\":{".utf8)
        for (index, name) in graph.schema.entityNames.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(try encoder.encode(name))
            json.append(UInt8(ascii: ":"))
            try graph.appendTableJSON(named: name, to: &json)
        }
        json.append(Data("},\"undo\":".utf8))
        json.append(try encoder.encode(contents.undo.undo))
        json.append(Data(",\"redo\":".utf8))
        json.append(try encoder.encode(contents.undo.redo))
        json.append(UInt8(ascii: "}"))
        return json
    }

    init(from decoder: any Decoder) throws {
        let schema = try decoder.schema()
        let container = try decoder.container(keyedBy: Keys.self)
        let format = try container.decode(Int.self, forKey: .format)
        guard format <= Self.currentFormat else { throw NewerFormat(found: format) }
        var graph = ObjectGraph(schema: schema)
        let entities = try container.nestedContainer(keyedBy: NameKey.self, forKey: .entities)
        for entity in schema.entities {
            try Self.decodeRows(of: entity, from: entities, into: &graph)
        }
        var undo = UndoStack(limit: .max)
        undo.undo = try container.decodeIfPresent([UndoGroup].self, forKey: .undo) ?? []
        undo.redo = try container.decodeIfPresent([UndoGroup].self, forKey: .redo) ?? []
        contents = StoreContents(graph: graph, undo: undo)
    }

    private static func decodeRows<E: ManagedEntity>(
        of type: E.Type, from container: KeyedDecodingContainer<NameKey>, into graph: inout ObjectGraph
    ) throws {
        let rows = try container.decodeIfPresent([E].self, forKey: NameKey(stringValue: E.entityName)) ?? []
        if !rows.isEmpty { graph.replaceTable(E.self, rows: rows) }
    }

    /// Thrown while decoding a document of a newer format.
    struct NewerFormat: Error { let found: Int }

    /// Decodes a document, mapping every failure to a ``StoreError`` that names `file`.
    static func decode(_ data: Data, schema: Schema, undoLimit: Int, file: String) throws(StoreError) -> StoreContents {
        var contents = try decodeJSON(GraphDocument.self, from: data, schema: schema, file: file).contents
        contents.undo.limit = undoLimit
        if contents.undo.undo.count > undoLimit { contents.undo.undo.removeFirst(contents.undo.undo.count - undoLimit) }
        return contents
    }

    /// Decodes JSON with `schema`, mapping every failure to a ``StoreError`` that names `file`.
    static func decodeJSON<T: Decodable>(_ type: T.Type, from data: Data, schema: Schema, file: String)
        throws(StoreError) -> T
    {
        let decoder = JSONDecoder()
        decoder.userInfo[.schema] = schema
        do {
            return try decoder.decode(type, from: data)
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
            context.codingPath.isEmpty
                ? "not a ProjectManager store (not valid JSON)"
                : "bad value at \(path(context.codingPath)): \(context.debugDescription)"
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

// MARK: - Changes

extension ObjectChange: Codable {
    private enum Keys: String, CodingKey {
        case entity = "e"
        case id
        case before = "b"
        case after = "a"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id.entityName, forKey: .entity)
        try container.encode(id.uuid, forKey: .id)
        if let before { try container.encode(before, forKey: .before) }
        if let after { try container.encode(after, forKey: .after) }
    }

    init(from decoder: any Decoder) throws {
        let schema = try decoder.schema()
        let container = try decoder.container(keyedBy: Keys.self)
        let name = try container.decode(String.self, forKey: .entity)
        guard let entity = schema.entity(named: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .entity, in: container, debugDescription: "unknown entity \(name)")
        }
        id = ObjectID(entityName: name, uuid: try container.decode(UUID.self, forKey: .id))
        before = try Self.decodeObject(of: entity, from: container, forKey: .before)
        after = try Self.decodeObject(of: entity, from: container, forKey: .after)
    }

    private static func decodeObject<E: ManagedEntity>(
        of type: E.Type, from container: KeyedDecodingContainer<Keys>, forKey key: Keys
    ) throws -> (any ManagedEntity)? {
        try container.decodeIfPresent(E.self, forKey: key)
    }
}

extension UndoGroup: Codable {
    private enum Keys: String, CodingKey { case name, scope, changes }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(scope, forKey: .scope)
        try container.encode(changes, forKey: .changes)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            name: try container.decodeIfPresent(String.self, forKey: .name),
            scope: try container.decodeIfPresent(String.self, forKey: .scope),
            changes: try container.decode([ObjectChange].self, forKey: .changes))
    }
}

extension StoreCommit: Codable {
    private enum Keys: String, CodingKey {
        case operation = "op"
        case actionName = "name"
        case scope = "s"
        case changes = "c"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(operation, forKey: .operation)
        try container.encodeIfPresent(actionName, forKey: .actionName)
        try container.encodeIfPresent(scope, forKey: .scope)
        try container.encode(changes, forKey: .changes)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        operation = try container.decode(UndoOperation.self, forKey: .operation)
        actionName = try container.decodeIfPresent(String.self, forKey: .actionName)
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
        changes = try container.decode([ObjectChange].self, forKey: .changes)
    }
}

extension StoreContents {
    /// Applies the saved commits of `replay`: each commit's operation to the undo stacks, in
    /// order, and to the graph what they left (``JournalReplay``).
    ///
    /// - Complexity: O(*c*) for *c* changes, plus one pass of each entity's upserts.
    mutating func apply(_ replay: JournalReplay) {
        for commit in replay.commits {
            undo.apply(commit.operation, name: commit.actionName, scope: commit.scope, changes: commit.changes)
        }
        graph.set(replay.folded)
    }
}

/// The records of a journal, replayed as one: the undo stacks take each commit in order; the
/// graph takes each object once, as the last commit that changed it left it, and the objects of
/// an entity at once. A journal that moved one card a thousand times sets it once, and an
/// entity few of whose objects changed can stay read in place.
struct JournalReplay {
    /// The commits, in order.
    let commits: [StoreCommit]
    /// Each object the commits changed, once, as the last of them left it (`nil`: deleted), in
    /// the order they first changed it.
    let folded: [(id: ObjectID, object: (any ManagedEntity)?)]
    /// How many objects of each entity the commits changed.
    let changedObjects: [String: Int]

    init(_ commits: [StoreCommit]) {
        var last: [ObjectID: Int] = [:]
        var folded: [(id: ObjectID, object: (any ManagedEntity)?)] = []
        var changed: [String: Int] = [:]
        for commit in commits {
            for change in commit.changes {
                if let index = last[change.id] {
                    folded[index].object = change.after
                } else {
                    last[change.id] = folded.count
                    folded.append((change.id, change.after))
                    changed[change.id.entityName, default: 0] += 1
                }
            }
        }
        self.commits = commits
        self.folded = folded
        changedObjects = changed
    }

    /// Whether the table of `entity`, of `rows` objects in the snapshot, is better decoded whole
    /// than read in place under this replay: when it changes many of them (a thousand, and a
    /// quarter of the rows), each of which a table read in place would look up in the file and
    /// sort in one at a time, where a whole table sorts them in once.
    func readsWhole(_ entity: String, rows: Int) -> Bool {
        let count = changedObjects[entity] ?? 0
        return count >= 1_024 && count * 4 >= rows
    }
}
