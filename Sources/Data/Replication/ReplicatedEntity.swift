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
protocol ReplicatedEntity: ManagedEntity {
    /// The board the object belongs to: it replicates with that board.
    var replicationBoard: Board.ID { get }

    /// Fields that take their values together, as one: a card's board, list, stage and rank, so
    /// that a card moved on two devices at once ends in one place.
    static var fieldGroups: [[String]] { get }

    /// The objects of this entity on `board`.
    static func objects(on board: Board.ID, in context: ObjectContext) -> [Self]

    /// The rules the object breaks when it comes from another replica: what a use case checks
    /// before it saves one, and what the store checks.
    var replicatedFailures: [String] { get }
}

extension ReplicatedEntity {
    static var fieldGroups: [[String]] { [] }
    var replicatedFailures: [String] { validationFailures() }
}

extension Board: ReplicatedEntity {
    var replicationBoard: Board.ID { id }

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

extension Project: ReplicatedEntity {
    var replicationBoard: Board.ID { boardID }

    static var fieldGroups: [[String]] { [["boardID", "listID", "state", "rank"]] }

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

/// The entities that replicate, in the order a merge writes them (a board before its lists,
/// a card before its checklist).
let replicatedEntities: [any ReplicatedEntity.Type] = [
    Board.self, BoardList.self, Label.self, Project.self, ChecklistItem.self, ProjectManagerDomain.Comment.self,
]

/// An object's fields as replicated: each field, or group of fields, a slot with a JSON value.
enum ReplicatedFields {
    /// The slot a group of fields is kept in: its fields' names joined.
    static func slotName(_ group: [String]) -> String { group.joined(separator: "+") }

    /// `object`'s slots: its coded fields, the grouped ones as one object each; a field coded as
    /// absent is `null`.
    static func slots<E: ReplicatedEntity>(of object: E) throws -> [String: JSONValue] {
        let data = try JSONEncoder().encode(object)
        guard case .object(var fields) = try JSONDecoder().decode(JSONValue.self, from: data) else { return [:] }
        fields["id"] = nil
        var slots: [String: JSONValue] = [:]
        for group in E.fieldGroups {
            var members: [String: JSONValue] = [:]
            for name in group { members[name] = fields.removeValue(forKey: name) ?? .null }
            slots[slotName(group)] = .object(members)
        }
        for (name, value) in fields { slots[name] = value }
        return slots
    }

    /// The object of `type` with `id` whose slots are `slots`.
    static func object<E: ReplicatedEntity>(_ type: E.Type, id: UUID, slots: [String: JSONValue]) throws -> E {
        var fields: [String: JSONValue] = [:]
        for (name, value) in slots {
            if E.fieldGroups.contains(where: { slotName($0) == name }), case .object(let members) = value {
                for (member, memberValue) in members { fields[member] = memberValue }
            } else {
                fields[name] = value
            }
        }
        fields = fields.filter { $0.value != .null }
        fields["id"] = .string(id.uuidString)
        return try JSONDecoder().decode(E.self, from: try JSONEncoder().encode(JSONValue.object(fields)))
    }
}
