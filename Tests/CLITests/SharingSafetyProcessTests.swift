import Foundation
import ProjectManagerTestSupport
import Testing

/// What a team meets when it shares boards, tried with the built `pm` in separate processes: a
/// store put back from a backup, a file half copied into a shared folder, a junk file in a
/// replica's folder, a conflict, a second person sharing their own default board.
@Suite("The pm executable: sharing never loses or leaks a card")
struct SharingSafetyProcessTests {
    typealias World = SyncProcessTests.World

    /// The `.ops` files under the shared folder's `replicas/`, by path relative to it.
    static func logFiles(in folder: String) -> Set<String> {
        let base = URL(fileURLWithPath: folder).appendingPathComponent("replicas")
        var files: Set<String> = []
        for replica in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] {
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent(replica).path)) ?? []
            for name in names where name.hasSuffix(".ops") { files.insert("replicas/\(replica)/\(name)") }
        }
        return files
    }

    /// Runs `arguments` on `store` and expects it to succeed; returns its output.
    @discardableResult
    static func ok(
        _ world: World, _ arguments: [String], _ store: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let run = try world.pm(arguments, store: store)
        #expect(run.status == 0, "\(store) \(arguments): \(run.errors)", sourceLocation: sourceLocation)
        return run.output
    }

    /// Runs `arguments` on `store` a minute later by the clock than the others (`PM_NOW` 12:01):
    /// what it changes was made without having seen what they did at 12:00.
    static func later(
        _ world: World, _ arguments: [String], _ store: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var environment = world.environment
        environment["PM_NOW"] = "2026-03-15T12:01:00Z"
        let run = try ProcessRun.run(
            BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"),
            arguments + ["--store", world.directory.file("\(store)/projects.pmstore").path], environment: environment)
        #expect(run.status == 0, "\(store) \(arguments): \(run.errors)", sourceLocation: sourceLocation)
    }

    /// Runs `arguments` on `store` at `time` by its clock (`PM_NOW`), and expects it to succeed.
    @discardableResult
    static func at(
        _ time: String, _ world: World, _ arguments: [String], _ store: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        var environment = world.environment
        environment["PM_NOW"] = time
        let run = try ProcessRun.run(
            BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"),
            arguments + ["--store", world.directory.file("\(store)/projects.pmstore").path], environment: environment)
        #expect(run.status == 0, "\(store) \(arguments): \(run.errors)", sourceLocation: sourceLocation)
        return run.output
    }

    /// A copy of store `store`'s folder (the store file, and with `syncFolder` its `.sync` folder).
    static func backUp(_ world: World, _ store: String, syncFolder: Bool) throws -> URL {
        let backup = world.directory.file("\(store)-backup")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: world.directory.file(store).path)
        where syncFolder || !name.hasSuffix(".sync") {
            try FileManager.default.copyItem(
                at: world.directory.file("\(store)/\(name)"), to: backup.appendingPathComponent(name))
        }
        return backup
    }

    /// Puts `backup` back as store `store`'s folder's contents (what it holds replaces what is there).
    static func restore(_ world: World, _ store: String, from backup: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: backup.path) {
            let target = world.directory.file("\(store)/\(name)")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: backup.appendingPathComponent(name), to: target)
        }
    }

    @Test(
        "a store put back from a backup (with or without its .sync folder, through a folder or git) receives what is newer and deletes nothing anywhere",
        arguments: [false, true], [false, true])
    func restoredStore(withSyncFolder: Bool, throughGit: Bool) throws {
        guard !throughGit || SyncProcessTests.gitIsInstalled else { return }
        let world = try World()
        defer { world.directory.remove() }
        let remote = throughGit ? try world.bareRepository() : try world.sharedFolder()
        _ = try world.shareAndJoin(remote)
        let backup = try Self.backUp(world, "a", syncFolder: withSyncFolder)

        // After the backup: b adds Gamma, a adds Delta; both sync, three times round.
        try Self.ok(world, ["add", "Gamma"], "b")
        try Self.ok(world, ["sync"], "b")
        try Self.ok(world, ["add", "Delta"], "a")
        for store in ["a", "b", "a"] { try Self.ok(world, ["sync"], store) }
        // a is put back; then it adds Epsilon, and everyone syncs twice.
        try Self.restore(world, "a", from: backup)
        try Self.ok(world, ["add", "Epsilon"], "a")
        for store in ["a", "b", "a", "b"] { try Self.ok(world, ["sync"], store) }

        let a = try Self.ok(world, ["board"], "a")
        let b = try Self.ok(world, ["board"], "b")
        for title in ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"] {
            #expect(a.contains(title), "a lacks \(title):\n\(a)")
            #expect(b.contains(title), "b lacks \(title):\n\(b)")
        }
        #expect(a == b)
        let historyA = try Self.ok(world, ["history"], "a")
        #expect(historyA == (try Self.ok(world, ["history"], "b")))
        for title in ["Gamma", "Delta", "Epsilon"] {
            #expect(historyA.contains("Added '\(title)'"), "\(historyA)")
        }
    }

    @Test("a file half copied into the shared folder is read again once it is whole; its replica's later files follow")
    func halfCopiedFile() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        _ = try world.shareAndJoin(folder)

        let before = Self.logFiles(in: folder)
        try Self.ok(world, ["add", "Gamma"], "b")
        try Self.ok(world, ["sync"], "b")
        let path = try #require(Self.logFiles(in: folder).subtracting(before).first)
        let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
        let whole = try Data(contentsOf: url)
        try whole.prefix(whole.count / 2).write(to: url)

        let halfRead = try world.pm(["sync"], store: "a")
        let again = try Self.ok(world, ["sync"], "a")
        let waiting = try Self.ok(world, ["status"], "b")
        let waitingJSON = try Self.ok(world, ["status", "--json"], "b")
        try whole.write(to: url)
        try Self.ok(world, ["sync"], "a")
        try Self.ok(world, ["add", "Delta"], "b")
        try Self.ok(world, ["sync"], "b")
        try Self.ok(world, ["sync"], "a")
        let caughtUp = try Self.ok(world, ["status"], "b")

        #expect(
            halfRead.output.contains(path) || halfRead.errors.contains(path), "\(halfRead.output)\(halfRead.errors)")
        // Every sync of the reader says what it waits for, never "up to date".
        #expect(again.contains("nothing new (Projects); waits for \(path), set aside"), "\(again)")
        // The writer is told, by the file's name, while its reader waits; then that it read on.
        #expect(waiting.contains("waits for \(path), set aside there"), "\(waiting)")
        #expect(waitingJSON.contains(#""waitsFor":"\#(path)""#), "\(waitingJSON)")
        #expect(!caughtUp.contains("waits for"), "\(caughtUp)")
        #expect(caughtUp.contains("read 2 of this store's 2 files"), "\(caughtUp)")
        let a = try Self.ok(world, ["board"], "a")
        #expect(a.contains("Gamma") && a.contains("Delta"), "\(a)")
        #expect(a == (try Self.ok(world, ["board"], "b")))
    }

    @Test(
        "a junk file at a replica's next number is reported to that replica, replaced from its log, and read by the others"
    )
    func junkFileInAReplicasFolder() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        let before = Self.logFiles(in: folder)
        _ = try world.shareAndJoin(folder)
        // a's folder is the one a's share wrote to.
        let own = try #require(Self.logFiles(in: folder).subtracting(before).first)
        let replicaFolder = URL(fileURLWithPath: folder).appendingPathComponent(own).deletingLastPathComponent()
        let next = replicaFolder.appendingPathComponent("2.ops")
        #expect(!FileManager.default.fileExists(atPath: next.path))
        try Data("not a log file".utf8).write(to: next)

        let reader = try world.pm(["sync"], store: "b")
        try Self.ok(world, ["add", "Gamma"], "a")
        let writer = try world.pm(["sync"], store: "a")
        try Self.ok(world, ["sync"], "b")

        #expect(reader.status == 0)
        #expect(writer.status == 0, "\(writer.errors)")
        #expect((writer.output + writer.errors).contains("2.ops"), "\(writer.output)\(writer.errors)")
        let b = try Self.ok(world, ["board"], "b")
        #expect(b.contains("Gamma"), "\(b)")
    }

    @Test("the history entry of an edit a delete won is on every device, once")
    func conflictEntryReplicates() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        let cards = try world.shareAndJoin(folder)

        try Self.ok(world, ["delete", cards.alpha], "a")
        // b edits and syncs a minute after a's delete, by the clocks: b had not seen it.
        try Self.later(world, ["edit", cards.alpha, "--title", "Alpha v2"], "b")
        for store in ["a", "b", "a", "b", "a"] {
            if store == "b" { try Self.later(world, ["sync"], "b") } else { try Self.ok(world, ["sync"], store) }
        }

        let a = try Self.ok(world, ["history"], "a")
        let b = try Self.ok(world, ["history"], "b")
        let phrase = "Kept an edit of a card another device deleted"
        #expect(b.components(separatedBy: phrase).count == 2, "\(b)")
        #expect(a.components(separatedBy: phrase).count == 2, "\(a)")
    }

    @Test(
        "a second person's default board shared on a team's remote is a board of its own; a joiner's keeps its cards private, an empty one becomes the team's"
    )
    func defaultBoardsOfSeveralStores() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        try Self.ok(world, ["add", "Team card"], "a")
        try Self.ok(world, ["remote", "add", "hub", folder], "a")
        let shared = try Self.ok(world, ["share", "hub"], "a")
        let joinLine = try #require(shared.split(separator: "\n").first { $0.hasPrefix("others join it with: ") })
        let id = String(try #require(joinLine.split(separator: " ").last))
        // b shares a default board of its own; c, with a card of its own, joins a's board.
        try Self.ok(world, ["add", "Private card"], "b")
        try Self.ok(world, ["remote", "add", "hub", folder], "b")
        let second = try Self.ok(world, ["share", "hub"], "b")
        try Self.ok(world, ["add", "C's own card"], "c")
        try Self.ok(world, ["remote", "add", "hub", folder], "c")
        try Self.ok(world, ["join", "hub", id], "c")
        try Self.ok(world, ["add", "C's team card"], "c")
        // d holds nothing, and joins everything: a's board and b's.
        try Self.ok(world, ["remote", "add", "hub", folder], "d")
        try Self.ok(world, ["join", "hub"], "d")
        for _ in 0..<2 {
            for store in ["a", "b", "c", "d"] { try Self.ok(world, ["sync"], store) }
        }

        #expect(id != "00000000-0000-0000-0000-000000000001", "\(shared)")
        #expect(!second.contains(id), "\(second)")
        let a = try Self.ok(world, ["board"], "a")
        #expect(a.contains("Team card") && a.contains("C's team card"), "\(a)")
        #expect(!a.contains("Private card") && !a.contains("C's own card"), "\(a)")
        let b = try Self.ok(world, ["board"], "b")
        #expect(b.contains("Private card") && !b.contains("Team card") && !b.contains("C's"), "\(b)")
        // c's own board stays c's, beside a's; c works on the board it joined.
        let c = try Self.ok(world, ["boards"], "c")
        #expect(c.split(separator: "\n").count == 2, "\(c)")
        let cExport = try Self.ok(world, ["export", "--json"], "c")
        for title in ["Team card", "C's own card", "C's team card"] {
            #expect(cExport.contains(title), "c lacks \(title)")
        }
        #expect(!cExport.contains("Private card"))
        // d's default board, empty, became one of the others' (the first, by id): two boards, a's and b's.
        let d = try Self.ok(world, ["boards"], "d")
        #expect(d.split(separator: "\n").count == 2, "\(d)")
        let dExport = try Self.ok(world, ["export", "--json"], "d")
        for title in ["Team card", "C's team card", "Private card"] {
            #expect(dExport.contains(title), "d lacks \(title)")
        }
        #expect(!dExport.contains("C's own card"))
    }
}

extension SharingSafetyProcessTests {
    /// Plants a replica folder on the shared folder whose published positions say its default
    /// board goes by the default board's own id: a guess a join reads before the boards, wrong.
    static func plantMisleadingPositions(in folder: String) throws {
        let planted = URL(fileURLWithPath: folder).appendingPathComponent("replicas/00000000000000ff")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
        try Data(#"{"format":1,"positions":{},"defaultBoard":"00000000-0000-0000-0000-000000000001"}"#.utf8)
            .write(to: planted.appendingPathComponent("read.json"))
    }

    @Test("a join that guessed wrong which board becomes its default board ends as one that did not guess")
    func wrongGuessOfTheDefaultBoard() throws {
        let world = try World()
        defer { world.directory.remove() }
        // a shares its default board; b shares only a board of its own, on another folder.
        let folder = try world.sharedFolder()
        try Self.ok(world, ["add", "Team card"], "a")
        try Self.ok(world, ["remote", "add", "hub", folder], "a")
        try Self.ok(world, ["share", "hub"], "a")
        let other = world.directory.file("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Self.ok(world, ["board", "new", "Other"], "b")
        try Self.ok(world, ["add", "Other card", "--board", "Other"], "b")
        try Self.ok(world, ["remote", "add", "hub", other.path], "b")
        let shared = try Self.ok(world, ["share", "Other", "hub"], "b")
        for place in [folder, other.path] { try Self.plantMisleadingPositions(in: place) }

        // c, empty, joins a's folder: a's default board becomes c's, as without the guess.
        try Self.ok(world, ["remote", "add", "hub", folder], "c")
        try Self.ok(world, ["join", "hub"], "c")
        try Self.ok(world, ["add", "From c"], "c")
        try Self.ok(world, ["sync"], "c")
        try Self.ok(world, ["sync"], "a")
        // d, empty, joins b's folder, where no default board is shared: d's stays its own.
        try Self.ok(world, ["remote", "add", "hub", other.path], "d")
        try Self.ok(world, ["join", "hub"], "d")
        // (pm join made the board it brought current.)
        try Self.ok(world, ["add", "D's private card", "--board", "Projects"], "d")
        let dShare = try Self.ok(world, ["share", "Projects", "hub"], "d")
        try Self.ok(world, ["sync"], "b")

        let c = try Self.ok(world, ["boards"], "c")
        #expect(c.split(separator: "\n").count == 1, "\(c)")
        #expect(try Self.ok(world, ["board"], "c").contains("Team card"))
        #expect(try Self.ok(world, ["board"], "a").contains("From c"))
        let d = try Self.ok(world, ["boards"], "d")
        #expect(d.split(separator: "\n").count == 2, "\(d)")
        #expect(try Self.ok(world, ["board", "Other"], "d").contains("Other card"))
        let joinLine = try #require(dShare.split(separator: "\n").first { $0.hasPrefix("others join it with: ") })
        #expect(!joinLine.contains("00000000-0000-0000-0000-000000000001"), "\(dShare)")
        #expect(!shared.contains(String(joinLine.split(separator: " ").last ?? "")), "\(shared)")
        let b = try Self.ok(world, ["export", "--json"], "b")
        #expect(!b.contains("D's private card"))

        // e joins a folder where nothing but the planted positions is: its default board, shared
        // there next, goes by an id of its own.
        let empty = world.directory.file("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Self.plantMisleadingPositions(in: empty.path)
        try Self.ok(world, ["remote", "add", "hub", empty.path], "e")
        _ = try world.pm(["join", "hub"], store: "e")
        try Self.ok(world, ["add", "E's card"], "e")
        let eShare = try Self.ok(world, ["share", "hub"], "e")
        #expect(eShare.contains("others join it with: pm join hub "), "\(eShare)")
        #expect(!eShare.contains("00000000-0000-0000-0000-000000000001"), "\(eShare)")
    }

    @Test("a Trello card whose name holds a bidirectional control comes in without it, and its board is joined whole")
    func bidirectionalControlFromTrello() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        let source = try Data(contentsOf: TrelloFixtures.url("small-board.json"))
        var export = try #require(try JSONSerialization.jsonObject(with: source) as? [String: Any])
        var cards = try #require(export["cards"] as? [[String: Any]])
        cards[0]["name"] = "\u{202E}Write press release"
        export["cards"] = cards
        let file = world.directory.file("export.json")
        try JSONSerialization.data(withJSONObject: export).write(to: file)

        try Self.ok(world, ["import", "--trello", file.path], "a")
        try Self.ok(world, ["remote", "add", "hub", folder], "a")
        try Self.ok(world, ["share", "Launch plan", "hub"], "a")
        try Self.ok(world, ["remote", "add", "hub", folder], "b")
        let joined = try Self.ok(world, ["join", "hub"], "b")
        let board = try Self.ok(world, ["board", "Launch plan"], "b")

        #expect(!joined.contains("no board"), "\(joined)")
        #expect(board.contains("Write press release"), "\(board)")
        #expect(!board.unicodeScalars.contains("\u{202E}"))
    }
}

extension SharingSafetyProcessTests {
    @Test(
        "an edit of a checklist item, a comment or a label that a delete won is kept in the history of every device, once"
    )
    func conflictEntriesForEveryKind() throws {
        let world = try World()
        defer { world.directory.remove() }
        let folder = try world.sharedFolder()
        let card = try Self.ok(world, ["add", "Groceries"], "a").trimmingCharacters(in: .newlines)
        try Self.ok(world, ["check", "add", card, "Buy milk"], "a")
        try Self.ok(world, ["comment", card, "Ask about oat milk"], "a")
        try Self.ok(world, ["label", "add", "Urgent"], "a")
        try Self.ok(world, ["remote", "add", "hub", folder], "a")
        try Self.ok(world, ["share", "hub"], "a")
        try Self.ok(world, ["remote", "add", "hub", folder], "b")
        try Self.ok(world, ["join", "hub"], "b")

        // a deletes them; b, a minute later by the clocks and without having seen it, edits them.
        try Self.ok(world, ["check", "delete", card, "1"], "a")
        try Self.ok(world, ["comment", "delete", card, "1"], "a")
        try Self.ok(world, ["label", "delete", "Urgent"], "a")
        try Self.later(world, ["check", "edit", card, "1", "Buy oat milk"], "b")
        try Self.later(world, ["comment", "edit", card, "1", "Ask about soy milk"], "b")
        try Self.later(world, ["label", "rename", "Urgent", "Today"], "b")
        for store in ["a", "b", "a", "b", "a"] {
            if store == "b" { try Self.later(world, ["sync"], "b") } else { try Self.ok(world, ["sync"], store) }
        }

        let a = try Self.ok(world, ["history"], "a")
        let bHistory = try Self.ok(world, ["history"], "b")
        for entry in [
            "Kept an edit of a checklist item another device deleted: 'Buy oat milk'",
            "Kept an edit of a comment another device deleted: 'Ask about soy milk'",
            "Kept an edit of a label another device deleted: 'Today'",
        ] {
            #expect(a.components(separatedBy: entry).count == 2, "\(entry)\n\(a)")
            #expect(bHistory.components(separatedBy: entry).count == 2, "\(entry)\n\(bHistory)")
        }
        for store in ["a", "b"] {
            let status = try Self.ok(world, ["status", "--json"], store)
            #expect(status.contains(#""conflicts":3"#), "\(store): \(status)")
        }
    }
}

extension SharingSafetyProcessTests {
    @Test(
        "what is done on a store put back from a backup goes out: a list renamed, a card deleted, one field of a card while another device changed another",
        arguments: [false, true])
    func changesAfterARestore(withSyncFolder: Bool) throws {
        let world = try World()
        defer { world.directory.remove() }
        let cards = try world.shareAndJoin(try world.sharedFolder())
        try Self.ok(world, ["list", "add", "Review"], "a")
        for store in ["a", "b"] { try Self.ok(world, ["sync"], store) }
        let backup = try Self.backUp(world, "a", syncFolder: withSyncFolder)

        // After the backup: a goes on syncing, b writes Alpha's body.
        try Self.ok(world, ["add", "Gamma"], "a")
        try Self.ok(world, ["sync"], "a")
        try Self.ok(world, ["edit", cards.alpha, "--body", "Written on b"], "b")
        try Self.ok(world, ["sync"], "b")
        // a is put back; a minute later it renames the list, deletes Beta and retitles Alpha.
        try Self.restore(world, "a", from: backup)
        try Self.later(world, ["list", "rename", "Review", "Checked"], "a")
        try Self.later(world, ["delete", cards.beta], "a")
        try Self.later(world, ["edit", cards.alpha, "--title", "Alpha, retitled on a"], "a")
        for store in ["a", "b", "a", "b"] { try Self.later(world, ["sync"], store) }

        for store in ["a", "b"] {
            let lists = try Self.ok(world, ["lists"], store)
            #expect(lists.contains("Checked") && !lists.contains("Review"), "\(store):\n\(lists)")
            let board = try Self.ok(world, ["board"], store)
            #expect(board.contains("Gamma") && !board.contains("Beta"), "\(store):\n\(board)")
            let alpha = try Self.ok(world, ["show", cards.alpha], store)
            #expect(alpha.contains("Alpha, retitled on a") && alpha.contains("Written on b"), "\(store):\n\(alpha)")
        }
    }

    @Test("of two devices that renamed one list apart, the later rename wins, whichever syncs last")
    func listRenamedApart() throws {
        let world = try World()
        defer { world.directory.remove() }
        _ = try world.shareAndJoin(try world.sharedFolder())
        try Self.ok(world, ["list", "add", "Review"], "a")
        for store in ["a", "b"] { try Self.ok(world, ["sync"], store) }

        // a renames it at 12:00, b at 12:01; b syncs at once, a only at 12:02.
        try Self.ok(world, ["list", "rename", "Review", "Renamed first"], "a")
        try Self.later(world, ["list", "rename", "Review", "Renamed last"], "b")
        try Self.later(world, ["sync"], "b")
        for store in ["a", "b", "a"] { try Self.at("2026-03-15T12:02:00Z", world, ["sync"], store) }

        for store in ["a", "b"] {
            let lists = try Self.ok(world, ["lists"], store)
            #expect(lists.contains("Renamed last") && !lists.contains("Renamed first"), "\(store):\n\(lists)")
        }
    }
}

extension SharingSafetyProcessTests {
    @Test("changes made since the last sync are counted as not sent, once each, until a sync sends them")
    func changesNotSentAreCounted() throws {
        let world = try World()
        defer { world.directory.remove() }
        let cards = try world.shareAndJoin(try world.sharedFolder())
        #expect(try Self.ok(world, ["status"], "a").contains("0 not sent"))

        // Offline: one card edited twice, one deleted (their history entries are not counted).
        try Self.ok(world, ["edit", cards.alpha, "--title", "Alpha, once"], "a")
        try Self.ok(world, ["edit", cards.alpha, "--title", "Alpha, twice"], "a")
        try Self.ok(world, ["delete", cards.beta], "a")
        #expect(try Self.ok(world, ["status"], "a").contains("2 not sent"))
        #expect(try Self.ok(world, ["remote", "list"], "a").contains("2 not sent"))
        let json = try Self.ok(world, ["status", "--json"], "a")
        #expect(json.contains(#""changed":2"#), "\(json)")

        try Self.ok(world, ["sync"], "a")
        #expect(try Self.ok(world, ["status"], "a").contains("0 not sent"))
    }
}

extension SharingSafetyProcessTests {
    /// The folder of store `store`'s sync state for remote `hub`.
    static func stateFolder(_ world: World, _ store: String) -> URL {
        world.directory.file("\(store)/projects.sync/remotes/hub")
    }

    @Test(
        "a sync state beside the store whose objects file is damaged, or whose header is lost, is made again from the remote: the sync says so once, sends what was done here field by field, and loses nothing",
        arguments: ["objects", "header"], [false, true])
    func damagedSyncState(damage: String, throughGit: Bool) throws {
        guard !throughGit || SyncProcessTests.gitIsInstalled else { return }
        let world = try World()
        defer { world.directory.remove() }
        let cards = try world.shareAndJoin(throughGit ? try world.bareRepository() : try world.sharedFolder())
        let gamma = try Self.ok(world, ["add", "Gamma"], "b").trimmingCharacters(in: .newlines)
        for store in ["b", "a"] { try Self.ok(world, ["sync"], store) }

        // a works offline: retitles Alpha, adds Delta, deletes Beta; then, a minute later, b
        // writes Alpha's body and deletes Gamma, and syncs; then a's sync state is damaged.
        try Self.ok(world, ["edit", cards.alpha, "--title", "Alpha, retitled on a"], "a")
        try Self.ok(world, ["add", "Delta"], "a")
        try Self.ok(world, ["delete", cards.beta], "a")
        try Self.later(world, ["edit", cards.alpha, "--body", "Written on b"], "b")
        try Self.later(world, ["delete", gamma], "b")
        try Self.later(world, ["sync"], "b")
        let folder = Self.stateFolder(world, "a")
        let named: String
        if damage == "header" {
            named = "state.json"
            try Data("{\"format\":".utf8).write(to: folder.appendingPathComponent(named))
        } else {
            named = try #require(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("objects-") })
            let file = folder.appendingPathComponent(named)
            var bytes = try Data(contentsOf: file)
            bytes[bytes.count / 2] ^= 0x04
            try bytes.write(to: file)
        }

        // Until a sync makes it again, status names the damage and lists the board as shared.
        let status = try world.pm(["status"], store: "a")
        #expect(status.status == 0, "\(status.errors)")
        if damage == "header" {
            #expect(status.output.contains("Projects  on hub  ") && status.output.contains("a sync makes it again"))
        }
        let repaired = try world.pm(["sync"], store: "a")
        let again = try world.pm(["sync", "--json"], store: "a")
        for store in ["b", "a", "b"] { try Self.later(world, ["sync"], store) }

        #expect(repaired.status == 0, "\(repaired.errors)")
        #expect(
            repaired.errors.contains(named) && repaired.errors.contains("made again from the remote"),
            "\(named): \(repaired.errors)")
        #expect(again.status == 0 && again.errors.isEmpty, "\(again.errors)")
        #expect(again.output.contains(#""rebuilt":null"#), "\(again.output)")
        for store in ["a", "b"] {
            let board = try Self.ok(world, ["board"], store)
            #expect(board.contains("Delta"), "\(store):\n\(board)")
            #expect(!board.contains("Beta") && !board.contains("Gamma"), "\(store):\n\(board)")
            let alpha = try Self.ok(world, ["show", cards.alpha], store)
            #expect(alpha.contains("Alpha, retitled on a") && alpha.contains("Written on b"), "\(store):\n\(alpha)")
            #expect(try Self.ok(world, ["status"], store).contains("0 not sent"))
        }
        #expect(try Self.ok(world, ["board"], "a") == (try Self.ok(world, ["board"], "b")))
        #expect(try Self.ok(world, ["history"], "a") == (try Self.ok(world, ["history"], "b")))
    }
}
