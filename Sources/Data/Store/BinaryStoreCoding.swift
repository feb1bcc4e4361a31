import Foundation
import ProjectManagerDomain

/// The snapshot and record payloads of a store file of format 2: the built-in entities in their
/// hand-written coding (``BinaryEntity``), any other entity as JSON inside the same payload.
///
/// Snapshot (all counts and lengths varints, see ``BinaryWriter``):
/// ```
/// layout (2) · entity count · per entity: name, coding, object count, UInt64 byte count,
///              UInt64 index byte count, objects, index
///            · undo group count, groups · redo group count, groups
///            · UInt32 CRC-32C of every byte above outside the entities' objects and indexes
/// ```
/// The *index* of a built-in entity's objects (``StoredRows``: each row's offset, the ids in
/// order, each ordering's groups, rows and places, and a checksum per 1 KiB) lets a store read its objects in place
/// from the mapped file; other entities have none (a byte count of 0). Layout 1, which the first
/// stores of format 2 wrote, has no index byte count and no index; it is read whole, and
/// rewritten.
/// An entity's *coding* is its ``BinaryEntity/binaryVersion``, or 0 for JSON; its objects are
/// each length-prefixed in the first case, one JSON array in the second. A group is its
/// optional name, its optional undo scope and its changes; a change is the entity's index in the
/// list above, the object's id, a byte saying which values follow (1 before, 2 after), and each
/// value length-prefixed.
///
/// Record: `operation · optional action name · optional scope · entity count · per entity: name,
/// coding · changes`, where the entities are those the changes use.
enum BinaryStoreCoding {
    /// The layout of the snapshot payload itself; raised when it changes.
    static let snapshotLayout: UInt64 = 2

    /// The first layout, without indexes: read whole.
    static let firstSnapshotLayout: UInt64 = 1

    /// The number of objects from which an entity's stored objects are read in place rather
    /// than all read when the store opens.
    static let defaultInPlaceThreshold = 512

    /// An entity as a payload names it: its type in this schema (`nil` when the schema has none
    /// of that name) and the coding its values were written in.
    struct Entity: Sendable {
        let name: String
        let type: (any ManagedEntity.Type)?
        /// The binary version, or 0 for JSON.
        let coding: Int
    }

    // MARK: - Snapshot

    /// The snapshot payload of `contents`, in one buffer.
    ///
    /// - Complexity: O(*n*) for *n* objects and undo changes.
    static func encodeSnapshot(_ contents: StoreContents) throws -> Data {
        let payload = try SnapshotPayload(contents)
        var data = Data(capacity: payload.byteCount)
        payload.write { piece in data.append(piece) }
        return data
    }

    /// A snapshot payload measured before it is written, so that a store can write it to its
    /// file in pieces (``write(pieceSize:to:)``) instead of building it whole in memory.
    ///
    /// Measuring encodes each object of a built-in entity once into a scratch buffer (its byte
    /// count goes before the objects); the objects of other entities are encoded as JSON, and the
    /// undo and redo stacks (bounded by ``UndoStack/byteLimit``) in their coding, and kept.
    struct SnapshotPayload {
        /// How one entity's objects are written.
        private enum Rows {
            /// Each in its binary coding, from the graph, taking this many bytes, then the index
            /// (its checksums to come).
            case binary(byteCount: Int, index: Data)
            /// As one JSON array, these bytes.
            case json(Data)
        }

        private struct Table {
            let name: String
            let coding: Int
            let count: Int
            let rows: Rows

            var rowsByteCount: Int {
                switch rows {
                case .binary(let byteCount, _): byteCount
                case .json(let data): data.count
                }
            }

            /// The index and its checksums.
            var indexByteCount: Int {
                switch rows {
                case .binary(let byteCount, let index):
                    index.count + StoredIndexWriter.checksumsByteCount(covering: byteCount + index.count)
                case .json: 0
                }
            }
        }

        private let graph: ObjectGraph
        private let tables: [Table]
        /// The undo and redo stacks, encoded.
        private let stacks: Data
        /// The size of the payload.
        let byteCount: Int

        /// Measures the snapshot payload of `contents`.
        ///
        /// - Complexity: O(*n*) for *n* objects and undo changes.
        init(_ contents: StoreContents) throws {
            graph = contents.graph
            var tables: [Table] = []
            var slots: [String: Int] = [:]
            var byteCount =
                BinaryWriter.varintSize(snapshotLayout) + BinaryWriter.varintSize(UInt64(graph.schema.entities.count))
            for (slot, entity) in graph.schema.entities.enumerated() {
                let name = entity.entityName
                slots[name] = slot
                let table = graph.storedTable(named: name)
                let rows: Rows
                // Measuring the index encodes each object once, and counts the rows' bytes too.
                if let table, let stored = table.storedIndex() {
                    rows = .binary(byteCount: stored.rowsByteCount, index: stored.index)
                } else {
                    var json = Data()
                    try graph.appendTableJSON(named: name, to: &json)
                    rows = .json(json)
                }
                let stored = Table(name: name, coding: coding(of: entity), count: table?.count ?? 0, rows: rows)
                byteCount +=
                    BinaryWriter.varintSize(UInt64(name.utf8.count)) + name.utf8.count
                    + BinaryWriter.varintSize(UInt64(stored.coding)) + BinaryWriter.varintSize(UInt64(stored.count))
                    + 16 + stored.rowsByteCount + stored.indexByteCount
                tables.append(stored)
            }
            var writer = BinaryWriter(capacity: 1_024)
            for stack in [contents.undo.undo, contents.undo.redo] {
                writer.append(count: stack.count)
                for group in stack {
                    writer.append(optionalString: group.name)
                    writer.append(optionalString: group.scope)
                    try appendChanges(group.changes, slots: slots, to: &writer)
                }
            }
            stacks = writer.finish()
            self.tables = tables
            self.byteCount = byteCount + stacks.count + 4
        }

        /// Hands the payload to `output` in order, in pieces of about `pieceSize` bytes: only one
        /// piece is in memory at a time, besides what measuring kept.
        ///
        /// - Complexity: O(*n*) for *n* objects.
        func write<Failure: Error>(pieceSize: Int = 1 << 20, to output: (Data) throws(Failure) -> Void) throws(Failure)
        {
            var writer = BinaryWriter(capacity: pieceSize + 4_096)
            // Every byte outside the tables' checksummed blocks is checksummed here, last.
            var rest = CRC32C()
            func plain(_ piece: Data) throws(Failure) {
                rest.update(piece)
                try output(piece)
            }
            writer.append(varint: snapshotLayout)
            writer.append(count: tables.count)
            for table in tables {
                writer.append(string: table.name)
                writer.append(count: table.coding)
                writer.append(count: table.count)
                writer.append(uint64: UInt64(table.rowsByteCount))
                writer.append(uint64: UInt64(table.indexByteCount))
                switch table.rows {
                case .binary(_, let index):
                    // The rows and the index are checksummed in blocks as they pass.
                    try plain(writer.bytes)
                    writer.removeAll()
                    var checksums = BlockChecksums()
                    let flushSection = { (writer: inout BinaryWriter) throws(Failure) in
                        guard writer.count >= pieceSize else { return }
                        let piece = writer.bytes
                        checksums.feed(piece)
                        try output(piece)
                        writer.removeAll()
                    }
                    try graph.storedTable(named: table.name)?.writeBinaryRows(to: &writer, flush: flushSection)
                    let last = writer.bytes
                    checksums.feed(last)
                    try output(last)
                    writer.removeAll()
                    checksums.feed(index)
                    try output(index)
                    try output(checksums.finish())
                case .json(let data):
                    try plain(writer.bytes)
                    writer.removeAll()
                    try plain(data)
                }
            }
            writer.append(stacks)
            if writer.count > 0 { try plain(writer.bytes) }
            var checksum = Data()
            checksum.appendLittleEndian(rest.value)
            try output(checksum)
        }
    }

    /// Reads a snapshot payload.
    ///
    /// - Parameters:
    ///   - steps: The schema migrations to apply to objects stored as JSON.
    ///   - inPlaceThreshold: The number of objects from which a built-in entity's objects are
    ///     read in place from `data` (which should then be mapped, not read) rather than decoded now.
    ///   - file: A descriptor of the store file `data` is mapped from, and where `data` starts in
    ///     it: tables read in place then read their rows with `pread`, so that reading rows
    ///     scattered over the file does not map them into the process's memory.
    ///   - checkingRest: Whether to check the checksum of the bytes outside the tables' blocks (of
    ///     layout 2): when the snapshot frame's own checksum was not checked.
    ///   - undoOnFirstUse: Whether the undo and redo stacks' objects are decoded when the stacks are
    ///     first used (``UndoStack/init(limit:decodingOnFirstUse:)``) rather than now; their
    ///     framing is checked now either way. `data` is then kept until they are.
    ///   - readsWhole: Whether an entity of that name and number of objects is decoded now even
    ///     from `inPlaceThreshold` objects (a journal about to change many of them).
    /// - Returns: The contents, and whether the snapshot is of an older layout, to be rewritten.
    static func decodeSnapshot(
        _ data: Data, schema: Schema, undoLimit: Int, steps: [SchemaMigration],
        inPlaceThreshold: Int = defaultInPlaceThreshold, checkingRest: Bool = false,
        file: (descriptor: Int32, offset: Int)? = nil, undoOnFirstUse: Bool = false,
        readsWhole: (_ entity: String, _ rows: Int) -> Bool = { _, _ in false }
    ) throws -> (StoreContents, olderLayout: Bool) {
        try data.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes)
            let layout = try reader.varint()
            guard layout == snapshotLayout || layout == firstSnapshotLayout else {
                throw reader.error("the snapshot has layout \(layout), which this engine does not know")
            }
            var graph = ObjectGraph(schema: schema)
            var entities: [Entity] = []
            var blocks: [Range<Int>] = []
            var outdated = false
            for _ in 0..<(try reader.count()) {
                let entity = try readEntity(&reader, schema: schema)
                let rowCount = try reader.count()
                let byteCount = try reader.uint64()
                let indexByteCount = layout == firstSnapshotLayout ? 0 : try reader.uint64()
                guard byteCount <= UInt64(reader.remaining), indexByteCount <= UInt64(reader.remaining) - byteCount
                else {
                    throw reader.error("the \(entity.name) objects run past the end")
                }
                let start = reader.offset
                var rows = BinaryReader(try reader.bytes(Int(byteCount)), origin: start)
                let indexStart = reader.offset
                _ = try reader.bytes(Int(indexByteCount))
                if indexByteCount > 0 { blocks.append(start..<reader.offset) }
                // An entity without objects gets no table: the graph makes one at its first object.
                let empty = rowCount == 0 && (byteCount == 0 || rows.remainsEmptyJSONArray)
                if let type = entity.type, !empty {
                    if indexByteCount > 0, entity.coding > 0, let binary = BinaryEntities.binary(type) {
                        let older = try readIndexedTable(
                            binary, version: entity.coding, count: rowCount, payload: data,
                            rows: start..<indexStart, index: indexStart..<(indexStart + Int(indexByteCount)),
                            inPlace: rowCount >= inPlaceThreshold && !readsWhole(entity.name, rowCount), file: file,
                            reader: &rows, into: &graph)
                        outdated = outdated || older
                    } else {
                        try decodeTable(
                            type, coding: entity.coding, count: rowCount, from: &rows, steps: steps, into: &graph)
                    }
                }
                entities.append(entity)
            }
            var undo = UndoStack(limit: undoLimit)
            if undoOnFirstUse {
                let start = reader.offset
                _ = try readGroups(&reader, entities: entities, steps: steps, decodingObjects: false)
                _ = try readGroups(&reader, entities: entities, steps: steps, decodingObjects: false)
                let stacks = start..<reader.offset
                let entities = entities
                undo = UndoStack(limit: undoLimit) {
                    try data.withUnsafeBytes { bytes in
                        var reader = BinaryReader(
                            UnsafeRawBufferPointer(rebasing: bytes[stacks]), origin: stacks.lowerBound)
                        let undo = try readGroups(&reader, entities: entities, steps: steps)
                        let redo = try readGroups(&reader, entities: entities, steps: steps)
                        return (undo, redo)
                    }
                }
            } else {
                undo.undo = try readGroups(&reader, entities: entities, steps: steps)
                undo.redo = try readGroups(&reader, entities: entities, steps: steps)
            }
            if layout == snapshotLayout {
                let end = reader.offset
                let stored = try reader.uint32()
                if checkingRest {
                    var crc = CRC32C()
                    var from = 0
                    for block in blocks + [end..<end] {
                        crc.update(UnsafeRawBufferPointer(rebasing: bytes[from..<block.lowerBound]))
                        from = block.upperBound
                    }
                    guard crc.value == stored else {
                        throw BinaryCodingError(offset: 0, reason: "the snapshot's checksum does not match")
                    }
                }
            }
            try reader.expectEnd("the snapshot")
            undo.trimToLimit()
            return (StoreContents(graph: graph, undo: undo), layout != snapshotLayout || outdated)
        }
    }

    /// Reads a stack of undo groups; with `decodingObjects` `false`, checks their framing and
    /// skips their objects, and returns none.
    private static func readGroups(
        _ reader: inout BinaryReader, entities: [Entity], steps: [SchemaMigration], decodingObjects: Bool = true
    ) throws -> [UndoGroup] {
        var groups: [UndoGroup] = []
        for _ in 0..<(try reader.count()) {
            let name = try reader.optionalString()
            let scope = try reader.optionalString()
            let changes = try readChanges(&reader, entities: entities, steps: steps, decodingObjects: decodingObjects)
            if decodingObjects { groups.append(UndoGroup(name: name, scope: scope, changes: changes)) }
        }
        return groups
    }

    // MARK: - Records

    /// The record payload of one save.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    static func encodeRecord(_ commit: StoreCommit) throws -> Data {
        var writer = BinaryWriter(capacity: 256 * commit.changes.count + 64)
        writer.append(byte: operationCode(commit.operation))
        writer.append(optionalString: commit.actionName)
        writer.append(optionalString: commit.scope)
        var slots: [String: Int] = [:]
        var used: [any ManagedEntity.Type] = []
        for change in commit.changes {
            guard let object = change.after ?? change.before, slots[change.id.entityName] == nil else { continue }
            slots[change.id.entityName] = used.count
            used.append(type(of: object))
        }
        // An entity whose only changes are deletes saved without undo (no object on either side):
        // its name is all a reader needs, and no object of it is read.
        var named: [String] = []
        for change in commit.changes where slots[change.id.entityName] == nil {
            slots[change.id.entityName] = used.count + named.count
            named.append(change.id.entityName)
        }
        writer.append(count: used.count + named.count)
        for entity in used {
            writer.append(string: entity.entityName)
            writer.append(count: coding(of: entity))
        }
        for name in named {
            writer.append(string: name)
            writer.append(count: 0)
        }
        try appendChanges(commit.changes, slots: slots, to: &writer)
        return writer.finish()
    }

    /// Reads a record payload.
    ///
    /// - Parameter steps: The schema migrations to apply to objects stored as JSON.
    static func decodeRecord(_ data: Data, schema: Schema, steps: [SchemaMigration]) throws -> StoreCommit {
        try data.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes)
            let code = try reader.byte()
            guard let operation = operation(code) else {
                throw reader.error("the record's undo operation has the code \(code)")
            }
            let actionName = try reader.optionalString()
            let scope = try reader.optionalString()
            var entities: [Entity] = []
            for _ in 0..<(try reader.count()) { entities.append(try readEntity(&reader, schema: schema)) }
            let changes = try readChanges(&reader, entities: entities, steps: steps)
            try reader.expectEnd("the record")
            return StoreCommit(changes: changes, operation: operation, actionName: actionName, scope: scope)
        }
    }

    private static let operations: [UndoOperation] = [.none, .push, .merge, .undo, .redo, .clear]

    private static func operationCode(_ operation: UndoOperation) -> UInt8 {
        UInt8(operations.firstIndex(of: operation) ?? 0)
    }

    private static func operation(_ code: UInt8) -> UndoOperation? {
        Int(code) < operations.count ? operations[Int(code)] : nil
    }

    // MARK: - Entities and changes

    /// The coding objects of `type` are written in: their binary version, or 0 for JSON.
    static func coding(of type: any ManagedEntity.Type) -> Int {
        BinaryEntities.version(of: type)
    }

    private static func readEntity(_ reader: inout BinaryReader, schema: Schema) throws -> Entity {
        let name = try reader.string()
        let coding = try reader.count()
        let type = schema.entity(named: name)
        if let type, coding > 0 {
            let supported = Self.coding(of: type)
            guard coding <= supported else {
                throw reader.error(
                    "the \(name) objects are in coding \(coding), which this engine cannot read (it reads up to \(supported))"
                )
            }
        }
        return Entity(name: name, type: type, coding: coding)
    }

    private static func appendChanges(_ changes: [ObjectChange], slots: [String: Int], to writer: inout BinaryWriter)
        throws
    {
        writer.append(count: changes.count)
        for change in changes {
            guard let slot = slots[change.id.entityName] else {
                throw BinaryCodingError(
                    offset: writer.count, reason: "a change of \(change.id.entityName), which the schema does not have")
            }
            writer.append(count: slot)
            writer.append(uuid: change.id.uuid)
            writer.append(byte: (change.before == nil ? 0 : 1) | (change.after == nil ? 0 : 2))
            if let before = change.before { try appendValue(before, to: &writer) }
            if let after = change.after { try appendValue(after, to: &writer) }
        }
    }

    /// Reads the changes of a record or an undo group; with `decodingObjects` `false`, checks
    /// their framing and skips their objects, and returns none.
    private static func readChanges(
        _ reader: inout BinaryReader, entities: [Entity], steps: [SchemaMigration], decodingObjects: Bool = true
    ) throws -> [ObjectChange] {
        let count = try reader.count(unit: 18)
        var changes: [ObjectChange] = []
        changes.reserveCapacity(decodingObjects ? count : 0)
        for _ in 0..<count {
            let slot = try reader.count()
            guard slot < entities.count else {
                throw reader.error("a change names entity \(slot) of \(entities.count)")
            }
            let entity = entities[slot]
            guard let type = entity.type else {
                throw reader.error("a change of \(entity.name), which the schema does not have")
            }
            let id = ObjectID(entityName: entity.name, uuid: try reader.uuid())
            let sides = try reader.byte()
            guard sides & ~3 == 0 else { throw reader.error("a change has the sides \(sides)") }
            guard decodingObjects else {
                for side in [1, 2] where sides & UInt8(side) != 0 { _ = try reader.lengthPrefixed() }
                continue
            }
            var change = ObjectChange(id: id, before: nil, after: nil)
            if sides & 1 != 0 {
                change.before = try readValue(type, coding: entity.coding, from: &reader, steps: steps)
            }
            if sides & 2 != 0 { change.after = try readValue(type, coding: entity.coding, from: &reader, steps: steps) }
            changes.append(change)
        }
        return changes
    }

    // MARK: - Values

    private static func appendValue(_ object: any ManagedEntity, to writer: inout BinaryWriter) throws {
        if let binary = BinaryEntities.binary(type(of: object)) {
            writer.appendLengthPrefixed { BinaryEntities.encode(object, as: binary, to: &$0) }
        } else {
            let json = try JSONEncoder().encode(object)
            writer.append(count: json.count)
            writer.append(json)
        }
    }

    private static func readValue<E: ManagedEntity>(
        _ type: E.Type, coding: Int, from reader: inout BinaryReader, steps: [SchemaMigration]
    ) throws -> any ManagedEntity {
        var value = try reader.lengthPrefixed()
        if coding > 0, let binary = BinaryEntities.binary(type) {
            return try readBinary(binary, version: coding, from: &value)
        }
        let json = try value.bytes(value.remaining)
        var data = Data(json)
        if !steps.isEmpty { data = try StoredJSONMigration.migrateObject(data, of: E.entityName, with: steps) }
        return try JSONDecoder().decode(E.self, from: data)
    }

    private static func readBinary<B: BinaryEntity>(_ type: B.Type, version: Int, from reader: inout BinaryReader)
        throws -> B
    {
        let object = try B(from: &reader, version: version)
        try reader.expectEnd("a \(B.entityName) object")
        return object
    }

    // MARK: - Tables

    private static func decodeTable<E: ManagedEntity>(
        _ type: E.Type, coding: Int, count: Int, from reader: inout BinaryReader, steps: [SchemaMigration],
        into graph: inout ObjectGraph
    ) throws {
        if coding > 0, let binary = BinaryEntities.binary(type) {
            try decodeBinaryTable(binary, version: coding, count: count, from: &reader, into: &graph)
            return
        }
        var data = Data(try reader.bytes(reader.remaining))
        if !steps.isEmpty { data = try StoredJSONMigration.migrateObjects(data, of: E.entityName, with: steps) }
        let rows = try JSONDecoder().decode([E].self, from: data)
        graph.replaceTable(EntityTable(rows: rows))
    }

    /// Builds the table as it reads the objects, in one pass, with room for all of them.
    ///
    /// Specialised for the built-in entities, so that each object's upsert runs without looking
    /// up generic metadata.
    @_specialize(exported:false,where B == ProjectManagerDomain.Project)
    @_specialize(exported:false,where B == ActivityRecord)
    @_specialize(exported:false,where B == ProjectManagerDomain.Board)
    private static func decodeBinaryTable<B: BinaryEntity>(
        _ type: B.Type, version: Int, count: Int, from reader: inout BinaryReader, into graph: inout ObjectGraph
    ) throws {
        guard count <= reader.remaining else {
            throw reader.error("\(count) \(B.entityName) objects cannot fit in \(reader.remaining) bytes")
        }
        var table = EntityTable<B>(capacity: count, deferringOrderings: true)
        for _ in 0..<count {
            var row = try reader.lengthPrefixed()
            table.upsert(try readBinary(B.self, version: version, from: &row))
        }
        table.buildOrderings()
        try reader.expectEnd("the \(B.entityName) objects")
        graph.replaceTable(table)
    }

    /// A table with an index: read in place when it is large (checked block by block as it is
    /// read), else decoded now after its blocks are checked.
    ///
    /// - Returns: Whether the index is older than the entity (its orderings differ): the table
    ///   was read whole, and the snapshot should be written again.
    private static func readIndexedTable<B: BinaryEntity>(
        _ type: B.Type, version: Int, count: Int, payload: Data, rows: Range<Int>, index: Range<Int>, inPlace: Bool,
        file: (descriptor: Int32, offset: Int)?, reader: inout BinaryReader, into graph: inout ObjectGraph
    ) throws -> Bool {
        let stored = try StoredRows<B>(
            payload: payload, rows: rows, index: index, count: count, file: file, codingVersion: version
        ) { reader in
            try readBinary(B.self, version: version, from: &reader)
        }
        // Orderings declared since the snapshot was written: read whole, and built here.
        if inPlace, stored.orderings.count == B.orderings.count {
            graph.replaceTable(EntityTable(stored: stored))
            return false
        }
        if let damage = stored.verifyAll() { throw BinaryCodingError(offset: rows.lowerBound, reason: damage) }
        try decodeBinaryTable(B.self, version: version, count: count, from: &reader, into: &graph)
        return stored.orderings.count != B.orderings.count
    }
}
