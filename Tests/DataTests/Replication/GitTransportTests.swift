import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Git transport: replicas meet in a bare repository", .enabled(if: GitRemoteWorld.hasGit, "needs git"))
struct GitTransportTests {
    @Test("each replica sees the other's files after a push and a pull")
    func exchange() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let (a, b) = (world.replica("a", of: remote.path), world.replica("b", of: remote.path))

        try await a.pull()
        try GitRemoteWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        try await b.pull()
        try GitRemoteWorld.write("b1", to: "boards/B/b/1.ops", in: b)
        try await b.push(["boards/B/b"], message: "b: 1")
        try await a.pull()

        #expect(GitRemoteWorld.read("boards/B/b/1.ops", in: a) == "b1")
        #expect(GitRemoteWorld.read("boards/B/a/1.ops", in: b) == "a1")
        #expect(try world.files(on: remote) == ["boards/B/a/1.ops", "boards/B/b/1.ops"])
    }

    @Test("a copy whose remote moved pulls from and pushes to the new address, and the old one stays as it was")
    func addressChanged() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let old = try world.makeBareRepository("old.git")
        let moved = try world.makeBareRepository("moved.git")
        let before = world.replica("a", of: old.path)
        try await before.pull()
        try GitRemoteWorld.write("a1", to: "boards/B/a/1.ops", in: before)
        try await before.push(["boards/B/a"], message: "a: 1")

        // The same copy, the remote's address changed: nothing of it is on the new remote yet
        let after = world.replica("a", of: moved.path)
        try await after.pull()
        try GitRemoteWorld.write("a2", to: "boards/B/a/2.ops", in: after)
        try await after.push(["boards/B/a"], message: "a: 2")

        #expect(try world.files(on: moved) == ["boards/B/a/1.ops", "boards/B/a/2.ops"])
        #expect(try world.files(on: old) == ["boards/B/a/1.ops"])
    }

    @Test("the copy that holds the remote's address is its owner's alone: a 0700 folder, a 0600 configuration")
    func copyIsPrivate() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let a = world.replica("a", of: remote.path)

        try await a.pull()

        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
        }
        let folder = a.folder.path(percentEncoded: false)
        #expect(try mode(folder) == 0o700)
        #expect(try mode(folder + "/.git/config") == 0o600)
        try await a.pull()
        #expect(try mode(folder + "/.git/config") == 0o600)
    }

    @Test("an empty remote is cloned onto main, and the first push makes its main")
    func emptyRemote() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let a = world.replica("a", of: "file://\(remote.path(percentEncoded: false))")

        try await a.pull()

        let listed = try FileManager.default.contentsOfDirectory(atPath: a.folder.path(percentEncoded: false))
        #expect(listed == [".git"])
        #expect(try world.git(["symbolic-ref", "HEAD"], in: a.folder).output == "refs/heads/main\n")

        try GitRemoteWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")

        #expect(try world.files(on: remote) == ["boards/B/a/1.ops"])
        #expect(
            try world.git(["log", "-1", "--format=%an <%ae> %s"], in: a.folder).output
                == "ProjectManager <pm@localhost> a: 1\n")
    }

    @Test("a new copy takes the remote's files as they are, not its history; it pulls and pushes on from there")
    func newCopyIsShallow() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let a = world.replica("a", of: remote.path(percentEncoded: false))
        try await a.pull()
        for sequence in 1...3 {
            try GitRemoteWorld.write("a\(sequence)", to: "replicas/a/\(sequence).ops", in: a)
            try await a.push(["replicas/a"], message: "a: \(sequence)")
        }
        // Folded: the files gone from the remote's files, kept in its history.
        try FileManager.default.removeItem(at: a.folder.appending(path: "replicas/a"))
        try GitRemoteWorld.write("all of a", to: "replicas/a/checkpoint.bin", in: a)
        try await a.push(["replicas/a"], message: "a: checkpoint")

        let b = world.replica("b", of: remote.path(percentEncoded: false))
        try await b.pull()
        #expect(try world.git(["rev-list", "--count", "HEAD"], in: b.folder).output == "1\n")
        #expect(GitRemoteWorld.read("replicas/a/checkpoint.bin", in: b) == "all of a")
        #expect(GitRemoteWorld.read("replicas/a/1.ops", in: b) == nil)

        try GitRemoteWorld.write("b1", to: "replicas/b/1.ops", in: b)
        try await b.push(["replicas/b"], message: "b: 1")
        try await a.pull()
        #expect(GitRemoteWorld.read("replicas/b/1.ops", in: a) == "b1")
        #expect(try world.commits(on: remote).all == 5)
    }

    @Test("a push refused as not a fast-forward pulls, replays its commit, and pushes again")
    func refusedPushIsRetried() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let (a, b) = (world.replica("a", of: remote.path), world.replica("b", of: remote.path))
        try await a.pull()
        try await b.pull()

        try GitRemoteWorld.write("b1", to: "boards/B/b/1.ops", in: b)
        try await b.push(["boards/B/b"], message: "b: 1")
        try GitRemoteWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")  // Without pulling B's commit first.

        #expect(try world.files(on: remote) == ["boards/B/a/1.ops", "boards/B/b/1.ops"])
        #expect(GitRemoteWorld.read("boards/B/b/1.ops", in: a) == "b1")
        let commits = try world.commits(on: remote)
        #expect(commits.all == 2)
        #expect(commits.merges == 0)
    }

    @Test("two pushes started at the same moment both land, round after round")
    func concurrentPushes() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let (a, b) = (world.replica("a", of: remote.path), world.replica("b", of: remote.path))
        try await a.pull()
        try await b.pull()

        for round in 1...3 {
            try GitRemoteWorld.write("a\(round)", to: "boards/B/a/\(round).ops", in: a)
            try GitRemoteWorld.write("b\(round)", to: "boards/B/b/\(round).ops", in: b)
            async let pushedA: Void = a.push(["boards/B/a"], message: "a: \(round)")
            async let pushedB: Void = b.push(["boards/B/b"], message: "b: \(round)")
            _ = try await (pushedA, pushedB)
        }

        let expected = (1...3).flatMap { ["boards/B/a/\($0).ops", "boards/B/b/\($0).ops"] }.sorted()
        #expect(try world.files(on: remote) == expected)
        #expect(try world.commits(on: remote).all == 6)
    }

    @Test("a file changed and not pushed stays through a pull, and the next push sends it")
    func unpushedChangesSurvivePull() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let (a, b) = (world.replica("a", of: remote.path), world.replica("b", of: remote.path))
        try await a.pull()
        try GitRemoteWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")
        try await b.pull()

        try GitRemoteWorld.write("a1a2", to: "boards/B/a/1.ops", in: a)  // Changed, not committed.
        try GitRemoteWorld.write("a3", to: "boards/B/a/3.ops", in: a)  // New, not committed.
        try GitRemoteWorld.write("b1", to: "boards/B/b/1.ops", in: b)
        try await b.push(["boards/B/b"], message: "b: 1")
        try await a.pull()

        #expect(GitRemoteWorld.read("boards/B/a/1.ops", in: a) == "a1a2")
        #expect(GitRemoteWorld.read("boards/B/a/3.ops", in: a) == "a3")
        #expect(GitRemoteWorld.read("boards/B/b/1.ops", in: a) == "b1")

        try await a.push(["boards/B/a"], message: "a: 2")
        try await b.pull()

        #expect(GitRemoteWorld.read("boards/B/a/1.ops", in: b) == "a1a2")
        #expect(GitRemoteWorld.read("boards/B/a/3.ops", in: b) == "a3")
    }

    @Test("a commit whose push failed is pushed by the next push, even with nothing new to commit")
    func unpushedCommitIsSentLater() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let a = world.replica("a", of: remote.path)
        try await a.pull()
        try GitRemoteWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        // As if the push had failed after the commit.
        try world.git(["add", "boards"], in: a.folder)
        try world.git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "a: 1"], in: a.folder)

        try await a.push(["boards/B/a"], message: "a: 2")

        #expect(try world.files(on: remote) == ["boards/B/a/1.ops"])
        #expect(try world.commits(on: remote).all == 1)
    }

    @Test("a push with nothing to commit and nothing unpushed makes no commit and sends nothing")
    func pushWithNothingNew() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let a = world.replica("a", of: remote.path)
        try await a.pull()
        try GitRemoteWorld.write("a1", to: "boards/B/a/1.ops", in: a)
        try await a.push(["boards/B/a"], message: "a: 1")

        try FileManager.default.removeItem(at: remote)  // Any attempt to reach it now fails.
        try await a.push(["boards/B/a"], message: "a: 2")

        #expect(try world.git(["rev-list", "--count", "HEAD"], in: a.folder).output == "1\n")
    }

    @Test("a path that is not in the folder is refused before git runs")
    func missingPath() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        let a = world.replica("a", of: remote.path)
        try await a.pull()

        for path in ["boards/B/a", "../elsewhere", "/etc"] {
            let error = await #expect(throws: SyncError.self) { try await a.push([path], message: "a") }
            guard case .localState = error else {
                Issue.record("\(path): \(String(describing: error))")
                continue
            }
        }
    }

    @Test(
        "an address git would read as an option is refused before git runs", arguments: ["--upload-pack=touch x", ""])
    func optionAsAddress(address: String) async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let a = world.replica("a", of: address)

        let error = await #expect(throws: SyncError.self) { try await a.pull() }

        guard case .badAddress = error else {
            Issue.record("not badAddress: \(String(describing: error))")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: a.folder.path(percentEncoded: false)))
    }

    @Test("a clone inside another repository is a repository of its own, and leaves the other untouched")
    func insideAnotherRepository() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let remote = try world.makeBareRepository()
        try world.git(["init", "--quiet", world.directory.url.path(percentEncoded: false)])
        let a = world.replica("a", of: remote.path)
        try GitRemoteWorld.write("a1", to: "boards/B/a/1.ops", in: a)

        try await a.push(["boards/B/a"], message: "a: 1")

        #expect(try world.files(on: remote) == ["boards/B/a/1.ops"])
        let outer = try world.git(["status", "--porcelain", "--untracked-files=no"], in: world.directory.url)
        #expect(outer.output.isEmpty)
        #expect(try world.git(["rev-parse", "--show-toplevel"], in: a.folder).output.hasSuffix("replicas/a\n"))
    }

    @Test("a remote that is not there is unreachable, and the folder is left as it was")
    func missingRemote() async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let missing = world.directory.file("missing.git").path(percentEncoded: false)
        let a = world.replica("a", of: missing)

        let error = await #expect(throws: SyncError.self) { try await a.pull() }

        guard case .unreachable(let remote, let reason) = error else {
            Issue.record("not unreachable: \(String(describing: error))")
            return
        }
        #expect(remote == missing)
        #expect(reason.contains("does not appear to be a git repository"), "\(reason)")
        #expect(!reason.contains("\n"))
        let gitFolder = a.folder.appending(path: ".git").path(percentEncoded: false)
        #expect(!FileManager.default.fileExists(atPath: gitFolder))
    }

    @Test(
        "a credential in the address shows nowhere in the error",
        arguments: [
            ("https://secret-token@127.0.0.1:1/x.git", "secret-token"),
            ("https://someone:hunter2-secret@127.0.0.1:1/x.git", "hunter2-secret"),
        ])
    func credentialIsScrubbed(address: String, secret: String) async throws {
        let world = try GitRemoteWorld()
        defer { world.remove() }
        let a = world.replica("a", of: address)

        let error = await #expect(throws: SyncError.self) { try await a.pull() }

        guard case .unreachable(let remote, let reason) = error else {
            Issue.record("not unreachable: \(String(describing: error))")
            return
        }
        #expect(remote == "https://127.0.0.1:1/x.git")
        #expect(a.address == "https://127.0.0.1:1/x.git")
        for text in [remote, reason, "\(error.map(String.init(describing:)) ?? "")", String(reflecting: error)] {
            #expect(!text.contains(secret), "\(text)")
            #expect(!text.contains("someone"), "\(text)")
        }
    }

    @Test("the transport's description, debug description and mirror show no credential")
    func transportIsRedacted() {
        let transport = GitTransport(
            remote: "https://secret-token@example.com/x.git", folder: URL(filePath: "/tmp/clone"),
            environment: ["GITHUB_TOKEN": "env-secret"])
        var dumped = ""
        dump(transport, to: &dumped)

        for text in ["\(transport)", String(reflecting: transport), dumped] {
            #expect(!text.contains("secret"), "\(text)")
            #expect(text.contains("https://example.com/x.git"), "\(text)")
        }
    }

    @Test("git's message is made one line with every credential removed")
    func messageIsScrubbed() {
        let remote = "https://user:p%40ss-word@example.com/team/boards.git"
        let run = GitOutput(
            status: 128, output: "",
            errors: """
                remote: Invalid username or password.
                fatal: Authentication failed for 'https://user:p%40ss-word@example.com/team/boards.git/'
                error: also at https://other:token1234@mirror.example.com/x and p@ss-word alone

                """)

        let reason = GitMessage.reason(from: run, remote: remote)

        #expect(
            reason
                == "Authentication failed for 'https://example.com/team/boards.git/'; "
                + "also at https://mirror.example.com/x and *** alone")
    }

    @Test("a failed push is told apart: refused as behind, or failed for another reason")
    func refusalKinds() {
        let behind = [
            " ! [rejected]        HEAD -> main (fetch first)",
            "!\tHEAD:refs/heads/main\t[rejected] (non-fast-forward)",
            "!\tHEAD:refs/heads/main\t[remote rejected] (cannot lock ref 'refs/heads/main': is at 1 but expected 2)",
            " ! [remote rejected] HEAD -> main (failed to update ref)",
        ]
        for line in behind {
            #expect(GitTransport.isRefusedAsBehind(GitOutput(status: 1, output: line, errors: "")), "\(line)")
        }
        let other = [
            "!\tHEAD:refs/heads/main\t[remote rejected] (pre-receive hook declined)",
            "fatal: Could not read from remote repository.",
        ]
        for line in other {
            #expect(!GitTransport.isRefusedAsBehind(GitOutput(status: 1, output: "", errors: line)), "\(line)")
        }
    }
}
