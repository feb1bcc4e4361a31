import Foundation
import ProjectManagerDomain

/// The id this store's default board goes by on a remote, when it is not the default board's
/// own: every store's default board has one id (``Board/ID/default``), and sharing two of them
/// under it would merge a private board into a team's.
///
/// A remote first used from 5.2 gives the default board an id of its own (``remoteID``, made from
/// the replica's id); one used before keeps ``Board/ID/default``, so a board shared then keeps its
/// id. The two ids, and the ids of their standard lists (``BoardList/ID/standard(on:_:)``), trade
/// places wherever they stand in what is written to the remote or read from it, and nowhere else:
/// the store and the merged state beside it know the default board by its own id, and a board
/// that came in under ``Board/ID/default`` (another store's, shared before 5.2) by the remote id.
/// Trading places twice gives back what was traded, so one function reads and writes.
///
/// A store whose default board holds nothing yet, joining another store's default board, takes it
/// as its default board (a second device of one person, most often): the state's ids are then
/// rebound (``rebinding(from:to:)``) to the swap with that board's id.
struct DefaultBoardSwap: Sendable, Hashable {
    /// The id the default board goes by on the remote; `nil` for a rebinding.
    let remoteID: Board.ID?
    /// Each id changed, and what it becomes; its upper-case and lower-case texts likewise.
    private let ids: [UUID: UUID]
    private let texts: [String: String]

    /// The swap of the default board with `remoteID`; `nil` when it is the default board's own id.
    init?(remoteID: Board.ID) {
        guard remoteID != .default else { return nil }
        var ids: [UUID: UUID] = [:]
        for (from, to) in Self.boardAndLists(.default, remoteID) {
            ids[from] = to
            ids[to] = from
        }
        self.init(remoteID: remoteID, ids: ids)
    }

    private init(remoteID: Board.ID?, ids: [UUID: UUID]) {
        self.remoteID = remoteID
        self.ids = ids
        var texts: [String: String] = [:]
        for (from, to) in ids {
            // Upper case last: the default board's text is the same in both, and ids are coded so.
            texts[from.uuidString.lowercased()] = to.uuidString.lowercased()
            texts[from.uuidString] = to.uuidString
        }
        self.texts = texts
    }

    /// What the ids of a state read with the default board going by `old` on the remote become
    /// when it goes by `new`: each id back to the remote's, then to this store's again.
    static func rebinding(from old: Board.ID, to new: Board.ID) -> DefaultBoardSwap {
        let before = DefaultBoardSwap(remoteID: old)
        let after = DefaultBoardSwap(remoteID: new)
        var ids: [UUID: UUID] = [:]
        for board in [Board.ID.default, old, new] {
            for (id, _) in boardAndLists(board, board) {
                let remote = before?.id(id) ?? id
                let moved = after?.id(remote) ?? remote
                if moved != id { ids[id] = moved }
            }
        }
        return DefaultBoardSwap(remoteID: nil, ids: ids)
    }

    /// The board ids `one` and `other`, and their standard lists', in pairs.
    private static func boardAndLists(_ one: Board.ID, _ other: Board.ID) -> [(UUID, UUID)] {
        [(one.rawValue, other.rawValue)]
            + ProjectState.allCases.map {
                (BoardList.ID.standard(on: one, $0).rawValue, BoardList.ID.standard(on: other, $0).rawValue)
            }
    }

    /// The id a store whose replica is `replica` gives its default board on a remote it begins to
    /// use: the same on every remote, and another for every store.
    static func remoteID(of replica: ReplicaID) -> Board.ID {
        var bytes = Array(SHA256.hash(data: Data("default board of \(replica.rawValue)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // a name-based UUID (version 5's layout)
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return Board.ID(rawValue: bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) })
    }

    func id(_ id: UUID) -> UUID { ids[id] ?? id }

    func key(_ key: ReplicatedKey) -> ReplicatedKey {
        guard let swapped = ids[key.id] else { return key }
        return ReplicatedKey(entity: key.entity, id: swapped)
    }

    func value(_ value: JSONValue) -> JSONValue { swapped(value) ?? value }

    /// A text that is one of the ids, as the other.
    func text(_ text: String) -> String { text.utf8.count == 36 ? texts[text] ?? text : text }

    /// What `value` becomes; `nil` when no id stands in it (most values: nothing is made anew).
    private func swapped(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .string(let text): text.utf8.count == 36 ? texts[text].map(JSONValue.string) : nil
        case .array(let values):
            values.contains { swapped($0) != nil } ? .array(values.map(self.value)) : nil
        case .object(let members):
            members.values.contains { swapped($0) != nil } ? .object(members.mapValues(self.value)) : nil
        case .null, .bool, .number: nil
        }
    }

    func operation(_ operation: ReplicaOperation) -> ReplicaOperation {
        var swapped = operation
        swapped.id = id(operation.id)
        // In place: the slots are copied only when one holds an id.
        var index = swapped.slots.values.startIndex
        while index != swapped.slots.values.endIndex {
            if let value = self.swapped(swapped.slots.values[index]) { swapped.slots.values[index] = value }
            swapped.slots.values.formIndex(after: &index)
        }
        return swapped
    }

    func file(_ file: ReplicaLogFile) -> ReplicaLogFile {
        var swapped = file
        swapped.operations = file.operations.map(operation)
        return swapped
    }

    func object(_ object: ReplicatedObject) -> ReplicatedObject {
        var swapped = object
        swap(&swapped)
        return swapped
    }

    /// Swaps the ids in `object`'s values where it holds it: a slot whose value holds none is
    /// left as it is.
    func swap(_ object: inout ReplicatedObject) {
        var index = object.slots.values.startIndex
        while index != object.slots.values.endIndex {
            if let value = swapped(object.slots.values[index].value) { object.slots.values[index].value = value }
            object.slots.values.formIndex(after: &index)
        }
    }

    func objects(_ objects: [ReplicatedKey: ReplicatedObject]) -> [ReplicatedKey: ReplicatedObject] {
        var swapped = objects
        swap(&swapped)
        return swapped
    }

    /// Swaps the ids in `objects`, keys and values, where it holds them: the few objects whose
    /// key is one of the ids move, the others stay where they are.
    func swap(_ objects: inout [ReplicatedKey: ReplicatedObject]) {
        var index = objects.values.startIndex
        while index != objects.values.endIndex {
            swap(&objects.values[index])
            objects.values.formIndex(after: &index)
        }
        var moved: [ReplicatedKey: ReplicatedObject] = [:]
        for key in objects.keys where ids[key.id] != nil { moved[self.key(key)] = objects[key] }
        for key in moved.keys { objects[self.key(key)] = nil }
        objects.merge(moved) { _, moved in moved }
    }

    /// Conflicts by board (``ReplicationState/Header/conflicts``): the boards' ids and the keys'.
    func conflicts(_ conflicts: [String: Set<String>]) -> [String: Set<String>] {
        var swapped: [String: Set<String>] = [:]
        for (board, keys) in conflicts {
            swapped[texts[board] ?? board] = Set(keys.map(conflictKey))
        }
        return swapped
    }

    /// A key as ``ReplicatedKey/description`` has it: `entity/id`.
    private func conflictKey(_ text: String) -> String {
        guard let slash = text.lastIndex(of: "/"), let id = texts[String(text[text.index(after: slash)...])] else {
            return text
        }
        return text[...slash] + id
    }
}
