import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// A fake Git Data API, a folder for the replicas' mirrors, and a connection to the fake.
private struct GitDataWorld {
    static let repository = GitHubRepositoryName("\(FakeGitDataAPI.owner)/\(FakeGitDataAPI.name)")!
    let github: FakeGitDataAPI
    let directory: TemporaryDirectory
    let connection: GitHubConnection

    init() throws {
        github = try FakeGitDataAPI()
        directory = try TemporaryDirectory()
        connection = GitHubConnection(
            configuration: GitHubConfiguration(
                apiURL: github.apiURL, webURL: github.webURL, userAgent: "ProjectManagerTests", timeout: 10),
            cacheFile: nil)
    }

    func finish() {
        github.stop()
        directory.remove()
    }

    /// The transport of replica `name`, mirroring into `replicas/NAME`.
    func replica(_ name: String, token: String = FakeGitDataAPI.token) -> GitHubGitDataTransport {
        connection.replicaTransport(
            for: Self.repository, folder: directory.file("replicas/\(name)"),
            signedInAs: GitHubCredential(token: AccessToken(token), login: "octocat", apiURL: github.apiURL))
    }

    static func write(_ text: String, to path: String, in transport: GitHubGitDataTransport) throws {
        let url = transport.folder.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func read(_ path: String, in transport: GitHubGitDataTransport) -> String? {
        (try? Data(contentsOf: transport.folder.appending(path: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under `folder`, relative, sorted.
    static func files(in folder: URL) -> [String] {
        let root = folder.standardizedFileURL.path(percentEncoded: false)
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }
}

@Suite("GitHub Git Data transport: replicas meet on a GitHub repository without git")
struct GitHubGitDataTransportTests {
    // MARK: - Exchanging files

    @Test(
        "a push to an empty repository makes its first commit, and another replica's pull sees the files",
        arguments: ["main", "master"])
    func firstPushToAnEmptyRepository(defaultBranch: String) async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        world.github.withState { $0.defaultBranch = defaultBranch }
        let (a, b) = (world.replica("a"), world.replica("b"))

        try await a.pull()
        try GitDataWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try GitDataWorld.write("a2", to: "boards/B/a/2.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        try await b.pull()

        #expect(
            world.github.files().mapValues { String(decoding: $0, as: UTF8.self) } == [
                "boards/B/a/1.ops": "a1", "boards/B/a/2.ops": "a2",
            ])
        #expect(GitDataWorld.read("boards/B/a/1.ops", in: b) == "a1")
        #expect(GitDataWorld.read("boards/B/a/2.ops", in: b) == "a2")
        #expect(GitDataWorld.files(in: b.folder) == [".github-mirror.json", "boards/B/a/1.ops", "boards/B/a/2.ops"])
        // The contents endpoint made the first commit; the Git Data API the rest.
        #expect(world.github.requestLines.contains("PUT contents/boards/B/a/1.ops"))
    }

    @Test("two replicas push in turn without pulling: the second is refused, pulls, pushes again")
    func refusedPushIsRetried() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let (a, b) = (world.replica("a"), world.replica("b"))
        try GitDataWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        try await b.pull()

        try GitDataWorld.write("a2", to: "boards/B/a/2.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 2")
        try GitDataWorld.write("b1", to: "boards/B/b/1.ops", in: b)
        try await b.push(["boards/B/b"], message: "b: 1")
        try await a.pull()

        #expect(world.github.withState { $0.refusedUpdates } == 1)
        #expect(world.github.files().keys.sorted() == ["boards/B/a/1.ops", "boards/B/a/2.ops", "boards/B/b/1.ops"])
        #expect(GitDataWorld.read("boards/B/a/2.ops", in: b) == "a2")
        #expect(GitDataWorld.read("boards/B/b/1.ops", in: a) == "b1")
        #expect(GitDataWorld.read("boards/B/b/1.ops", in: b) == "b1")
    }

    @Test("a push refused five times in a row is reported, and sent by the next push")
    func pushRefusedFiveTimes() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let a = world.replica("a")
        try GitDataWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        try GitDataWorld.write("a2", to: "boards/B/a/2.ops", in: a)
        for _ in 0..<5 {
            world.github.failNext(
                "PATCH", "/git/refs/heads/main", with: FakeGitDataAPI.message(422, "Update is not a fast forward"))
        }

        await #expect(throws: SyncError.pushRefused(remote: a.address, attempts: 5)) {
            try await a.push(["boards/B/a"], message: "a: 2")
        }
        try await a.push(["boards/B/a"], message: "a: 2")
        #expect(world.github.files().keys.sorted() == ["boards/B/a/1.ops", "boards/B/a/2.ops"])
    }

    @Test("a pull when main has not moved sends one request; after it moved, only the new blob is read")
    func incrementalPull() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let (a, b) = (world.replica("a"), world.replica("b"))
        try GitDataWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        try await b.pull()
        world.github.clearRequests()

        try await b.pull()
        #expect(world.github.requestLines == ["GET git/ref/heads/main"])

        try GitDataWorld.write("a2", to: "boards/B/a/2.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 2")
        world.github.clearRequests()
        try await b.pull()

        let lines = world.github.requestLines
        #expect(lines.count == 4)
        #expect(lines.first == "GET git/ref/heads/main")
        #expect(lines.filter { $0.hasPrefix("GET git/blobs/") }.count == 1)
        #expect(GitDataWorld.read("boards/B/a/2.ops", in: b) == "a2")
    }

    @Test("a push with nothing new sends nothing")
    func nothingToPush() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let a = world.replica("a")
        try GitDataWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        world.github.clearRequests()

        try await a.push(["boards/B/a"], message: "a: again")

        #expect(world.github.requestLines.isEmpty)
    }

    @Test("a tree GitHub truncates is read one folder at a time")
    func truncatedTree() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let (a, b) = (world.replica("a"), world.replica("b"))
        for index in 1...3 { try GitDataWorld.write("a\(index)", to: "boards/B/a/\(index).ops", in: a) }
        try GitDataWorld.write("c", to: "boards/C/a/1.ops", in: a)
        try await a.push(["boards"], message: "a")
        world.github.withState { $0.truncatesRecursiveListings = true }

        try await b.pull()

        #expect(world.github.requestLines.contains { $0.hasPrefix("GET git/trees/") && !$0.contains("recursive") })

        #expect(
            GitDataWorld.files(in: b.folder) == [
                ".github-mirror.json", "boards/B/a/1.ops", "boards/B/a/2.ops", "boards/B/a/3.ops", "boards/C/a/1.ops",
            ])
    }

    @Test("a file removed on the remote is removed here unless changed here; files not pushed stay")
    func removalsAndLocalFiles() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let (a, b) = (world.replica("a"), world.replica("b"))
        try GitDataWorld.write("gone", to: "boards/B/a/gone.ops", in: a)
        try GitDataWorld.write("kept", to: "boards/B/a/kept.ops", in: a)
        try await a.push(["boards/B/a"], message: "a")
        try await b.pull()
        try GitDataWorld.write("changed here", to: "boards/B/a/kept.ops", in: b)
        try GitDataWorld.write("b1", to: "boards/B/b/1.ops", in: b)

        world.github.pointMain(atTreeOf: [])
        try await b.pull()

        #expect(GitDataWorld.files(in: b.folder) == [".github-mirror.json", "boards/B/a/kept.ops", "boards/B/b/1.ops"])
        #expect(GitDataWorld.read("boards/B/a/kept.ops", in: b) == "changed here")
    }

    // MARK: - Hostile answers

    @Test("a hostile tree writes nothing outside the folder, skips what it must, and does not crash")
    func hostileTree() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let b = world.replica("b")
        try await b.pull()
        let escape = world.github.storeBlob(Data("escaped".utf8))
        let fine = world.github.storeBlob(Data("fine".utf8))
        let manifest = world.github.storeBlob(Data(#"{"files":{},"format":1}"#.utf8))
        let absolute = world.directory.file("absolute").path(percentEncoded: false)
        world.github.pointMain(atTreeOf: [
            .init(path: "../../escaped", sha: escape, size: 7),
            .init(path: "ok/../../../escaped", sha: escape, size: 7),
            .init(path: absolute, sha: escape, size: 7),
            .init(path: "ok//double", sha: escape, size: 7),
            .init(path: "./dot", sha: escape, size: 7),
            .init(path: ".github-mirror.json", sha: manifest, size: 24),
            .init(path: "link", mode: "120000", sha: escape, size: 7),
            .init(path: "module", mode: "160000", type: "commit", sha: escape),
            .init(path: "clash", sha: fine, size: 4),
            .init(path: "clash/inner", sha: fine, size: 4),
            .init(path: "bad-id", sha: "../../../../user", size: 4),
            .init(path: "huge.ops", sha: String(repeating: "a", count: 40), size: 17 << 20),
            .init(path: "ok/file.ops", sha: fine, size: 4),
        ])
        world.github.clearRequests()

        try await b.pull()

        // `clash` is written and `clash/inner`, which no file system could hold beside it, is not.
        #expect(
            GitDataWorld.files(in: world.directory.url) == [
                "replicas/b/.github-mirror.json", "replicas/b/clash", "replicas/b/ok/file.ops",
            ])
        #expect(GitDataWorld.read("ok/file.ops", in: b) == "fine")
        #expect(world.github.requestLines.filter { $0.hasPrefix("GET git/blobs/") } == ["GET git/blobs/\(fine)"])
        let kept = try #require(try GitHubMirrorManifest.load(from: b.folder))
        #expect(kept.files == ["clash": fine, "ok/file.ops": fine])
    }

    @Test("a blob whose content does not have its id fails the pull, and nothing is written")
    func blobNotMatchingItsID() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let (a, b) = (world.replica("a"), world.replica("b"))
        try GitDataWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        let sha = GitObjectID.blob(Data("a1".utf8))
        world.github.failNext(
            "GET", "/git/blobs/",
            with: FakeGitDataAPI.json(
                200,
                ["sha": sha, "size": 5, "encoding": "base64", "content": Data("evil!".utf8).base64EncodedString()]))

        await #expect {
            try await b.pull()
        } throws: { error in
            guard case SyncError.unreachable(let remote, let reason) = error else { return false }
            return remote == b.address && reason.contains("does not have the id")
        }
        #expect(GitDataWorld.files(in: b.folder).isEmpty)
    }

    @Test("an answer that is not JSON is an unreachable remote with a reason, and nothing is written")
    func malformedJSON() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let (a, b) = (world.replica("a"), world.replica("b"))
        try GitDataWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        world.github.failNext("GET", "/git/trees/", with: .json(200, Data("<html>not json".utf8)))

        await #expect(
            throws: SyncError.unreachable(
                remote: b.address, reason: "GitHub's answer could not be read at 'body': not JSON")
        ) {
            try await b.pull()
        }
        #expect(GitDataWorld.files(in: b.folder).isEmpty)
        try await b.pull()
        #expect(GitDataWorld.read("boards/B/a/1.ops", in: b) == "a1")
    }

    // MARK: - The token

    @Test("a refused token is a typed error whose text never holds the token")
    func refusedToken() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let wrong = "ghp_Wr0ngT0kenWr0ngT0kenWr0ngT0ken0042"
        let a = world.replica("a", token: wrong)
        try GitDataWorld.write("a1", to: "boards/B/a/1.ops", in: a)

        let pulling = await #expect(throws: SyncError.self) { try await a.pull() }
        let pushing = await #expect(throws: SyncError.self) { try await a.push(["boards/B/a"], message: "a") }

        for error in [try #require(pulling), try #require(pushing)] {
            guard case .unreachable(let remote, let reason) = error else {
                Issue.record("not unreachable: \(error)")
                continue
            }
            #expect(remote == "127.0.0.1:\(world.github.webURL.port ?? 0)/octocat/boards")
            #expect(reason.contains("refused the token"))
            #expect(!String(describing: error).contains("Wr0ngT0ken") && !String(reflecting: error).contains(wrong))
        }
        #expect(!String(describing: a).contains(wrong) && !String(reflecting: a).contains(wrong))
        var dumped = ""
        dump(a, to: &dumped)
        #expect(!dumped.contains(wrong))
    }

    @Test("the token goes only to the API's host: a redirect to another host is refused")
    func tokenStaysOnItsHost() async throws {
        let world = try GitDataWorld()
        defer { world.finish() }
        let elsewhere = try LoopbackHTTPServer { _ in .json(200, Data("{}".utf8)) }
        defer { elsewhere.stop() }
        let (a, b) = (world.replica("a"), world.replica("b"))
        try GitDataWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        world.github.failNext(
            "GET", "/git/blobs/",
            with: StubResponse(
                status: 302, headers: [("Location", elsewhere.baseURL.appending(path: "steal").absoluteString)]))

        await #expect(throws: SyncError.self) { try await b.pull() }

        #expect(elsewhere.requests.isEmpty)
        #expect(
            world.github.requests.allSatisfy { $0.header("Authorization") == "Bearer \(FakeGitDataAPI.token)" })
        #expect(!world.github.requests.isEmpty)
    }

    // MARK: - Ids

    @Test(
        "a file's id is the one git gives it",
        arguments: [
            ("", "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"),
            ("hello\n", "ce013625030ba8dba906f756967f9e9ca394464a"),
        ])
    func blobIDs(content: String, id: String) {
        #expect(GitObjectID.blob(Data(content.utf8)) == id)
    }

    @Test(
        "SHA-1 gives FIPS 180's digests, across block boundaries",
        arguments: [
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
            ),
            (String(repeating: "a", count: 1_000), "291e9a6c66994949b57ba5e650361e98fc36b1ba"),
        ])
    func sha1(message: String, digest: String) {
        #expect(SHA1.hexDigest(of: Data(message.utf8)) == digest)
    }
}
