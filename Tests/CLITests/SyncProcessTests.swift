import Foundation
import ProjectManagerTestSupport
import Synchronization
import Testing

/// Two stores kept in step by the built `pm`, in separate processes: through a bare git
/// repository and through a shared folder, with git's user and system configuration ignored.
@Suite("The pm executable: two stores syncing through git and a folder")
struct SyncProcessTests {
    /// Whether `git` is on the `PATH` (or at `/usr/bin/git`): the git-based tests need it.
    static let gitIsInstalled: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return (path.split(separator: ":").map(String.init) + ["/usr/bin"]).contains {
            FileManager.default.isExecutableFile(atPath: $0 + "/git")
        }
    }()

    /// The token in an address that must never be shown.
    static let token = "secret-token"

    /// A folder with two stores (`a`, `b`), a home of their own, and git configured by nothing
    /// but the repository.
    struct World {
        let directory: TemporaryDirectory

        init() throws {
            directory = try TemporaryDirectory()
            try FileManager.default.createDirectory(at: directory.file("home"), withIntermediateDirectories: true)
        }

        var environment: [String: String] {
            [
                "HOME": directory.file("home").path, "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC",
                "PM_NOW": "2026-03-15T12:00:00Z",
            ]
        }

        /// Runs the built `pm` over the store `store` (`a` or `b`).
        func pm(_ arguments: [String], store: String) throws -> ProcessRun {
            try ProcessRun.run(
                BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"),
                arguments + ["--store", directory.file("\(store)/projects.pmstore").path], environment: environment)
        }

        /// Makes a bare repository, `hub.git`, and returns its path.
        func bareRepository() throws -> String {
            let path = directory.file("hub.git").path
            let run = try ProcessRun.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "init", "--quiet", "--bare", path],
                environment: environment)
            #expect(run.status == 0, "\(run.errors)")
            return path
        }

        /// Makes an empty folder, `shared`, and returns its path.
        func sharedFolder() throws -> String {
            let url = directory.file("shared")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url.path
        }

        /// Store `a` with Alpha and Beta shares its board on `address`; store `b` joins it.
        func shareAndJoin(_ address: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
            alpha: String, beta: String
        ) {
            let alpha = try pm(["add", "Alpha"], store: "a").output.trimmingCharacters(in: .newlines)
            let beta = try pm(["add", "Beta"], store: "a").output.trimmingCharacters(in: .newlines)
            for (arguments, store) in [
                (["remote", "add", "hub", address], "a"), (["share", "hub"], "a"),
                (["remote", "add", "hub", address], "b"), (["join", "hub"], "b"),
            ] {
                let run = try pm(arguments, store: store)
                #expect(run.status == 0, "\(arguments): \(run.errors)", sourceLocation: sourceLocation)
            }
            return (alpha, beta)
        }

        /// Each store moves a card, then both sync twice round; returns both boards as drawn.
        func moveAndSync(_ cards: (alpha: String, beta: String), sourceLocation: SourceLocation = #_sourceLocation)
            throws -> (a: String, b: String)
        {
            #expect(try pm(["move", cards.alpha, "doing"], store: "a").status == 0, sourceLocation: sourceLocation)
            #expect(try pm(["move", cards.beta, "done"], store: "b").status == 0, sourceLocation: sourceLocation)
            for store in ["a", "b", "a", "b"] {
                let run = try pm(["sync"], store: store)
                #expect(run.status == 0, "\(store): \(run.errors)", sourceLocation: sourceLocation)
                #expect(run.output.hasPrefix("hub: "), sourceLocation: sourceLocation)
            }
            return (try pm(["board"], store: "a").output, try pm(["board"], store: "b").output)
        }
    }

    @Test(
        "a shares, b joins, each moves a card, both sync twice round: both boards show the same cards in the same columns",
        .enabled(if: gitIsInstalled))
    func throughGit() throws {
        let world = try World()
        defer { world.directory.remove() }
        let hub = try world.bareRepository()

        let cards = try world.shareAndJoin(hub)
        let joined = try world.pm(["board"], store: "b")
        let (a, b) = try world.moveAndSync(cards)

        #expect(joined.output.contains("Alpha") && joined.output.contains("Beta"))
        #expect(a == b)
        #expect(a.contains("To Do (0)") && a.contains("Doing (1)") && a.contains("Done (1)"), "\(a)")
        let row = try #require(a.split(separator: "\n").first { $0.contains(cards.alpha) })
        let columns = row.split(separator: "│")
        #expect(columns.count == 3 && columns[1].contains(cards.alpha) && columns[2].contains(cards.beta), "\(a)")
    }

    @Test(
        "two pm processes sync through one bare repository at the same moment: both land, and the stores agree",
        .enabled(if: gitIsInstalled))
    func twoProcessesAtOnce() throws {
        let world = try World()
        defer { world.directory.remove() }
        let hub = try world.bareRepository()
        let cards = try world.shareAndJoin(hub)
        #expect(try world.pm(["move", cards.alpha, "doing"], store: "a").status == 0)
        #expect(try world.pm(["move", cards.beta, "done"], store: "b").status == 0)

        // Both push at once: one of them is refused as not a fast-forward, pulls and pushes again.
        let runs = Mutex<[String: ProcessRun]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let store = index == 0 ? "a" : "b"
            if let run = try? world.pm(["sync"], store: store) { runs.withLock { $0[store] = run } }
        }
        for store in ["a", "b"] {
            let run = try #require(runs.withLock { $0[store] })
            #expect(run.status == 0, "\(store): \(run.errors)")
        }
        for store in ["a", "b"] { #expect(try world.pm(["sync"], store: store).status == 0) }
        let a = try world.pm(["board"], store: "a").output
        let b = try world.pm(["board"], store: "b").output
        #expect(a == b)
        #expect(a.contains("Doing (1)") && a.contains("Done (1)"), "\(a)")
    }

    @Test("a plain folder is a shared folder: the two stores meet there as through git")
    func throughAFolder() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()

        let cards = try world.shareAndJoin(folder)
        let (a, b) = try world.moveAndSync(cards)

        #expect(a == b)
        #expect(a.contains("To Do (0)") && a.contains("Doing (1)") && a.contains("Done (1)"), "\(a)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["replicas"])
    }

    @Test(
        "remote list, sync, status, share, join and remote add and remove print JSON as Docs/CLI.md describes it",
        .enabled(if: gitIsInstalled))
    func json() throws {
        let shapes = try JSONShapeProcessTests.shapes()
        let world = try World()
        defer { world.directory.remove() }
        let hub = try world.bareRepository()
        _ = try world.pm(["add", "Alpha"], store: "a")

        let runs: [([String], String)] = [
            (["remote", "add", "hub", hub], "a"), (["share", "hub"], "a"), (["remote", "add", "hub", hub], "b"),
            (["join", "hub"], "b"), (["remote", "list"], "a"), (["sync"], "a"), (["status"], "b"),
            (["remote", "add", "spare", hub], "b"), (["remote", "remove", "spare"], "b"),
        ]
        for (arguments, store) in runs {
            let run = try world.pm(arguments + ["--json"], store: store)
            try JSONShapeProcessTests.check(run, of: arguments, shapes: shapes)
        }
        let status = try world.pm(["status", "--json"], store: "a")
        #expect(status.output.contains(#""remote":"hub","unsent":0"#), "\(status.output)")
        #expect(status.output.contains(#""lastSync":"2026-03-15T12:00:00Z""#))
    }

    @Test(
        "a token in an address is never shown: not by remote list, share's and join's failure lines, status or --json; a share that cannot reach its remote shares nothing",
        .enabled(if: gitIsInstalled))
    func tokenNeverShown() throws {
        let world = try World()
        defer { world.directory.remove() }
        let hub = try world.bareRepository()
        let address = "https://\(Self.token)@127.0.0.1:1/x.git"
        _ = try world.shareAndJoin(hub)
        #expect(try world.pm(["board", "new", "Work"], store: "a").status == 0)

        let added = try world.pm(["remote", "add", "secret", address], store: "a")
        let shared = try world.pm(["share", "Work", "secret"], store: "a")
        let list = try world.pm(["remote", "list"], store: "a")
        let listJSON = try world.pm(["remote", "list", "--json"], store: "a")
        let joined = try world.pm(["join", "secret"], store: "a")
        let sync = try world.pm(["sync"], store: "a")
        let status = try world.pm(["status", "--json"], store: "a")
        let again = try world.pm(["remote", "add", "other", address + "\n"], store: "a")

        #expect(added.status == 0 && added.output == "added remote secret at https://127.0.0.1:1/x.git\n")
        #expect(shared.status == 1)
        #expect(
            shared.errors.hasPrefix("pm: Work is not shared: could not sync with https://127.0.0.1:1/x.git: "),
            "\(shared.errors)")
        #expect(list.output.contains("secret  https://127.0.0.1:1/x.git"))
        #expect(joined.status == 1)
        #expect(joined.errors.contains("https://127.0.0.1:1/x.git"), "\(joined.errors)")
        // Work was never shared there: a sync leaves that remote alone.
        #expect(sync.status == 0)
        #expect(sync.output == "hub: up to date (Projects)\n")
        #expect(again.status == 1)
        for run in [added, shared, list, listJSON, joined, sync, status, again] {
            #expect(!(run.output + run.errors).contains(Self.token), "\(run.output)\(run.errors)")
        }
    }

    @Test("status and sync on a store that never had a remote say so and write no sync folder")
    func noRemoteWritesNothing() throws {
        let world = try World()
        defer { world.directory.remove() }
        #expect(try world.pm(["add", "Alpha"], store: "a").status == 0)

        let status = try world.pm(["status"], store: "a")
        let statusJSON = try world.pm(["status", "--json"], store: "a")
        let sync = try world.pm(["sync"], store: "a")

        #expect(status.status == 0 && status.output == "no board is shared: pm share BOARD REMOTE shares one\n")
        #expect(statusJSON.status == 0 && statusJSON.output == #"{"boards":[],"devices":[],"version":1}"# + "\n")
        #expect(sync.status == 0 && sync.output.hasPrefix("nothing to sync: no board is shared"))
        #expect(!FileManager.default.fileExists(atPath: world.directory.file("a/projects.sync").path))
    }

    @Test(
        "what the user typed is never echoed with its control characters: a remote's address holding one is refused, a search quotes its query cleaned"
    )
    func controlsNeverEchoed() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        #expect(try world.pm(["add", "Alpha"], store: "a").status == 0)

        let added = try world.pm(["remote", "add", "hub", folder + "\u{1B}[2J"], store: "a")
        let bidi = try world.pm(["remote", "add", "hub", folder + "\u{202E}"], store: "a")
        let search = try world.pm(["search", "be\u{1B}[31mta"], store: "a")
        let list = try world.pm(["remote", "list"], store: "a")

        #expect(added.status == 1 && bidi.status == 1)
        #expect(
            added.errors.contains(
                "is not a remote address: it is empty or holds a line break or another control character"))
        #expect(search.status == 0 && search.output == "No projects match “be\u{FFFD}[31mta”.\n", "\(search.output)")
        #expect(!list.output.contains("hub"))
        for run in [added, bidi, search, list] {
            let text = run.output + run.errors
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(text)")
        }
    }

    @Test("what a sync keeps beside a store is 0600 in folders of 0700, under a umask that takes nothing away")
    func privateState() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        let store = world.directory.file("a/projects.pmstore").path
        let pm = try BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE").path
        for arguments in [
            ["add", "Alpha"], ["remote", "add", "hub", folder], ["share", "hub"], ["add", "Beta"], ["sync"],
        ] {
            let run = try ProcessRun.run(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", #"umask 000 && exec "$0" "$@""#, pm] + arguments + ["--store", store],
                environment: world.environment)
            #expect(run.status == 0, "\(arguments): \(run.errors)")
        }

        let sync = world.directory.file("a/projects.sync")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: sync.path)
        #expect(paths.contains { $0.hasSuffix("state.json") }, "\(paths)")
        for path in [""] + paths {
            let attributes = try FileManager.default.attributesOfItem(atPath: sync.appendingPathComponent(path).path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
            let folder = attributes[.type] as? FileAttributeType == .typeDirectory
            #expect(mode == (folder ? 0o700 : 0o600), "\(path): \(String(mode, radix: 8))")
        }
    }

    @Test("a remote gone after its share: sync says so in one line, exits 1, and still syncs the rest")
    func oneRemoteGone() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        _ = try world.shareAndJoin(folder)
        let other = world.directory.file("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        #expect(try world.pm(["board", "new", "Work"], store: "a").status == 0)
        #expect(try world.pm(["remote", "add", "away", other.path], store: "a").status == 0)
        #expect(try world.pm(["share", "Work", "away"], store: "a").status == 0)
        try FileManager.default.removeItem(at: other)
        #expect(try world.pm(["add", "Gamma"], store: "a").status == 0)

        let sync = try world.pm(["sync"], store: "a")
        let syncJSON = try world.pm(["sync", "--json"], store: "a")
        let there = try world.pm(["sync"], store: "b")

        #expect(sync.status == 1)
        #expect(sync.output == "away: not synced\nhub: sent 2, received 0, changed 0 here (Projects)\n")
        #expect(sync.errors.hasPrefix("pm: away: "), "\(sync.errors)")
        #expect(sync.errors.split(separator: "\n").count == 1)
        #expect(syncJSON.status == 1)
        #expect(syncJSON.output.contains(#""succeeded":false"#))
        #expect(syncJSON.output.contains(#""error":null,"name":"hub""#))
        #expect(there.status == 0 && there.output.contains("received 2"), "\(there.output)")
    }

    @Test("remote remove forgets the remote and keeps its boards; an unknown remote is one clear line, exit 1")
    func removeAndUnknown() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        _ = try world.shareAndJoin(folder)

        let removed = try world.pm(["remote", "remove", "hub"], store: "b")
        let sync = try world.pm(["sync"], store: "b")
        let board = try world.pm(["board"], store: "b")
        let unknown = try world.pm(["share", "hub"], store: "b")
        let badAction = try world.pm(["remote", "rename", "hub"], store: "b")

        #expect(removed.status == 0 && removed.output == "removed remote hub; its boards stay here, no longer shared\n")
        #expect(sync.status == 0 && sync.output.hasPrefix("nothing to sync"))
        #expect(board.output.contains("Alpha") && board.output.contains("Beta"))
        #expect(unknown.status == 1)
        #expect(unknown.errors == "pm: no remote named hub: check the name (pm remote list shows them)\n")
        #expect(badAction.status == 2)
        #expect(badAction.errors == "pm: unknown 'pm remote' action 'rename'\ntry 'pm help'\n")
    }
}
