import Foundation
import ProjectManagerDomain

/// One replicated change to one object: made, its fields set, or deleted, at a stamp.
struct ReplicaOperation: Hashable, Sendable, Codable {
    /// What the operation does.
    enum Kind: String, Sendable, Codable {
        /// The object is made (or made again, after a delete: a restore), with every slot.
        case create
        /// Some slots take new values.
        case update
        /// The object is deleted: it wins over any edit, and loses only to a later create.
        case delete
    }

    var kind: Kind
    /// ``ManagedEntity/entityName``.
    var entity: String
    var id: UUID
    var stamp: ReplicaStamp
    /// The slots set (``ReplicatedFields``); empty for a delete.
    var slots: [String: JSONValue]

    private enum CodingKeys: String, CodingKey {
        case kind = "k"
        case entity = "e"
        case id = "i"
        case stamp = "s"
        case slots = "f"
    }

    init(kind: Kind, entity: String, id: UUID, stamp: ReplicaStamp, slots: [String: JSONValue] = [:]) {
        self.kind = kind
        self.entity = entity
        self.id = id
        self.stamp = stamp
        self.slots = slots
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        entity = try container.decode(String.self, forKey: .entity)
        id = try container.decode(UUID.self, forKey: .id)
        stamp = try container.decode(ReplicaStamp.self, forKey: .stamp)
        slots = try container.decodeIfPresent([String: JSONValue].self, forKey: .slots) ?? [:]
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(entity, forKey: .entity)
        try container.encode(id, forKey: .id)
        try container.encode(stamp, forKey: .stamp)
        if !slots.isEmpty { try container.encode(slots, forKey: .slots) }
    }
}

/// One object as the replicas agree on it: each slot's value with the stamp that set it, and
/// when it was last made and last deleted.
struct ReplicatedObject: Hashable, Sendable {
    /// A slot's value and the stamp of the operation that set it.
    struct Slot: Hashable, Sendable {
        var value: JSONValue
        var stamp: ReplicaStamp
    }

    var entity: String
    var slots: [String: Slot] = [:]
    var created: ReplicaStamp?
    var deleted: ReplicaStamp?

    /// Whether the object exists: made, and not deleted since.
    var isAlive: Bool {
        guard let created else { return false }
        guard let deleted else { return true }
        return created > deleted
    }

    /// The slots' values.
    var values: [String: JSONValue] { slots.mapValues(\.value) }

    /// The board the object is on, as its slots say; `nil` for a board, or without one.
    var boardID: Board.ID? {
        boardText.flatMap(UUID.init(uuidString:)).map(Board.ID.init(rawValue:))
    }

    /// The board's id as the slots hold it: their `boardID`, or the one of a group holding it.
    private var boardText: String? {
        if case .string(let text)? = slots["boardID"]?.value { return text }
        for group in Self.boardGroups {
            if case .string(let text)? = slots[group]?.value["boardID"] { return text }
        }
        return nil
    }

    /// The slots of the field groups that hold a board (``ReplicatedEntity/fieldGroups``).
    private static let boardGroups = Set(
        replicatedEntities.flatMap { $0.fieldGroups.filter { $0.contains("boardID") }.map(ReplicatedFields.slotName) }
    ).sorted()

    /// Whether the object is on one of `boards`, as its slots say (a board is on itself).
    func isOn(_ boards: SharedBoardSet, id: UUID) -> Bool {
        if entity == Board.entityName { return boards.ids.contains(Board.ID(rawValue: id)) }
        guard let text = boardText else { return false }
        // The text as this engine writes it, or else parsed.
        if boards.texts.contains(text) { return true }
        return UUID(uuidString: text).map { boards.ids.contains(Board.ID(rawValue: $0)) } ?? false
    }

    /// Takes in `operation`: each slot keeps the value of the greatest stamp, a create or delete
    /// keeps its greatest stamp. The order operations come in does not matter, nor does one
    /// coming twice.
    mutating func apply(_ operation: ReplicaOperation) {
        switch operation.kind {
        case .create: if created.map({ operation.stamp > $0 }) ?? true { created = operation.stamp }
        case .delete: if deleted.map({ operation.stamp > $0 }) ?? true { deleted = operation.stamp }
        case .update: break
        }
        let stamp = operation.stamp
        guard !slots.isEmpty else {
            // A new object's slots are the operation's, in the same table: no name hashed again.
            slots = operation.slots.mapValues { Slot(value: $0, stamp: stamp) }
            return
        }
        for (name, value) in operation.slots {
            Self.keep(&slots[name], Slot(value: value, stamp: stamp))
        }
    }

    /// Makes `slot` the one `kept` names, unless it holds a greater stamp (the slot of the
    /// dictionary found once, changed in place).
    private static func keep(_ kept: inout Slot?, _ slot: Slot) {
        if kept.map({ slot.stamp > $0.stamp }) ?? true { kept = slot }
    }
}

/// A set of boards, with their ids as text as objects' fields hold them, so that most objects'
/// boards are found without parsing a UUID.
struct SharedBoardSet {
    let ids: Set<Board.ID>
    let texts: Set<String>

    init(_ boards: [Board.ID]) {
        ids = Set(boards)
        texts = Set(boards.map(\.rawValue.uuidString))
    }
}

/// Where an object sits in the merged state: its entity and id.
package struct ReplicatedKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var entity: String
    package var id: UUID

    /// By entity, then by the id's bytes (not its text, which costs a formatting call each).
    package static func < (left: ReplicatedKey, right: ReplicatedKey) -> Bool {
        guard left.entity == right.entity else { return left.entity < right.entity }
        return withUnsafeBytes(of: left.id.uuid) { first in
            withUnsafeBytes(of: right.id.uuid) { second in first.lexicographicallyPrecedes(second) }
        }
    }

    package var description: String { "\(entity)/\(id.uuidString.lowercased())" }
}
