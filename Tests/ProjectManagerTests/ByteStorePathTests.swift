import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

/// A store path that is not UTF-8 names that file, through the engine: the store, its lock, the
/// compaction's file, a dropped record's copy and the accounts folder all keep its bytes.
@Suite("Store paths as bytes, through the engine")
struct ByteStorePathTests {
    /// A new folder, its path's bytes, and the path of a store named `caf\xE9.pmstore` in it.
    static func latin1Store() throws -> (TemporaryDirectory, folder: [UInt8], store: StorePath) {
        let directory = try TemporaryDirectory()
        let folder = Array(directory.url.path(percentEncoded: false).utf8)
        return (
            directory, folder, StorePath(bytes: folder).appending(component: StorePath(bytes: RawFileNames.latin1Store))
        )
    }

    /// Removes the folder and everything in it, whatever the names' bytes.
    static func remove(_ directory: TemporaryDirectory) {
        RawFileNames.removeContents(of: Array(directory.url.path(percentEncoded: false).utf8))
        directory.remove()
    }

    @Test(
        "a store at caf\\xE9.pmstore is that file: every file beside it keeps the byte, and no name with U+FFFD appears"
    )
    func latin1StoreName() async throws {
        let (directory, folder, store) = try Self.latin1Store()
        defer { Self.remove(directory) }
        let storeBytes = store.bytes
        let environment = EngineEnvironment.test(clock: TestClock(), timeZone: .gmt)
        let accounts = LocalAccountSettings(passwordHashRounds: 1)

        // Given a store made there, compacted, then cut short by a crash
        let engine = try ProjectManagerEngine.persistent(at: store, environment: environment, accounts: accounts)
        _ = try await engine.createProject(ProjectDraft(title: "Crème brûlée"))
        try engine.compact()
        _ = try await engine.createProject(ProjectDraft(title: "Second"))
        engine.close()
        #expect(RawFileNames.append([0x10, 0x00], toFileAt: storeBytes))

        // When it opens again, saves (keeping the dropped bytes) and acknowledges them
        let reopened = try ProjectManagerEngine.persistent(at: store, environment: environment, accounts: accounts)
        let titles = try await reopened.fetchBoard().columns.map { $0.items.map(\.project.title) }
        _ = try await reopened.createProject(ProjectDraft(title: "Third"))
        let warnings = reopened.warnings
        try reopened.acknowledgeWarnings()
        reopened.close()

        let reader = try ProjectManagerEngine.readOnly(at: store, environment: environment)
        #expect(
            try await reader.fetchBoard().columns[0].items.map(\.project.title) == ["Crème brûlée", "Second", "Third"])
        reader.close()
        // An account, kept in the folder beside the store (signed in, the boards of no account are out of sight)
        let accountsEngine = try ProjectManagerEngine.persistent(
            at: store, environment: environment, accounts: accounts)
        _ = try await accountsEngine.signUp(email: "ada@example.com", password: "correct horse battery staple")
        accountsEngine.close()

        // Then it was the same file all along, and every name beside it starts with its bytes
        #expect(titles == [["Crème brûlée", "Second"], [], []])
        let kept = try #require(
            warnings.compactMap { warning -> String? in
                guard case .keptDroppedBytes(let file) = warning else { return nil }
                return file
            }.first)
        #expect(kept.hasPrefix(store.description + ".dropped-"))
        #expect(store.description.hasSuffix("/caf\\xE9.pmstore"))
        let names = RawFileNames.names(in: folder)
        #expect(!names.contains(where: RawFileNames.isRepaired), "\(names.map { StorePath(bytes: $0).description })")
        #expect(names.allSatisfy { $0.starts(with: RawFileNames.latin1Store.prefix(4)) })
        let suffixes = Set(
            names.map {
                String(decoding: $0.dropFirst(RawFileNames.latin1Store.count - ".pmstore".utf8.count), as: UTF8.self)
            })
        #expect(suffixes.isSuperset(of: [".pmstore", ".pmstore.lock", ".accounts"]))
        #expect(suffixes.contains { $0.hasPrefix(".pmstore.dropped-") && $0.hasSuffix(".acknowledged") })
        #expect(!suffixes.contains { $0.hasSuffix(".compacting") })
        let accountFiles = RawFileNames.names(
            in: folder + [UInt8(ascii: "/")] + Array(RawFileNames.latin1Store.dropLast(8)) + Array(".accounts".utf8))
        #expect(accountFiles.contains(Array("accounts.json".utf8)))
    }

    @Test("the URL entry points keep the bytes too: a percent-encoded byte that is not UTF-8 opens that name")
    func percentEncodedURL() async throws {
        let (directory, folder, store) = try Self.latin1Store()
        defer { Self.remove(directory) }
        #expect(store.fileURL.absoluteString.hasSuffix("/caf%E9.pmstore"))
        #expect(StorePath(fileURL: store.fileURL) == store)

        let engine = try ProjectManagerEngine.persistent(
            at: store.fileURL, environment: .test(clock: TestClock(), timeZone: .gmt))
        _ = try await engine.createProject(ProjectDraft(title: "A"))
        engine.close()

        #expect(
            Set(RawFileNames.names(in: folder)) == [
                RawFileNames.latin1Store, RawFileNames.latin1Store + Array(".lock".utf8),
            ])
    }
}
