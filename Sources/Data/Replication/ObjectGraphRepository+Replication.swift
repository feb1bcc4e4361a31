import Foundation
import ProjectManagerDomain
import Synchronization

extension ObjectGraphRepository {
    /// Every replicated object on `boards`, as slots (``ReplicatedFields``), by the ids they go by
    /// among the replicas (this store being `replica`).
    ///
    /// - Complexity: O(*n*) for the *n* objects on the boards.
    package func replicatedObjects(
        on boards: [Board.ID], replica: ReplicaID
    ) throws(RepositoryError) -> [ReplicatedKey: [String: JSONValue]] {
        try requireOpen()
        var objects: [ReplicatedKey: [String: JSONValue]] = [:]
        for entity in replicatedEntities {
            try Self.collect(entity, on: boards, replica: replica, in: context, into: &objects)
        }
        return objects
    }

    /// Whether `board` holds any replicated object but itself: a card, a list, a label, a history
    /// entry, a star, …
    ///
    /// - Complexity: O(*n*) for the *n* objects of the first kind it holds, without coding them.
    package func holdsReplicatedObjects(on board: Board.ID) throws(RepositoryError) -> Bool {
        try requireOpen()
        func holds<E: ReplicatedEntity>(_ type: E.Type) -> Bool {
            E.self != Board.self && !E.objects(on: board, in: context).isEmpty
        }
        return replicatedEntities.contains { holds($0) }
    }

    /// The changes made here since the last sync (``PendingChange``), oldest first.
    func pendingChanges() throws(RepositoryError) -> [PendingChange] {
        try requireOpen()
        let changes = try mapped { () throws(ContextError) in try context.fetch(FetchRequest<PendingChange>()) }
        return changes.sorted {
            ($0.changedAt, $0.entity, $0.object.uuidString) < ($1.changedAt, $1.entity, $1.object.uuidString)
        }
    }

    /// The objects `changes` name that are on `boards`, as slots by the ids they go by among the
    /// replicas (as ``replicatedObjects(on:replica:)`` has them); one not there (deleted here,
    /// or moved to a board not shared) is not among them.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    func replicatedObjects(
        changedIn changes: [PendingChange], on boards: [Board.ID], replica: ReplicaID
    ) throws(RepositoryError) -> [ReplicatedKey: [String: JSONValue]] {
        try replicatedObjects(changes.map(\.objectID), on: boards, replica: replica)
    }

    /// The objects of `ids` that are on `boards`, as ``replicatedObjects(changedIn:on:replica:)``.
    func replicatedObjects(
        _ ids: [ObjectID], on boards: [Board.ID], replica: ReplicaID
    ) throws(RepositoryError) -> [ReplicatedKey: [String: JSONValue]] {
        try requireOpen()
        let shared = Set(boards)
        var objects: [ReplicatedKey: [String: JSONValue]] = [:]
        for id in ids {
            guard let entity = replicatedEntities.first(where: { $0.entityName == id.entityName }) else { continue }
            if let (key, slots) = try Self.slots(entity, id: id.uuid, on: shared, replica: replica, in: context) {
                objects[key] = slots
            }
        }
        return objects
    }

    /// The key the object `id` of this store goes by among the replicas.
    static func replicatedKey(of id: ObjectID, replica: ReplicaID) -> ReplicatedKey? {
        guard let entity = replicatedEntities.first(where: { $0.entityName == id.entityName }) else { return nil }
        return ReplicatedKey(entity: id.entityName, id: entity.replicatedID(id.uuid, of: replica))
    }

    /// The key an object of this store changed (`change`) goes by among the replicas.
    static func replicatedKey(of change: PendingChange, replica: ReplicaID) -> ReplicatedKey? {
        replicatedKey(of: change.objectID, replica: replica)
    }

    private static func slots<E: ReplicatedEntity>(
        _ type: E.Type, id: UUID, on boards: Set<Board.ID>, replica: ReplicaID, in context: ObjectContext
    ) throws(RepositoryError) -> (ReplicatedKey, [String: JSONValue])? {
        guard let object = context.object(E.self, id: E.ID(rawValue: id)), boards.contains(object.replicationBoard)
        else { return nil }
        guard let slots = try? ReplicatedFields.slots(of: object) else {
            throw .invalid(ValidationError([.brokenRule("\(E.entityName) \(id) could not be coded")]))
        }
        return (ReplicatedKey(entity: E.entityName, id: E.replicatedID(id, of: replica)), slots)
    }

    /// The slots of `E`'s objects on `boards`, coded on every core when they are many.
    private static func collect<E: ReplicatedEntity>(
        _ type: E.Type, on boards: [Board.ID], replica: ReplicaID, in context: ObjectContext,
        into objects: inout [ReplicatedKey: [String: JSONValue]]
    ) throws(RepositoryError) {
        let all = boards.flatMap { E.objects(on: $0, in: context) }
        @Sendable func coded(_ part: ArraySlice<E>) -> Result<[(ReplicatedKey, [String: JSONValue])], RepositoryError> {
            var coded: [(ReplicatedKey, [String: JSONValue])] = []
            coded.reserveCapacity(part.count)
            for object in part {
                let key = ReplicatedKey(entity: E.entityName, id: E.replicatedID(object.id.rawValue, of: replica))
                guard let slots = try? ReplicatedFields.slots(of: object) else {
                    return .failure(
                        .invalid(
                            ValidationError([
                                .brokenRule("\(E.entityName) \(object.id.rawValue) could not be coded")
                            ])))
                }
                coded.append((key, slots))
            }
            return .success(coded)
        }
        let chunkSize = 4_096
        let chunks = (all.count + chunkSize - 1) / chunkSize
        var parts: [Result<[(ReplicatedKey, [String: JSONValue])], RepositoryError>] = []
        if chunks <= 1 {
            parts = [coded(all[...])]
        } else {
            let results = Mutex<[Int: Result<[(ReplicatedKey, [String: JSONValue])], RepositoryError>]>([:])
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let part = coded(all[(chunk * chunkSize)..<min((chunk + 1) * chunkSize, all.count)])
                results.withLock { $0[chunk] = part }
            }
            parts = results.withLock { results in (0..<chunks).compactMap { results[$0] } }
        }
        objects.reserveCapacity(objects.count + all.count)
        for part in parts {
            for (key, slots) in try part.get() { objects[key] = slots }
        }
    }

    /// Makes the store hold `objects` (`nil`: not at all) as one save, after repairs that keep
    /// every rule: a card whose list is gone goes to its stage's standard list, a label gone is
    /// taken off the cards, an object is settled (``ReplicatedEntity/settledAfterMerge()``: a
    /// repeating card due on an occurrence completed or skipped is due on the next one neither),
    /// and an object whose board or card is gone (a star among them) is not kept. Returns the
    /// number of objects the save changed, and whether it may have changed others than those
    /// given their values (a delete's cascade, a repair). Each of `lostEdits` whose board is here
    /// is recorded in the board's history at `date`, in the same save. An object of `checked`
    /// whose values are those given is taken as it was decoded there. Returns, with the number
    /// of objects changed, the replicated objects the save changed otherwise than `objects`
    /// says (a delete's cascade, a repair, a history entry of a lost edit): what goes out.
    ///
    /// - Throws: ``RepositoryError``; nothing is saved.
    func applyReplicated(
        _ objects: [ReplicatedKey: [String: JSONValue]?], replica: ReplicaID, owner: Account.ID? = nil,
        lostEdits: [LostEdit] = [], at date: Date = Date(), by author: String? = nil,
        checked: [ReplicatedKey: CheckedObject] = [:], mark: SyncToken? = nil, sent: [PendingChange] = []
    ) throws(RepositoryError) -> (changed: Int, beyond: [ObjectID]) {
        try requireOpen()
        var plan = ReplicatedPlan(
            objects: objects, context: context, replica: replica, owner: owner, checked: checked)
        for entity in replicatedEntities { plan.decode(entity) }
        plan.repair()
        var changed = 0
        var beyond: [ObjectID] = []
        try mapped { () throws(ContextError) in
            do throws(ContextError) {
                for entity in replicatedEntities { changed += try plan.write(entity) }
                for entity in replicatedEntities.reversed() { changed += try plan.remove(entity) }
                for lost in lostEdits where context.object(Board.self, id: lost.board) != nil {
                    try record(
                        lost.kind, title: lost.title, project: lost.project, on: lost.board, at: date, by: author)
                    changed += 1
                }
                if let mark { try write(mark) }
                try remove(sent)
                beyond = Self.beyond(objects, plan: plan, changes: context.changes, replica: replica)
                try context.save(actionName: "Sync", undoScope: Self.replicationScope)
            } catch {
                context.rollback()
                throw error
            }
        }
        // The next activity here comes after every one that came in.
        if objects.keys.contains(where: { $0.entity == ActivityRecord.entityName }) {
            let greatest = context.lastObjects(ActivityRecord.self, ordering: ActivityRecord.history).map(\.sequence)
                .max()
            nextSequence = max(nextSequence, (greatest ?? 0) + 1)
        }
        return (changed, beyond)
    }

    /// The replicated objects the save of `changes` (before it is made) leaves otherwise than
    /// `objects` says: changed and not among them (a cascade, a history entry), or repaired
    /// (dropped among them, whether the store held them or not).
    private static func beyond(
        _ objects: [ReplicatedKey: [String: JSONValue]?], plan: ReplicatedPlan, changes: ContextChanges,
        replica: ReplicaID
    ) -> [ObjectID] {
        var beyond: Set<ObjectID> = []
        for id in changes.inserted.union(changes.updated).union(changes.deleted) {
            guard let key = replicatedKey(of: id, replica: replica) else { continue }
            if objects.index(forKey: key) == nil { beyond.insert(id) }
        }
        for key in plan.repairedKeys {
            guard let entity = replicatedEntities.first(where: { $0.entityName == key.entity }) else { continue }
            beyond.insert(ObjectID(entityName: key.entity, uuid: entity.localID(key.id, of: replica)))
        }
        return Array(beyond)
    }

    /// The undo scope of what a sync writes: no board's undo reverts it.
    static let replicationScope = "replication"

    // MARK: - Sync marks

    /// The token the last sync with `remote` left in the store (``SyncMark``); `nil` before one did.
    func syncToken(remote: String) -> UUID? {
        context.object(SyncMark.self, id: SyncMark.only)?.tokens[remote]
    }

    /// The boards the last sync with `remote` left in the store as shared there: those whose
    /// changes the store records (``PendingChange``); `nil` before a sync said.
    func recordedBoards(remote: String) -> Set<Board.ID>? {
        recordedBoardsByRemote()[remote]
    }

    /// The boards each remote's last sync left in the store as shared there, by the remote's name.
    func recordedBoardsByRemote() -> [String: Set<Board.ID>] {
        (context.object(SyncMark.self, id: SyncMark.only)?.boards ?? [:]).mapValues {
            Set($0.map(Board.ID.init(rawValue:)))
        }
    }

    /// Leaves `mark` in the store, and takes away the changes `sent` (each unless changed
    /// again since), as one save that no board's undo reverts.
    ///
    /// - Throws: ``RepositoryError``; nothing is saved.
    func markSynced(_ mark: SyncToken, sent: [PendingChange] = []) throws(RepositoryError) {
        try requireOpen()
        try mapped { () throws(ContextError) in
            do throws(ContextError) {
                try write(mark)
                try remove(sent)
                try context.save(actionName: "Sync", undoScope: Self.replicationScope)
            } catch {
                context.rollback()
                throw error
            }
        }
    }

    private func write(_ mark: SyncToken) throws(ContextError) {
        var written = context.object(SyncMark.self, id: SyncMark.only) ?? SyncMark(id: SyncMark.only, tokens: [:])
        let exists = context.object(SyncMark.self, id: SyncMark.only) != nil
        written.tokens[mark.remote] = mark.token
        if let boards = mark.boards {
            written.boards = written.boards ?? [:]
            written.boards?[mark.remote] = boards.map(\.rawValue)
        }
        if exists { try context.update(written) } else { try context.insert(written) }
    }

    /// Takes away each of `sent` that is as it was read: one changed since waits for the next sync.
    private func remove(_ sent: [PendingChange]) throws(ContextError) {
        for change in sent where context.object(PendingChange.self, id: change.id) == change {
            try context.delete(PendingChange.self, id: change.id)
        }
    }

    /// Gives this store's own history entries among `ids` (those numbered here) the numbers
    /// after `greatest` and after every entry here, in their order, keeping what they say: a
    /// store put back from an older copy numbered its new entries again from where the copy
    /// stood, as its entries sent since, which it receives, are numbered. Returns how many it
    /// renumbered.
    ///
    /// - Throws: ``RepositoryError``; nothing is saved.
    func renumberHistory(_ ids: [Activity.ID], after greatest: Int) throws(RepositoryError) -> Int {
        try requireOpen()
        let records = ids.compactMap { context.object(ActivityRecord.self, id: $0) }.sorted {
            $0.sequence < $1.sequence
        }
        guard !records.isEmpty else { return 0 }
        var next = max(greatest + 1, nextSequence)
        try mapped { () throws(ContextError) in
            do throws(ContextError) {
                for record in records {
                    try context.delete(ActivityRecord.self, id: record.id)
                    let old = record.activity
                    let activity = Activity(
                        id: ActivityRecord.id(sequence: next), boardID: old.boardID, projectID: old.projectID,
                        projectTitle: old.projectTitle, kind: old.kind, date: old.date, author: old.author)
                    try context.insert(ActivityRecord(activity, sequence: next))
                    next += 1
                }
                try context.save(actionName: "Sync", undoScope: Self.replicationScope)
            } catch {
                context.rollback()
                throw error
            }
        }
        nextSequence = next
        return records.count
    }
}

/// The token a sync with `remote` leaves in the store and in its state (``SyncMark``).
struct SyncToken: Sendable, Hashable {
    var remote: String
    var token: UUID
    /// The boards shared on the remote, whose changes the store records from now on; `nil`:
    /// as the store has them.
    var boards: [Board.ID]? = nil
}

/// An object edited here and deleted by another replica, the delete the winner: what the edit
/// left, for the board's history.
struct LostEdit: Sendable, Hashable {
    var board: Board.ID
    /// The card it was, or was on (`nil` for a list or a label).
    var project: Project.ID?
    /// The card's title (for a list or a label, its title or name).
    var title: String
    /// The card's body; empty for the others.
    var body: String = ""
    /// What it was besides a card (`nil`: a card), and its text as the edit left it.
    var subject: LostEditSubject?
    var text: String = ""

    /// The history entry that keeps it.
    var kind: Activity.Kind {
        subject.map { .editLostToDeleteOf($0, text: text) } ?? .editLostToDelete(title: title, body: body)
    }
}

/// The objects a merge writes, decoded and repaired before any is written.
private struct ReplicatedPlan {
    var objects: [ReplicatedKey: [String: JSONValue]?]
    let context: ObjectContext
    /// This store's replica: what some ids here are among the replicas.
    let replica: ReplicaID
    /// Who a board new here belongs to.
    let owner: Account.ID?
    /// Objects decoded already, by the values they were decoded from.
    let checked: [ReplicatedKey: CheckedObject]
    /// The decoded objects to write, by key.
    var decoded: [ReplicatedKey: any ReplicatedEntity] = [:]
    /// The objects not to keep.
    var removed: Set<ReplicatedKey> = []
    /// The objects a repair changed from the values given (or dropped).
    var repairedKeys: Set<ReplicatedKey> = []

    init(
        objects: [ReplicatedKey: [String: JSONValue]?], context: ObjectContext, replica: ReplicaID, owner: Account.ID?,
        checked: [ReplicatedKey: CheckedObject]
    ) {
        self.objects = objects
        self.context = context
        self.replica = replica
        self.owner = owner
        self.checked = checked
    }

    /// The keys of `objects` by entity.
    private lazy var keysByEntity: [String: [ReplicatedKey]] = {
        var keys: [String: [ReplicatedKey]] = [:]
        for key in objects.keys { keys[key.entity, default: []].append(key) }
        return keys
    }()

    mutating func decode<E: ReplicatedEntity>(_ type: E.Type) {
        let keys = keysByEntity[E.entityName] ?? []
        decoded.reserveCapacity(decoded.count + keys.count)
        let hasLocalFields = !E.localFields.isEmpty
        for key in keys {
            let slots = objects[key] ?? nil
            // The object's local fields stay as they are here; one new here takes the defaults.
            let id = E.localID(key.id, of: replica)
            // Decoded when it was checked, from these values, and with nothing of this store's.
            if !hasLocalFields, id == key.id, let slots, let earlier = checked[key], earlier.values == slots,
                let object = earlier.object as? E
            {
                if object.validationFailures().isEmpty { decoded[key] = object } else { removed.insert(key) }
                continue
            }
            let stored = context.object(E.self, id: E.ID(rawValue: id))
            let local = stored.flatMap { try? ReplicatedFields.localFields(of: $0) } ?? E.localDefaults(owner: owner)
            guard let slots, let object = try? ReplicatedFields.object(E.self, id: id, slots: slots, local: local),
                object.validationFailures().isEmpty
            else {
                removed.insert(key)
                continue
            }
            decoded[key] = object
        }
    }

    /// Whether `id` of `E` exists once the plan is written.
    func exists<E: ReplicatedEntity>(_ type: E.Type, _ id: UUID) -> Bool {
        let key = ReplicatedKey(entity: E.entityName, id: id)
        if decoded[key] != nil { return true }
        if removed.contains(key) { return false }
        return context.object(E.self, id: E.ID(rawValue: id)) != nil
    }

    mutating func repair() {
        // A board first: what is on a board that is not kept is not kept either.
        for (key, object) in decoded {
            switch object {
            case let list as BoardList where !exists(Board.self, list.boardID.rawValue):
                drop(key)
            case let label as Label where !exists(Board.self, label.boardID.rawValue):
                drop(key)
            case let activity as ActivityRecord where !exists(Board.self, activity.boardID.rawValue):
                drop(key)
            case let star as FavouriteRecord where !exists(Board.self, star.boardID.rawValue):
                drop(key)
            case var project as Project:
                guard exists(Board.self, project.boardID.rawValue) else {
                    drop(key)
                    continue
                }
                let before = project
                if project.listID.standardStage(on: project.boardID) == nil,
                    !exists(BoardList.self, project.listID.rawValue)
                {
                    project.move(to: BoardList.standard(on: project.boardID, project.state))
                }
                project.labels = project.labels.filter { exists(Label.self, $0.rawValue) }
                // Occurrences completed or skipped on other devices count here: a repeating card
                // is due on the first one done nowhere.
                project = project.settledAfterMerge()
                if project != before {
                    repairedKeys.insert(key)
                    decoded[key] = project
                }
            default: break
            }
        }
        for (key, object) in decoded {
            switch object {
            case let item as ChecklistItem where !exists(Project.self, item.projectID.rawValue):
                drop(key)
            case let comment as ProjectManagerDomain.Comment where !exists(Project.self, comment.projectID.rawValue):
                drop(key)
            case let star as FavouriteRecord:
                if let project = star.projectID, !exists(Project.self, project.rawValue) { drop(key) }
            default: break
            }
        }
    }

    private mutating func drop(_ key: ReplicatedKey) {
        repairedKeys.insert(key)
        decoded[key] = nil
        removed.insert(key)
    }

    /// Inserts or updates the plan's objects of `E`; the number changed.
    mutating func write<E: ReplicatedEntity>(_ type: E.Type) throws(ContextError) -> Int {
        var changed = 0
        // New objects go in at once: a join sorts each entity's orderings once.
        var new: [E] = []
        // The entity's keys alone, not every object decoded once for each entity.
        for key in keysByEntity[E.entityName] ?? [] {
            guard let object = decoded[key] as? E else { continue }
            if let stored = context.object(E.self, id: object.id) {
                if stored == object { continue }
                try context.update(object)
            } else {
                new.append(object)
            }
            changed += 1
        }
        try context.insert(contentsOf: new)
        return changed
    }

    /// Deletes the plan's removed objects of `E` the store holds; the number deleted.
    func remove<E: ReplicatedEntity>(_ type: E.Type) throws(ContextError) -> Int {
        var changed = 0
        for key in removed where key.entity == E.entityName {
            let id = E.ID(rawValue: E.localID(key.id, of: replica))
            guard context.object(E.self, id: id) != nil else { continue }
            try context.delete(E.self, id: id)
            changed += 1
        }
        return changed
    }
}
