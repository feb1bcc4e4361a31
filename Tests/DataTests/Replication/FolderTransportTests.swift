import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Folder transport: replicas meet in a shared folder")
struct FolderTransportTests {
    @Test("a folder that is not there is unreachable")
    func missingFolder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.file("not-mounted")
        let transport = FolderTransport(folder: missing)

        let notThere = SyncError.unreachable(
            remote: missing.path(percentEncoded: false), reason: "the folder is not there")

        await #expect(throws: notThere) { try await transport.pull() }
        await #expect(throws: notThere) { try await transport.push([], message: "pm sync") }
    }

    @Test("a file where the folder should be is unreachable")
    func fileInsteadOfFolder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("share")
        try Data("x".utf8).write(to: file)

        let error = await #expect(throws: SyncError.self) { try await FolderTransport(folder: file).pull() }

        guard case .unreachable = error else {
            Issue.record("not unreachable: \(String(describing: error))")
            return
        }
    }

    @Test("a pull of a folder that is there succeeds, and a push of files written there succeeds")
    func present() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = FolderTransport(folder: directory.url)
        try await transport.pull()
        let file = directory.file("boards/B/a/1.ops")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("a1".utf8).write(to: file)

        try await transport.push(["boards/B/a", "boards/B/a/1.ops"], message: "pm sync")

        #expect(transport.folder == directory.url)
    }

    @Test("a push of a path that is not in the folder is refused")
    func missingFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = FolderTransport(folder: directory.url)

        let error = await #expect(throws: SyncError.self) {
            try await transport.push(["boards/B/a/1.ops"], message: "pm sync")
        }

        guard case .localState(let reason) = error else {
            Issue.record("not localState: \(String(describing: error))")
            return
        }
        #expect(reason.contains("boards/B/a/1.ops"))
    }
}
