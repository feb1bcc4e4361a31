import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Schema migrations")
struct SchemaMigrationTests {
    /// A note as schema version 1 stores it.
    struct NoteV1: ManagedEntity, Hashable {
        struct ID: ManagedID {
            let rawValue: UUID
        }

        static let entityName = "Note"

        let id: ID
        var text: String

        init(_ n: Int, text: String) {
            id = ID(rawValue: SequentialIDs.id(n))
            self.text = text
        }
    }

    /// The same note in schema version 2, which added a priority.
    struct NoteV2: ManagedEntity, Hashable {
        struct ID: ManagedID {
            let rawValue: UUID
        }

        static let entityName = "Note"

        let id: ID
        var text: String
        var priority: Int

        init(_ n: Int, text: String, priority: Int) {
            id = ID(rawValue: SequentialIDs.id(n))
            self.text = text
            self.priority = priority
        }
    }

    static let version1 = Schema(version: 1, entities: [NoteV1.self])

    /// Version 2: every note gets the priority 1, or 5 when its text ends with "!".
    static let version2 = Schema(
        version: 2, entities: [NoteV2.self],
        migrations: [
            SchemaMigration(from: 1) { entity, object in
                guard entity == NoteV2.entityName else { return }
                let urgent = if case .string(let text)? = object["text"] { text.hasSuffix("!") } else { false }
                object["priority"] = .number(urgent ? 5 : 1)
            }
        ])

    /// The schema version in the header of the store file at `url`.
    static func headerSchemaVersion(at url: URL) throws -> UInt32 {
        let header = try Data(contentsOf: url).prefix(JournalFormat.headerSize)
        try #require(header.count == JournalFormat.headerSize)
        return header[12..<16].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    @Test(
        "a store of schema version 1 opens with version 2, migrating its snapshot and its journal, and now says version 2"
    )
    func migratesOnOpening() throws {
        // Given a version 1 store whose first note is in the snapshot and whose second is in the journal
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("notes.pmstore")
        do {
            let context = try ObjectContext(
                schema: Self.version1, store: JournalStore(url: url, compactionFloor: 0), undoLimit: 10)
            try context.insert(NoteV1(1, text: "water the plants"))
            try context.save()
        }
        do {
            let context = try ObjectContext(schema: Self.version1, store: .file(url))
            try context.insert(NoteV1(2, text: "pay the rent!"))
            try context.save()
        }
        let (journal, stored) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
        journal.close()
        try #require(stored.schemaVersion == 1)
        try #require(stored.snapshot != nil)
        try #require(stored.records.count == 1)

        // When
        do {
            let context = try ObjectContext(schema: Self.version2, store: .file(url))

            // Then
            #expect(
                context.object(NoteV2.self, id: NoteV2(1, text: "", priority: 0).id)
                    == NoteV2(1, text: "water the plants", priority: 1))
            #expect(
                context.object(NoteV2.self, id: NoteV2(2, text: "", priority: 0).id)
                    == NoteV2(2, text: "pay the rent!", priority: 5))
            #expect(!context.hasChanges)
        }
        #expect(try Self.headerSchemaVersion(at: url) == 2)

        // And version 1 can no longer read it, while version 2 reads it without migrating again
        #expect(throws: ContextError.store(.newerSchema(file: url.path, found: 2, supported: 1))) {
            try ObjectContext(schema: Self.version1, store: .file(url))
        }
        let reopened = try ObjectContext(schema: Schema(version: 2, entities: [NoteV2.self]), store: .file(url))
        #expect(try reopened.count(FetchRequest<NoteV2>()) == 2)
    }
}
