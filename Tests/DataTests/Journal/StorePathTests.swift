import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Store paths as bytes")
struct StorePathTests {
    static let latin1 = StorePath(bytes: RawFileNames.latin1Store)

    @Test("a path shows UTF-8 as it is and every other byte as \\xHH")
    func description() {
        #expect(Self.latin1.description == "caf\\xE9.pmstore")
        #expect(StorePath("/tmp/café/✓.pmstore").description == "/tmp/café/✓.pmstore")
        #expect(StorePath(bytes: [0xC3, 0x41, 0xFF, 0xE2, 0x9C]).description == "\\xC3A\\xFF\\xE2\\x9C")
    }

    @Test(
        "a file URL carries the bytes percent-encoded, and gives them back",
        arguments: [
            RawFileNames.latin1Store, Array("/tmp/".utf8) + RawFileNames.latin1Store,
            Array("/tmp/100% sûr?#.pmstore".utf8),
        ])
    func fileURLRoundTrip(_ bytes: [UInt8]) throws {
        let path = StorePath(bytes: bytes)
        let back = try #require(StorePath(fileURL: path.fileURL))
        #expect(back.bytes.reversed().starts(with: bytes.reversed()))
        #expect(back.isAbsolute)
        #expect(StorePath(fileURL: try #require(URL(string: "https://example.com/a.pmstore"))) == nil)
    }

    @Test("the folder, the name and the files beside a path keep its bytes")
    func parts() {
        let path = StorePath(bytes: Array("/data/".utf8) + RawFileNames.latin1Store)
        #expect(path.folder == StorePath("/data"))
        #expect(path.name == Self.latin1)
        #expect(path.appending(".lock").bytes == path.bytes + Array(".lock".utf8))
        #expect(StorePath("/data/").appending(component: Self.latin1) == path)
        #expect(Self.latin1.folder == StorePath("."))
        #expect(StorePath("/s.pmstore").folder == StorePath("/"))
    }

    @Test(
        "the journal writes its lock, compaction file and dropped copy beside a store whose name is not UTF-8, with its bytes"
    )
    func journalSiblings() throws {
        try withTemporaryDirectory { directory in
            let folder = StorePath(directory.path(percentEncoded: false))
            defer { RawFileNames.removeContents(of: folder.bytes) }
            let store = folder.appending(component: Self.latin1)
            let fileSystem = FaultyFileSystem()
            let (journal, _) = try JournalFile.open(at: store, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            try journal.append(StoreFixtures.record(1))
            try journal.compact(snapshot: StoreFixtures.snapshot, schemaVersion: 1)
            try journal.append(StoreFixtures.record(2))
            journal.close()
            #expect(RawFileNames.append([0x10], toFileAt: store.bytes))
            let (reopened, _) = try JournalFile.open(at: store, newStoreSchemaVersion: 1, fileSystem: fileSystem)
            try reopened.append(StoreFixtures.record(3))
            reopened.close()

            let written = Set(
                fileSystem.paths.map { String(decoding: $0.bytes.dropFirst(store.bytes.count), as: UTF8.self) })
            #expect(fileSystem.paths.allSatisfy { $0.bytes.starts(with: store.bytes) }, "\(fileSystem.paths)")
            #expect(written.isSuperset(of: ["", ".lock", ".compacting"]))
            #expect(written.contains { $0.hasPrefix(".dropped-") })
            let names = RawFileNames.names(in: folder.bytes)
            #expect(!names.contains(where: RawFileNames.isRepaired))
            #expect(names.count == 3 && names.allSatisfy { $0.starts(with: Self.latin1.bytes) })
            #expect(
                try StoreFixtures.contents(at: store.fileURL).records == [
                    StoreFixtures.record(2), StoreFixtures.record(3),
                ])
        }
    }
}
