import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite(
    "Git transport over git's smart-HTTP server on the loopback",
    .enabled(if: GitRemoteWorld.hasGit, "needs git"))
struct GitHTTPTransportTests {
    /// A world with a bare repository served by `git http-backend` at `http://127.0.0.1:PORT/boards.git`.
    struct Served {
        let world: GitRemoteWorld
        let repository: URL
        let server: LoopbackHTTPServer
        var remote: String { "\(server.baseURL.absoluteString)/boards.git" }

        init() throws {
            world = try GitRemoteWorld()
            repository = try world.makeBareRepository()
            let backend = GitHTTPBackend(root: world.directory.url, git: try #require(GitRemoteWorld.git))
            // It serves until stopped, however late a loaded machine starts its git commands.
            server = try LoopbackHTTPServer { backend.respond(to: $0) }
        }

        func stop() {
            server.stop()
            world.remove()
        }
    }

    @Test("an empty repository is cloned over HTTP, and its first push lands")
    func emptyRepository() async throws {
        let served = try Served()
        defer { served.stop() }
        let (a, b) = (served.world.replica("a", of: served.remote), served.world.replica("b", of: served.remote))

        try await a.pull()
        try GitRemoteWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        try await b.pull()

        #expect(GitRemoteWorld.read("boards/B/a/1.ops", in: b) == "a1")
        #expect(try served.world.files(on: served.repository) == ["boards/B/a/1.ops"])
        #expect(served.server.requests.contains { $0.queryValue("service") == "git-receive-pack" })
    }

    @Test("two replicas pushing over HTTP at the same moment both land")
    func concurrentPushes() async throws {
        let served = try Served()
        defer { served.stop() }
        let (a, b) = (served.world.replica("a", of: served.remote), served.world.replica("b", of: served.remote))
        try await a.pull()
        try await b.pull()

        for round in 1...2 {
            try GitRemoteWorld.write("a\(round)", to: "boards/B/a/\(round).ops", in: a)
            try GitRemoteWorld.write("b\(round)", to: "boards/B/b/\(round).ops", in: b)
            async let pushedA: Void = a.push(["boards/B/a"], message: "a: \(round)")
            async let pushedB: Void = b.push(["boards/B/b"], message: "b: \(round)")
            _ = try await (pushedA, pushedB)
        }
        try await a.pull()

        let expected = (1...2).flatMap { ["boards/B/a/\($0).ops", "boards/B/b/\($0).ops"] }.sorted()
        #expect(try served.world.files(on: served.repository) == expected)
        #expect(GitRemoteWorld.read("boards/B/b/2.ops", in: a) == "b2")
    }

    @Test("a push larger than git's post buffer is sent in chunks and lands")
    func chunkedPush() async throws {
        let served = try Served()
        defer { served.stop() }
        // git sends a body larger than http.postBuffer (64 KiB at the least) chunked.
        let small = ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "http.postBuffer", "GIT_CONFIG_VALUE_0": "65536"]
        let a = served.world.replica("a", of: served.remote, environment: small)
        try await a.pull()
        var generator = SeededGenerator(seed: 19)
        let bytes = Data((0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let file = a.folder.appending(path: "boards/B/a/1.ops")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)

        try await a.push(["boards/B/a"], message: "a: 1")

        #expect(try served.world.files(on: served.repository) == ["boards/B/a/1.ops"])
        let chunked = served.server.requests.filter { $0.header("transfer-encoding")?.contains("chunked") == true }
        #expect(!chunked.isEmpty)
        let b = served.world.replica("b", of: served.remote)
        try await b.pull()
        #expect(try Data(contentsOf: b.folder.appending(path: "boards/B/a/1.ops")) == bytes)
    }
}
