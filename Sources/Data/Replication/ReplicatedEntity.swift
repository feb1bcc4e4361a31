import Foundation
import ProjectManagerDomain

/// An entity that replicates with its board. Declaring it is all it takes: its objects' coded
/// fields become the operations' fields, and they merge field by field.
///
/// ```swift
/// extension Label: ReplicatedEntity {
///     var replicationBoard: Board.ID { boardID }
/// }
/// ```
protocol ReplicatedEntity: ManagedEntity, Equatable {
    /// The board the object belongs to: it replicates with that board.
    var replicationBoard: Board.ID { get }

    /// Fields that take their values together, as one: a card's board, list, stage and rank, so
    /// that a card moved on two devices at once ends in one place.
    static var fieldGroups: [[String]] { get }

    /// Fields that hold a set (coded as an array of strings) in a field of the coded object, named
    /// `field.member` (`recurrence.completions`: the `completions` of the `recurrence`). Each element is a
    /// slot of its own, so that elements added on different devices are all kept, one added on
    /// two is there once, and one removed (an undo, a schedule started again) is removed: each
    /// element takes the value of its greatest stamp.
    static var setFields: [String] { get }

    /// Fields of a field's coded object that take a slot of their own, named `field.member`
    /// (`recurrence.owedFrom`): a value set on one device and the rest of the field set on
    /// another are both kept, each taking the value of its greatest stamp.
    static var memberFields: [String] { get }

    /// Whether a merge leaves objects of this entity settled (``settledAfterMerge()``).
    static var settlesAfterMerge: Bool { get }

    /// The object as every replica leaves it in its store after a merge, from its own fields
    /// alone: a repair each device makes alike, so what it changes is never sent as a change made
    /// here (the replicated fields keep what users set, and every store shows them settled).
    func settledAfterMerge() -> Self

    /// The objects of this entity on `board`.
    static func objects(on board: Board.ID, in context: ObjectContext) -> [Self]

    /// The rules the object breaks when it comes from another replica: what a use case checks
    /// before it saves one, and what the store checks.
    var replicatedFailures: [String] { get }

    /// Fields that stay on this device: never sent, never taken from another replica.
    static var localFields: Set<String> { get }

    /// The local fields of an object that comes from another replica and is new here; `owner`
    /// is who brings it here (the signed-in account).
    static func localDefaults(owner: Account.ID?) -> [String: JSONValue]

    /// The id an object of this store goes by among the replicas of `replica`: its own, unless
    /// its ids are only unique within one store.
    static func replicatedID(_ id: UUID, of replica: ReplicaID) -> UUID

    /// The id in this store (replica `replica`) of the object that goes by `id` among the replicas.
    static func localID(_ id: UUID, of replica: ReplicaID) -> UUID
}

extension ReplicatedEntity {
    static var fieldGroups: [[String]] { [] }
    static var setFields: [String] { [] }
    static var memberFields: [String] { [] }
    static var settlesAfterMerge: Bool { false }
    func settledAfterMerge() -> Self { self }
    static var localFields: Set<String> { [] }
    static func localDefaults(owner: Account.ID?) -> [String: JSONValue] { [:] }
    static func replicatedID(_ id: UUID, of replica: ReplicaID) -> UUID { id }
    static func localID(_ id: UUID, of replica: ReplicaID) -> UUID { id }
    var replicatedFailures: [String] { validationFailures() }
}

extension Board: ReplicatedEntity {
    var replicationBoard: Board.ID { id }

    /// Who owns a board and who are its members are this store's accounts: a board joined from
    /// a remote belongs to the account that joined it, and a remote grants no access here.
    static var localFields: Set<String> { ["owner", "members"] }

    static func localDefaults(owner: Account.ID?) -> [String: JSONValue] {
        ["owner": owner.map { .string($0.description) } ?? .null, "members": .array([])]
    }

    static func objects(on board: Board.ID, in context: ObjectContext) -> [Board] {
        context.object(Board.self, id: board).map { [$0] } ?? []
    }
}

extension BoardList: ReplicatedEntity {
    var replicationBoard: Board.ID { boardID }

    static func objects(on board: Board.ID, in context: ObjectContext) -> [BoardList] {
        context.objects(BoardList.self, where: \.boardID, is: board)
    }
}

extension Label: ReplicatedEntity {
    var replicationBoard: Board.ID { boardID }

    static func objects(on board: Board.ID, in context: ObjectContext) -> [Label] {
        context.objects(Label.self, where: \.boardID, is: board)
    }
}

extension Project: UndoBookkeeping {
    static var bookkeepingFields: Set<String> { ["updatedAt"] }
}

extension Project: ReplicatedEntity {
    var replicationBoard: Board.ID { boardID }

    static var fieldGroups: [[String]] { [["boardID", "listID", "state", "rank"]] }

    /// A repeating card's completed and skipped occurrences merge as sets.
    static var setFields: [String] { ["recurrence.completions", "recurrence.exceptions"] }

    /// The day a schedule owes occurrences from moves with completions and skips, apart from
    /// the rule and first day a user edits.
    static var memberFields: [String] { ["recurrence.owedFrom"] }

    static var settlesAfterMerge: Bool { true }

    /// A repeating card is due on the first occurrence from its deadline neither completed nor
    /// skipped on any device (``Project/settlingOccurrence()``): one done on two devices advances
    /// it once.
    func settledAfterMerge() -> Project { settlingOccurrence() }

    var replicatedFailures: [String] {
        (ProjectRules.failures(title: title) + ProjectRules.failures(body: body)
            + ProjectRules.failures(deadline: deadline)).map(\.description)
    }

    static func objects(on board: Board.ID, in context: ObjectContext) -> [Project] {
        context.objects(Project.self, where: \.boardID, is: board)
    }
}

extension ChecklistItem: ReplicatedEntity {
    var replicationBoard: Board.ID { boardID }

    static var fieldGroups: [[String]] { [["boardID", "rank"]] }

    static func objects(on board: Board.ID, in context: ObjectContext) -> [ChecklistItem] {
        context.objects(ChecklistItem.self, where: \.boardID, is: board)
    }
}

extension ProjectManagerDomain.Comment: ReplicatedEntity {
    var replicationBoard: Board.ID { boardID }

    static func objects(on board: Board.ID, in context: ObjectContext) -> [ProjectManagerDomain.Comment] {
        context.objects(ProjectManagerDomain.Comment.self, where: \.boardID, is: board)
    }
}

extension FavouriteRecord: ReplicatedEntity {
    var replicationBoard: Board.ID { boardID }

    static func objects(on board: Board.ID, in context: ObjectContext) -> [FavouriteRecord] {
        context.objects(FavouriteRecord.self, where: \.boardID, is: board)
    }
}

extension ActivityRecord: ReplicatedEntity {
    var replicationBoard: Board.ID { boardID }

    static func objects(on board: Board.ID, in context: ObjectContext) -> [ActivityRecord] {
        context.objects(ActivityRecord.self, where: \.boardID, is: board)
    }

    var replicatedFailures: [String] {
        projectTitle.isEmpty ? [] : ProjectRules.failures(title: projectTitle).map(\.description)
    }

    /// An activity's id is unique in its store only (`ACTIVITY` and its sequence number): among
    /// the replicas, the replica's id stands for `ACTIVITY`. Its sequence number replicates, and
    /// every store numbers its next activities after the greatest it holds, so each board's
    /// history is in the same order everywhere (a Lamport clock, ties broken by id).
    static func replicatedID(_ id: UUID, of replica: ReplicaID) -> UUID {
        withUnsafeBytes(of: id.uuid) { bytes in
            guard bytes.prefix(8).elementsEqual(activityPrefix) else { return id }
            return joined(replica.bytes, Array(bytes.suffix(8)))
        }
    }

    static func localID(_ id: UUID, of replica: ReplicaID) -> UUID {
        withUnsafeBytes(of: id.uuid) { bytes in
            guard bytes.prefix(8).elementsEqual(replica.bytes) else { return id }
            return joined(activityPrefix, Array(bytes.suffix(8)))
        }
    }

    private static let activityPrefix: [UInt8] = Array("ACTIVITY".utf8)

    private static func joined(_ head: [UInt8], _ tail: [UInt8]) -> UUID {
        let b = head + tail
        return UUID(
            uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }
}

extension ReplicaID {
    /// The id's eight bytes.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        for digit in rawValue.utf8 {
            let value = digit <= 57 ? digit - 48 : digit - 87
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }
}

/// The entities that replicate, in the order a merge writes them (a board before its lists,
/// a card before its checklist and its star).
let replicatedEntities: [any ReplicatedEntity.Type] = [
    Board.self, BoardList.self, Label.self, Project.self, ChecklistItem.self, ProjectManagerDomain.Comment.self,
    FavouriteRecord.self, ActivityRecord.self,
]

extension JSONValue {
    /// Whether the value is `null`.
    var isNull: Bool {
        if case .null = self { true } else { false }
    }
}

/// The names of ``replicatedEntities``.
let replicatedEntityNames = Set(replicatedEntities.map { $0.entityName })

/// An object that came from another replica, decoded from `values` (with the id it goes by among
/// the replicas, and no local fields) and found to keep the rules: what the store takes as it is
/// when it is to hold those values.
struct CheckedObject: Sendable {
    var values: [String: JSONValue]
    var object: any ReplicatedEntity
}

/// An object's fields as replicated: each field, or group of fields, a slot with a JSON value.
enum ReplicatedFields {
    /// The slot a group of fields is kept in: its fields' names joined.
    static func slotName(_ group: [String]) -> String { group.joined(separator: "+") }

    /// The slot of `element` of the set field at `path` (``ReplicatedEntity/setFields``):
    /// `recurrence.completions[2026-01-05]`, `true` while the set holds it.
    static func elementSlotName(_ path: String, _ element: String) -> String { "\(path)[\(element)]" }

    /// `object`'s slots: its coded fields, the grouped ones as one object each, each element of a
    /// set field as one; a field coded as absent is `null`.
    static func slots<E: ReplicatedEntity>(of object: E) throws -> [String: JSONValue] {
        // Cards are most of what a board holds: theirs are made field by field.
        if let project = object as? Project, let slots = try projectSlots(of: project) { return slots }
        if let entry = object as? ActivityRecord { return try activitySlots(of: entry) }
        return try codedSlots(of: object)
    }

    /// A history entry's slots as ``codedSlots(of:)`` makes them, each field coded alone (its kind
    /// through its own coding) instead of the entry through its keyed container.
    static func activitySlots(of entry: ActivityRecord) throws -> [String: JSONValue] {
        var slots: [String: JSONValue] = [:]
        slots.reserveCapacity(7)
        slots["boardID"] = try JSONValueCoding.encode(entry.boardID)
        if let project = entry.projectID { slots["projectID"] = try JSONValueCoding.encode(project) }
        slots["projectTitle"] = .string(entry.projectTitle)
        slots["kind"] = try JSONValueCoding.encode(entry.kind)
        slots["date"] = .number(entry.date.timeIntervalSinceReferenceDate)
        slots["sequence"] = try JSONValueCoding.encode(entry.sequence)
        if let author = entry.author { slots["author"] = .string(author) }
        return slots
    }

    /// The slots a history entry's are made of (``activitySlots(of:)``).
    private static let activitySlotNames: Set<String> = [
        "boardID", "projectID", "projectTitle", "kind", "date", "sequence", "author",
    ]

    /// The history entry whose slots are `slots`, read field by field, when every field reads;
    /// `nil` otherwise, for ``codedObject(_:id:slots:local:)`` to read them or say why they do not:
    /// it returns the entry this returns, whenever this returns one.
    static func activity(id: UUID, slots: [String: JSONValue]) -> ActivityRecord? {
        guard slots.keys.allSatisfy(activitySlotNames.contains) else { return nil }
        func present(_ value: JSONValue?) -> JSONValue? { value?.isNull == false ? value : nil }
        guard let boardValue = present(slots["boardID"]),
            let board = try? JSONValueCoding.decode(Board.ID.self, from: boardValue),
            case .string(let title)? = slots["projectTitle"],
            let kindValue = present(slots["kind"]),
            let kind = try? JSONValueCoding.decode(Activity.Kind.self, from: kindValue),
            case .number(let seconds)? = slots["date"],
            let sequenceValue = present(slots["sequence"]),
            let sequence = try? JSONValueCoding.decode(Int.self, from: sequenceValue)
        else { return nil }
        var project: Project.ID?
        if let value = present(slots["projectID"]) {
            guard let decoded = try? JSONValueCoding.decode(Project.ID.self, from: value) else { return nil }
            project = decoded
        }
        var author: String?
        if let value = present(slots["author"]) {
            guard case .string(let text) = value else { return nil }
            author = text
        }
        return ActivityRecord(
            Activity(
                id: Activity.ID(rawValue: id), boardID: board, projectID: project, projectTitle: title, kind: kind,
                date: Date(timeIntervalSinceReferenceDate: seconds), author: author),
            sequence: sequence)
    }

    /// A card's slots as ``codedSlots(of:)`` makes them, each field coded alone (the strings,
    /// dates and flags as the coder stores them) instead of the card through its keyed
    /// container; `nil` for a repeating card, whose schedule has slots of its own.
    static func projectSlots(of project: Project) throws -> [String: JSONValue]? {
        guard project.recurrence == nil else { return nil }
        var slots: [String: JSONValue] = [:]
        slots.reserveCapacity(12)
        slots["boardID+listID+state+rank"] = .object([
            "boardID": try JSONValueCoding.encode(project.boardID),
            "listID": try JSONValueCoding.encode(project.listID),
            "state": .string(project.state.rawValue), "rank": try JSONValueCoding.encode(project.rank),
        ])
        slots["title"] = .string(project.title)
        slots["body"] = .string(project.body)
        if let deadline = project.deadline { slots["deadline"] = try JSONValueCoding.encode(deadline) }
        if let dueTime = project.dueTime { slots["dueTime"] = try JSONValueCoding.encode(dueTime) }
        slots["createdAt"] = .number(project.createdAt.timeIntervalSinceReferenceDate)
        slots["updatedAt"] = .number(project.updatedAt.timeIntervalSinceReferenceDate)
        slots["labels"] = .array(try project.labels.map { try JSONValueCoding.encode($0) })
        slots["assignees"] = .array(try project.assignees.map { try JSONValueCoding.encode($0) })
        slots["isArchived"] = .bool(project.isArchived)
        return slots
    }

    /// `object`'s slots, from the object coded whole.
    static func codedSlots<E: ReplicatedEntity>(of object: E) throws -> [String: JSONValue] {
        guard case .object(var fields) = try JSONValueCoding.encode(object) else { return [:] }
        fields["id"] = nil
        for name in E.localFields { fields[name] = nil }
        var slots: [String: JSONValue] = [:]
        for path in E.setFields {
            let (parent, member) = split(path)
            guard case .object(var members)? = fields[parent], case .array(let elements)? = members[member] else {
                continue
            }
            members[member] = nil
            fields[parent] = .object(members)
            for case .string(let element) in elements { slots[elementSlotName(path, element)] = .bool(true) }
        }
        for path in E.memberFields {
            let (parent, member) = split(path)
            guard case .object(var members)? = fields[parent], let value = members.removeValue(forKey: member) else {
                continue
            }
            fields[parent] = .object(members)
            slots[path] = value
        }
        for group in E.fieldGroups {
            var members: [String: JSONValue] = [:]
            for name in group { members[name] = fields.removeValue(forKey: name) ?? .null }
            slots[slotName(group)] = .object(members)
        }
        for (name, value) in fields { slots[name] = value }
        return slots
    }

    /// The slots of the object of entity `key.entity` whose slots are `slots`, settled
    /// (``ReplicatedEntity/settledAfterMerge()``); `nil` when its entity needs no settling or the
    /// slots are not one of its objects.
    static func settled(_ key: ReplicatedKey, slots: [String: JSONValue]) -> [String: JSONValue]? {
        guard let entity = replicatedEntities.first(where: { $0.entityName == key.entity }),
            entity.settlesAfterMerge
        else { return nil }
        return settled(entity, id: key.id, slots: slots)
    }

    private static func settled<E: ReplicatedEntity>(
        _ type: E.Type, id: UUID, slots: [String: JSONValue]
    ) -> [String: JSONValue]? {
        do {
            let object = try object(E.self, id: id, slots: slots)
            let settled = object.settledAfterMerge()
            return settled == object ? slots : try self.slots(of: settled)
        } catch {
            // Not an object of the entity (checked on the way in): nothing to settle.
            return nil
        }
    }

    /// A set field's path split into the field holding it and its name there.
    private static func split(_ path: String) -> (parent: String, member: String) {
        guard let dot = path.firstIndex(of: ".") else { return (path, "") }
        return (String(path[..<dot]), String(path[path.index(after: dot)...]))
    }

    /// `object`'s local fields (``ReplicatedEntity/localFields``), as coded.
    static func localFields<E: ReplicatedEntity>(of object: E) throws -> [String: JSONValue] {
        guard !E.localFields.isEmpty else { return [:] }
        guard case .object(let fields) = try JSONValueCoding.encode(object) else { return [:] }
        return fields.filter { E.localFields.contains($0.key) }
    }

    /// The object of `type` with `id` whose slots are `slots` and whose local fields are `local`.
    static func object<E: ReplicatedEntity>(
        _ type: E.Type, id: UUID, slots: [String: JSONValue], local: [String: JSONValue] = [:]
    ) throws -> E {
        // Cards are most of what a board holds: theirs are read field by field when they can be.
        if E.self == Project.self, local.isEmpty, let project = project(id: id, slots: slots) as? E { return project }
        if E.self == ActivityRecord.self, local.isEmpty, let entry = activity(id: id, slots: slots) as? E {
            return entry
        }
        return try codedObject(type, id: id, slots: slots, local: local)
    }

    /// The slots a card's are made of when it does not repeat (``projectSlots(of:)``).
    private static let projectSlotNames: Set<String> = [
        "boardID+listID+state+rank", "title", "body", "deadline", "dueTime", "createdAt", "updatedAt", "labels",
        "assignees", "isArchived",
    ]

    /// The card whose slots are `slots`, read field by field (each field decoded alone, the
    /// strings, dates and flags as the coder reads them), when they are those of a card that
    /// does not repeat and every field reads; `nil` otherwise, for ``codedObject(_:id:slots:local:)``
    /// to read them, or to say why they do not: it returns the card this returns, whenever this
    /// returns one.
    static func project(id: UUID, slots: [String: JSONValue]) -> Project? {
        guard slots.keys.allSatisfy(projectSlotNames.contains),
            case .object(let place)? = slots["boardID+listID+state+rank"],
            place.keys.allSatisfy(["boardID", "listID", "state", "rank"].contains)
        else { return nil }
        func present(_ value: JSONValue?) -> JSONValue? { value?.isNull == false ? value : nil }
        func date(_ value: JSONValue?) -> Date? {
            guard case .number(let seconds)? = value else { return nil }
            return Date(timeIntervalSinceReferenceDate: seconds)
        }
        func ids<T: Decodable>(_ type: T.Type, _ value: JSONValue?) -> [T]? {
            guard let value = present(value) else { return [] }
            guard case .array(let items) = value else { return nil }
            var decoded: [T] = []
            decoded.reserveCapacity(items.count)
            for item in items {
                guard let one = try? JSONValueCoding.decode(T.self, from: item) else { return nil }
                decoded.append(one)
            }
            return decoded
        }
        guard let boardValue = present(place["boardID"]),
            let board = try? JSONValueCoding.decode(Board.ID.self, from: boardValue),
            case .string(let stateName)? = place["state"], let state = ProjectState(rawValue: stateName),
            let rankValue = present(place["rank"]), let rank = try? JSONValueCoding.decode(Rank.self, from: rankValue),
            case .string(let title)? = slots["title"], case .string(let body)? = slots["body"],
            let createdAt = date(slots["createdAt"]), let updatedAt = date(slots["updatedAt"]),
            let labels = ids(Label.ID.self, slots["labels"]), let assignees = ids(Account.ID.self, slots["assignees"])
        else { return nil }
        var list: BoardList.ID?
        if let value = present(place["listID"]) {
            guard let decoded = try? JSONValueCoding.decode(BoardList.ID.self, from: value) else { return nil }
            list = decoded
        }
        var deadline: Day?
        if let value = present(slots["deadline"]) {
            guard let decoded = try? JSONValueCoding.decode(Day.self, from: value) else { return nil }
            deadline = decoded
        }
        var dueTime: DueTime?
        if let value = present(slots["dueTime"]) {
            guard let decoded = try? JSONValueCoding.decode(DueTime.self, from: value) else { return nil }
            dueTime = decoded
        }
        var isArchived = false
        if let value = present(slots["isArchived"]) {
            guard case .bool(let flag) = value else { return nil }
            isArchived = flag
        }
        return Project(
            id: Project.ID(rawValue: id), boardID: board, title: title, body: body, deadline: deadline, state: state,
            list: list, rank: rank, createdAt: createdAt, updatedAt: updatedAt, dueTime: dueTime, labels: labels,
            assignees: assignees, isArchived: isArchived)
    }

    /// The object of `type` with `id` whose slots are `slots` and whose local fields are `local`,
    /// decoded whole.
    static func codedObject<E: ReplicatedEntity>(
        _ type: E.Type, id: UUID, slots: [String: JSONValue], local: [String: JSONValue] = [:]
    ) throws -> E {
        // What the entity declares, once: each is a static property made anew at each call.
        let localNames = E.localFields
        let groups = Set(E.fieldGroups.map(slotName))
        let setPaths = E.setFields
        let memberPaths = E.memberFields
        // A field coded as absent is left out, as `null` is.
        var fields: [String: JSONValue] = [:]
        fields.reserveCapacity(slots.count + local.count + 8)
        for (name, value) in local where !value.isNull { fields[name] = value }
        var sets: [String: Set<String>] = [:]
        var memberValues: [String: JSONValue] = [:]
        for (name, value) in slots where localNames.isEmpty || !localNames.contains(name) {
            if !memberPaths.isEmpty, memberPaths.contains(name) {
                if !value.isNull { memberValues[name] = value }
            } else if !groups.isEmpty, groups.contains(name), case .object(let members) = value {
                for (member, memberValue) in members where !memberValue.isNull { fields[member] = memberValue }
            } else if !setPaths.isEmpty, name.hasSuffix("]"),
                let path = setPaths.first(where: { name.hasPrefix($0 + "[") })
            {
                if !value.isNull { sets[path, default: []].insert(String(name.dropFirst(path.count + 1).dropLast())) }
            } else if !value.isNull {
                fields[name] = value
            }
        }
        // Each set goes back into its field, when the object holding it is there.
        for path in setPaths {
            let (parent, member) = split(path)
            guard case .object(var members)? = fields[parent] else { continue }
            var elements = sets[path] ?? []
            // A field written whole (before sets had slots of their own) keeps what it holds.
            if case .array(let written)? = members[member] {
                for case .string(let element) in written { elements.insert(element) }
            }
            members[member] = .array(elements.sorted().map(JSONValue.string))
            fields[parent] = .object(members)
        }
        // So does each member with a slot of its own.
        for (path, value) in memberValues {
            let (parent, member) = split(path)
            guard case .object(var members)? = fields[parent] else { continue }
            members[member] = value
            fields[parent] = .object(members)
        }
        fields["id"] = .string(id.uuidString)
        return try JSONValueCoding.decode(E.self, from: .object(fields))
    }
}
