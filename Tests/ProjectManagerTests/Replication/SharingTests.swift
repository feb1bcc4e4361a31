import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManager

/// Who a shared board belongs to on each device, who the log names, and what an open screen hears.
@Suite struct SharingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharing-\(UUID().uuidString)")
    let world = ConvergenceTests.World()

    @Test func aJoinedBoardBelongsToWhoJoinedItAndTheLogNamesWhoChangedIt() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(2, world: world, in: folder, seed: 3)
        let (ada, grace) = (engines[0], engines[1])
        _ = try await ada.signUp(email: "ada@example.com", password: "correct horse battery staple")
        _ = try await grace.signUp(email: "grace@example.com", password: "another long passphrase here")
        let board = try await ada.createBoard(title: "Team")
        _ = try await ada.createProject(ProjectDraft(title: "plan"), on: board.id, in: .todo)
        for engine in engines { try engine.addRemote(named: "team", address: remote.path) }
        #expect(try await ada.share(board: board.id, on: "team").failure == nil)

        let joined = try await grace.join(remote: "team", board: board.id)
        #expect(joined.failure == nil)
        // Grace sees it as hers; Ada's stays Ada's; no member came over.
        let graces = try await grace.listBoards()
        let hers = try #require(graces.first { $0.id == board.id })
        #expect(hers.owner == (try await grace.currentSession())?.account.id)
        #expect(hers.members.isEmpty)
        #expect(
            try await ada.listBoards().first { $0.id == board.id }?.owner
                == (try await ada.currentSession())?.account.id)
        #expect(try await grace.fetchBoard(board.id).column(.todo).items.map(\.project.title) == ["plan"])

        // The log files name who made the changes, and hold no secret.
        let logs = try FileManager.default.subpathsOfDirectory(atPath: remote.path).filter { $0.hasSuffix(".ops") }
        let files = try logs.map { try Data(contentsOf: remote.appendingPathComponent($0)) }
        func holds(_ text: String) -> Bool { files.contains { $0.range(of: Data(text.utf8)) != nil } }
        #expect(holds("ada@example.com"))
        #expect(!holds("correct horse") && !holds("owner") && !holds("members"))
    }

    @Test func eachHistoryEntryNamesWhoMadeItOnEveryDevice() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Given Ada signed in on one device, and a device signed out, sharing a board
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(2, world: world, in: folder, seed: 6)
        let (ada, anonymous) = (engines[0], engines[1])
        _ = try await ada.signUp(email: "ada@example.com", password: "correct horse battery staple")
        let board = try await ada.createBoard(title: "Team")
        let card = try await ada.createProject(ProjectDraft(title: "plan"), on: board.id, in: .todo)
        for engine in engines { try engine.addRemote(named: "team", address: remote.path) }
        #expect(try await ada.share(board: board.id, on: "team").failure == nil)
        #expect(try await anonymous.join(remote: "team", board: board.id).failure == nil)

        // When the device signed out moves the card, and both sync
        world.advance(1)
        _ = try await anonymous.moveProject(card.id, to: .doing)
        _ = await anonymous.sync()
        _ = await ada.sync()

        // Then both histories name Ada for what she did, and the other device's replica for the move
        let replica = try #require(try anonymous.syncFolder?.replica())
        for engine in engines {
            let history = try await engine.fetchHistory(onBoard: board.id)
            let move = history.first { $0.kind == .moved(from: .todo, to: .doing) }
            #expect(move?.author == "replica \(replica)")
            #expect(
                history.filter { if case .added = $0.kind { true } else { false } }.allSatisfy {
                    $0.author == "ada@example.com"
                })
            #expect(history.allSatisfy { $0.author != nil })
        }
    }

    @Test func whatComesInReachesTheChangeStream() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(2, world: world, in: folder, seed: 4)
        for engine in engines { try engine.addRemote(named: "team", address: remote.path) }
        _ = try await engines[0].createProject(ProjectDraft(title: "first"), in: .todo)
        _ = try await engines[0].share(board: .default, on: "team")
        _ = try await engines[1].join(remote: "team")

        let stream = engines[1].changes()
        let card = try await engines[0].createProject(ProjectDraft(title: "second"), in: .doing)
        _ = await engines[0].sync()
        _ = await engines[1].sync()
        var iterator = stream.makeAsyncIterator()
        let change = try #require(await iterator.next())
        #expect(change.inserted.contains(.project(card.id)))

        // A star that comes in, and an unstar, reach it too: a favourites screen hears of them.
        _ = try await engines[0].star(.project(card.id))
        _ = await engines[0].sync()
        _ = await engines[1].sync()
        #expect(try #require(await iterator.next()).favourites == [Favourite.ID(rawValue: card.id.rawValue)])
        _ = try await engines[0].unstar(.project(card.id))
        _ = await engines[0].sync()
        _ = await engines[1].sync()
        #expect(try #require(await iterator.next()).favourites == [Favourite.ID(rawValue: card.id.rawValue)])
        #expect(try await engines[1].listFavourites().isEmpty)
    }

    @Test func aLargeBoardIsSentAsSeveralFilesEachUnderWhatAReaderTakes() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        // Never folded into a checkpoint: sent as operations.
        let engines = try ConvergenceTests.replicas(
            2, world: world, in: folder, seed: 5, checkpointAfter: { _ in .max })
        for engine in engines { try engine.addRemote(named: "team", address: remote.path) }
        let body = String(repeating: "a long description of the work ", count: 30)
        _ = try await engines[0].importProjects((0..<5_000).map { ProjectDraft(title: "card \($0)", body: body) })
        #expect(try await engines[0].share(board: .default, on: "team").failure == nil)

        let files = try FileManager.default.subpathsOfDirectory(atPath: remote.path).filter { $0.hasSuffix(".ops") }
        #expect(files.count > 1)
        for file in files {
            let size = try FileManager.default.attributesOfItem(atPath: remote.appendingPathComponent(file).path)[.size]
            #expect((size as? Int ?? .max) <= 4 << 20)
        }
        let joined = try await engines[1].join(remote: "team")
        #expect(joined.setAside.isEmpty)
        #expect(joined.received == 5_002)  // the board, the cards and the import's history entry
        #expect(try await engines[1].fetchBoard().column(.todo).items.count == 5_000)
    }

    @Test func joiningOneBoardLeavesTheBoardsThisStoreDoesNotShareAsTheyAre() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(2, world: world, in: folder, seed: 6)
        let (a, b) = (engines[0], engines[1])
        for engine in engines { try engine.addRemote(named: "team", address: remote.path) }
        _ = try await a.createProject(ProjectDraft(title: "a's own"), in: .todo)
        let team = try await a.createBoard(title: "Team")
        _ = try await a.createProject(ProjectDraft(title: "shared card"), on: team.id, in: .todo)
        _ = try await a.share(board: .default, on: "team")
        _ = try await a.share(board: team.id, on: "team")
        // a renames and then deletes things on its default board, which b does not join.
        _ = try await a.renameBoard(.default, to: "A's board")
        _ = await a.sync()

        _ = try await b.createProject(ProjectDraft(title: "b's own"), in: .doing)
        let joined = try await b.join(remote: "team", board: team.id)
        #expect(joined.failure == nil)
        #expect(try await b.fetchBoard(team.id).column(.todo).items.map(\.project.title) == ["shared card"])
        // b's default board is b's: its title, its card.
        let home = try await b.fetchBoard()
        #expect(home.columns.flatMap { $0.items.map(\.project.title) } == ["b's own"])
        #expect(try await b.listBoards().first { $0.id == .default }?.title == "Projects")
    }
}
