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

/// The outbox's entries in the store file: their binary coding (since 5.4.6), and the JSON that
/// stores written before it hold.
@Suite("Outbox entries in the store file")
struct PendingChangeCodingTests {
    static let entry = PendingChange(
        id: PendingChange.id(for: ObjectID(Project.self, id: Project.ID(rawValue: SequentialIDs.id(7)))),
        entity: Project.entityName, object: SequentialIDs.id(7), changedAt: TestClock.defaultStart,
        slots: ["body", "title"],
        slotTimes: ["title": TestClock.defaultStart.addingTimeInterval(1.5), "body": TestClock.defaultStart],
        board: SequentialIDs.id(1))

    /// A card made since the last sync: every slot, no times of its own, a record that did not say its board.
    static let made = PendingChange(
        id: PendingChange.id(for: ObjectID(Project.self, id: Project.ID(rawValue: SequentialIDs.id(8)))),
        entity: Project.entityName, object: SequentialIDs.id(8), changedAt: TestClock.defaultStart, slots: nil)

    /// `entry` as coding version 1 writes it, kept as bytes: an engine that raises the version must still read these.
    static let entryVersion1 =
        "5582cf1683486dde68aec17b1b8bbfa6" + "07" + "50726f6a656374"  // id, entity "Project"
        + "00000000000040008000000000000007" + "000000606bb3c741"  // object, changedAt: seconds since 2001
        + "01" + "02" + "04" + "626f6479" + "05" + "7469746c65"  // slots: body, title
        // their times: body, then title 1.5 s later
        + "01" + "02" + "04" + "626f6479" + "000000606bb3c741" + "05" + "7469746c65" + "0000c0606bb3c741"
        + "01" + "00000000000040008000000000000001"  // board

    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    @Test(
        "an entry's every field survives its binary coding, and version 1's bytes read as the entry they were written from"
    )
    func binaryCoding() throws {
        for entry in [Self.entry, Self.made] {
            var writer = BinaryWriter(capacity: 64)
            entry.encode(to: &writer)
            let data = writer.finish()
            #expect(try BinaryCodingVersionTests.decode(PendingChange.self, data, version: 1) == entry)
        }
        var writer = BinaryWriter(capacity: 64)
        Self.entry.encode(to: &writer)
        #expect(Self.hex(writer.finish()) == Self.entryVersion1)
        let old = BinaryCodingVersionTests.bytes(Self.entryVersion1)
        #expect(try BinaryCodingVersionTests.decode(PendingChange.self, old, version: 1) == Self.entry)
        // A truncated entry is an error, not an entry with fields missing.
        #expect(throws: BinaryCodingError.self) {
            try BinaryCodingVersionTests.decode(PendingChange.self, old.dropLast(3), version: 1)
        }
    }

    @Test("a record of an engine before 5.4.6, its outbox entry in JSON, reads as the entry it was written from")
    func jsonRecordStillRead() throws {
        // operation (push), no action name, no scope, one entity in coding 0 (JSON), one change
        // with its value after.
        var writer = BinaryWriter(capacity: 512)
        writer.append(byte: 1)
        writer.append(optionalString: nil)
        writer.append(optionalString: nil)
        writer.append(count: 1)
        writer.append(string: PendingChange.entityName)
        writer.append(count: 0)
        writer.append(count: 1)
        writer.append(count: 0)
        writer.append(uuid: Self.entry.id.rawValue)
        writer.append(byte: 2)
        let json = try JSONEncoder().encode(Self.entry)
        writer.append(count: json.count)
        writer.append(json)

        let commit = try BinaryStoreCoding.decodeRecord(writer.finish(), schema: .projectManager, steps: [])
        #expect(commit.changes.count == 1)
        #expect(commit.changes.first?.after as? PendingChange == Self.entry)
        // And a record written now keeps it in its binary coding.
        let written = try BinaryStoreCoding.encodeRecord(commit)
        #expect(written.firstRange(of: json) == nil)
        let read = try BinaryStoreCoding.decodeRecord(written, schema: .projectManager, steps: [])
        #expect(read.changes.first?.after as? PendingChange == Self.entry)
    }
}
