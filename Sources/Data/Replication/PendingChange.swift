import Foundation
import ProjectManagerDomain

/// A change made here to an object of a shared board, and not sent yet: the outbox a sync sends.
///
/// The save that changes the object writes its entry in the same journal record (a crash
/// leaves both or neither), and the sync that sends it takes the entry away in the save that
/// records what it sent. One entry per object, whatever the number of saves since the last
/// sync: when it was last changed here, and which of its slots (``ReplicatedFields``) changed
/// since the last sync (`nil`: all of them, for an object made since). A sync reads the store
/// only for the objects its entries name: nothing else changed here, and a store put back from
/// an older copy, which lacks what was made since, deleted none of it.
///
/// Entries are written only for objects on a board the store shares (``SyncMark``), never by a
/// sync's own save, and never join an undo step (an undo is a change like any other: its save
/// writes entries of its own).
struct PendingChange: ManagedEntity, Hashable {
    struct ID: ManagedID {
        let rawValue: UUID
    }

    static let entityName = "PendingChange"

    let id: ID
    /// The changed object's entity and id in this store.
    var entity: String
    var object: UUID
    /// When it was last changed here.
    var changedAt: Date
    /// The slots changed since the last sync, sorted; `nil`: every slot (made since).
    var slots: [String]?
    /// When each slot of ``slots`` was last changed here, so that each is stamped at its own
    /// change (a title changed at noon is not stamped with a body changed at one); a slot
    /// without one (recorded by a build that did not keep them) at ``changedAt``.
    var slotTimes: [String: Date]? = nil
    /// The board it is on (or was, when it was deleted); `nil` in a record that did not say.
    var board: UUID? = nil

    var approximateByteCount: Int {
        96 + entity.utf8.count + (slots?.reduce(0) { $0 + $1.utf8.count + 16 } ?? 0)
            + (slotTimes?.reduce(0) { $0 + $1.key.utf8.count + 24 } ?? 0)
    }

    /// The changed object's identity.
    var objectID: ObjectID { ObjectID(entityName: entity, uuid: object) }

    /// The entry's id for `object`: its entity and id hashed, since ids are unique only within
    /// an entity.
    static func id(for object: ObjectID) -> ID {
        var bytes = Array(object.entityName.utf8)
        bytes.append(0)
        withUnsafeBytes(of: object.uuid.uuid) { bytes.append(contentsOf: $0) }
        let digest = Array(SHA256.hash(data: Data(bytes)))
        var uuid = UUID.zero.uuid
        withUnsafeMutableBytes(of: &uuid) { target in
            for index in 0..<16 { target[index] = digest[index] }
        }
        return ID(rawValue: UUID(uuid: uuid))
    }

    /// The entries a save of `log` writes into `graph` (`nil`: an entry removed), with `now` the
    /// time of the change: for every replicated object the save changes on a shared board, its
    /// entry made or brought up to date. Nothing for a sync's own save (`scope`), nor in a store
    /// that shares no board.
    ///
    /// - Complexity: O(*c*) for *c* changed objects; an update codes the object twice.
    static func entries(
        for log: ChangeLog, in graph: ObjectGraph, scope: String?, now: Date
    ) -> [(ObjectID, (any ManagedEntity)?)] {
        guard scope != ObjectGraphRepository.replicationScope,
            let mark = graph[SyncMark.self, SyncMark.only], let shared = mark.sharedBoards, !shared.isEmpty
        else { return [] }
        var entries: [(ObjectID, (any ManagedEntity)?)] = []
        log.forEach { id, original in
            guard replicatedEntityNames.contains(id.entityName) else { return }
            let before = original as? any ReplicatedEntity
            let after = graph[id] as? any ReplicatedEntity
            guard
                before.map({ shared.contains($0.replicationBoard) }) == true
                    || after.map({ shared.contains($0.replicationBoard) }) == true
            else { return }
            let entryID = Self.id(for: id)
            var entry =
                graph[PendingChange.self, entryID]
                ?? PendingChange(id: entryID, entity: id.entityName, object: id.uuid, changedAt: now, slots: [])
            entry.changedAt = max(entry.changedAt, now)
            entry.board = (after ?? before)?.replicationBoard.rawValue
            if let before, let after, let known = entry.slots {
                let changed = changedSlots(before, after)
                entry.slots = changed.map { Array(Set(known).union($0)).sorted() }
                if let changed, entry.slots != nil {
                    var times = entry.slotTimes ?? [:]
                    for name in changed { times[name] = now }
                    entry.slotTimes = times.isEmpty ? nil : times
                } else {
                    entry.slotTimes = nil
                }
            } else if before == nil {
                entry.slots = nil
                entry.slotTimes = nil
            }
            entries.append((ObjectID(PendingChange.self, id: entryID), entry))
        }
        return entries
    }

    /// The names of the slots whose values differ between `before` and `after` (a slot on one
    /// side only among them); `nil` (every slot) when either cannot be coded.
    private static func changedSlots(_ before: any ReplicatedEntity, _ after: any ReplicatedEntity) -> Set<String>? {
        func slots<E: ReplicatedEntity>(_ object: E) -> [String: JSONValue]? { try? ReplicatedFields.slots(of: object) }
        guard let old = slots(before), let new = slots(after) else { return nil }
        var names = Set<String>()
        for (name, value) in new where old[name] != value { names.insert(name) }
        for name in old.keys where new[name] == nil { names.insert(name) }
        return names
    }
}

extension ObjectContext {
    /// Per board, the objects changed here since the last sync (``PendingChange``), history
    /// entries left out: what the next sync sends.
    package func changesToSend() -> [Board.ID: Int] {
        var counts: [Board.ID: Int] = [:]
        for change in (try? fetch(FetchRequest<PendingChange>())) ?? []
        where change.entity != ActivityRecord.entityName {
            if let board = change.board { counts[Board.ID(rawValue: board), default: 0] += 1 }
        }
        return counts
    }
}
