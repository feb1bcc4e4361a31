import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// The outbox a sync sends: each change to a shared board recorded by the save that makes it.
@Suite("Changes recorded by the save that makes them")
struct PendingChangeTests {
    typealias Repo = ObjectGraphRepositoryTests

    /// A repository over a store that shares the default board on `hub`, holding card 1.
    static func sharing() async throws -> (ObjectGraphRepository, ObjectContext, Project) {
        let (repository, context) = try Repo.repository()
        let card = Repo.project(1, "Alpha")
        try await Repo.add([card], to: repository)
        #expect(try await repository.pendingChanges().isEmpty, "a store that shares nothing records nothing")
        try await repository.markSynced(SyncToken(remote: "hub", token: UUID(), boards: [.default]))
        let stored = try #require(context.object(Project.self, id: card.id))
        return (repository, context, stored)
    }

    @Test("a save on a shared board records which fields it changed, in the same save, outside its undo step")
    func recordedBySave() async throws {
        let (repository, context, card) = try await Self.sharing()
        var edited = card
        edited.title = "Alpha, renamed"
        try await Repo.save(to: repository) { $0.update(edited) }

        let changes = try await repository.pendingChanges()
        #expect(changes.map(\.objectID) == [ObjectID(Project.self, id: card.id)])
        #expect(changes.first?.slots == ["title"])
        #expect(context.undoStepObjects(PendingChange.self).undo.isEmpty)
        #expect(context.undoStepObjects(Project.self).undo.map(\.title) == ["Alpha, renamed"])

        // An undo is a change like any other: its save records it too.
        try context.undo(scope: Board.ID.default.rawValue.uuidString)
        #expect(context.object(Project.self, id: card.id)?.title == "Alpha")
        #expect(try await repository.pendingChanges().map(\.objectID) == [ObjectID(Project.self, id: card.id)])
    }

    @Test("a card made since the last sync is recorded whole; a card deleted is recorded deleted")
    func madeAndDeleted() async throws {
        let (repository, context, card) = try await Self.sharing()
        let beta = Repo.project(2, "Beta")
        try await Repo.add([beta], to: repository)
        try await Repo.save(to: repository) { $0.delete(card.id) }

        let changes = try await repository.pendingChanges()
        let made = changes.first { $0.object == beta.id.rawValue && $0.entity == Project.entityName }
        #expect(made != nil && made?.slots == nil)
        #expect(changes.contains { $0.object == card.id.rawValue && $0.entity == Project.entityName })
        #expect(context.object(Project.self, id: card.id) == nil)
    }

    @Test("a sync's save takes away the changes it read, but not one changed again since it read them")
    func takenAwayBySync() async throws {
        let (repository, _, card) = try await Self.sharing()
        var edited = card
        edited.title = "Once"
        try await Repo.save(to: repository) { $0.update(edited) }
        let read = try await repository.pendingChanges()

        edited.body = "Twice, while the sync ran"
        try await Repo.save(to: repository) { $0.update(edited) }
        try await repository.markSynced(SyncToken(remote: "hub", token: UUID()), sent: read)
        let left = try await repository.pendingChanges()
        #expect(left.count == 1)
        #expect(left.first?.slots == ["body", "title"])

        try await repository.markSynced(SyncToken(remote: "hub", token: UUID()), sent: left)
        #expect(try await repository.pendingChanges().isEmpty)
    }

    @Test("the records count for nothing in an undo step's size: 6,000 cards made on a shared board are one undo step")
    func largeSaveStaysUndoable() async throws {
        let (repository, context, _) = try await Self.sharing()
        try await Repo.save(to: repository) { changes in
            for number in 100..<6_100 { changes.insert(Repo.project(number, "Card \(number)")) }
        }
        #expect(try await repository.pendingChanges().count >= 6_000)
        #expect(context.canUndo(scope: Board.ID.default.rawValue.uuidString))
        #expect(context.undoStepObjects(Project.self).undo.count == 6_000)
    }

    @Test("a sync's own save records nothing")
    func syncRecordsNothing() async throws {
        let (repository, context, card) = try await Self.sharing()
        var values = try ReplicatedFields.slots(of: card)
        values["title"] = .string("From another device")
        let key = ReplicatedKey(entity: Project.entityName, id: card.id.rawValue)
        _ = try await repository.applyReplicated([key: values], replica: ReplicaID(rawValue: "0123456789abcdef")!)
        #expect(context.object(Project.self, id: card.id)?.title == "From another device")
        #expect(try await repository.pendingChanges().isEmpty)
    }
}
