import Foundation
import Testing

@testable import ProjectManagerData

@Suite("Journal file: compaction keeps the file's permissions")
struct JournalFileCompactionTests {
    @Test("compaction keeps the store file's permission bits", arguments: [0o600, 0o640, 0o604, 0o644])
    func permissionsKept(_ permissions: Int) throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            try StoreFixtures.setPermissions(permissions, of: url)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            defer { journal.close() }

            try journal.compact(snapshot: Data(#"{"projects":[]}"#.utf8), schemaVersion: 1)

            #expect(try StoreFixtures.permissions(of: url) == permissions)
        }
    }

    @Test("compaction replaces a leftover from an interrupted one")
    func leftoverReplaced() throws {
        try withTemporaryDirectory { directory in
            let url = StoreFixtures.storeURL(in: directory)
            try StoreFixtures.makeStore(at: url)
            let leftover = URL(fileURLWithPath: url.path(percentEncoded: false) + ".compacting")
            try Data("half a snapshot".utf8).write(to: leftover)
            let (journal, _) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
            let snapshot = Data(#"{"projects":[]}"#.utf8)

            try journal.compact(snapshot: snapshot, schemaVersion: 1)
            journal.close()

            #expect(!FileManager.default.fileExists(atPath: leftover.path(percentEncoded: false)))
            #expect(try StoreFixtures.contents(at: url).snapshot == snapshot)
        }
    }
}
