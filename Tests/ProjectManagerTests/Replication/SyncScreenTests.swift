import Foundation
import ProjectManagerDomain
import ProjectManagerPresentation
import Testing

@testable import ProjectManager

/// The sync screen's view model over two real engines and a shared folder: what a front end binds.
@MainActor
@Suite struct SyncScreenTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-screen-\(UUID().uuidString)")
    let world = ConvergenceTests.World()

    /// The outputs of one binding of `engine`'s sync screen, read once its `events` have all been handled.
    struct Screen {
        var remotes: [[SyncRemote]]
        var progress: [SyncProgress?]
        var synced: [SyncReport]
        var errors: [String]
        var failures: [SyncError]
    }

    func run(_ engine: ProjectManagerEngine, _ events: SyncViewModel.Event...) async -> Screen {
        let (stream, continuation) = AsyncStream.makeStream(of: SyncViewModel.Event.self)
        let output = engine.viewModels(navigator: nil, locale: Locale(identifier: "en_US")).makeSync()
            .transform(SyncViewModel.Input(events: stream))
        for event in events { continuation.yield(event) }
        continuation.finish()
        return Screen(
            remotes: await all(output.remotes), progress: await all(output.progress), synced: await all(output.synced),
            errors: await all(output.errors), failures: await all(output.failures))
    }

    /// Every value of `stream`, once it has finished.
    func all<Element>(_ stream: AsyncStream<Element>) async -> [Element] {
        var values: [Element] = []
        var iterator = stream.makeAsyncIterator()
        while let value = await iterator.next(isolation: #isolation) { values.append(value) }
        return values
    }

    @Test("a remote added, a board shared and synced: the remotes after each event, progress, reports")
    func shareAndSync() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(1, world: world, in: folder, seed: 3)
        _ = try await engines[0].createProject(ProjectDraft(title: "Agenda"), in: .todo)

        let screen = await run(
            engines[0], .appear, .addRemote(name: "team", address: remote.path), .share(.default, on: "team"), .syncNow)

        #expect(screen.failures.isEmpty)
        #expect(screen.remotes.map { $0.map(\.name) } == [[], ["team"], ["team"], ["team"]])
        #expect(screen.remotes.last?.first?.boards == [.default])
        #expect(screen.remotes.last?.first?.lastSync != nil)
        let team = SyncProgress(remote: "team", position: 1, count: 1)
        #expect(screen.progress == [team, nil, team, nil])
        #expect(screen.synced.map(\.succeeded) == [true, true])
        #expect(screen.synced.first?.remotes.first?.sent ?? 0 > 0)
    }

    @Test("a refused event and a remote that fails are errors in the user's words; the screen goes on")
    func errors() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(1, world: world, in: folder, seed: 5)
        try engines[0].addRemote(named: "team", address: remote.path)
        _ = try await engines[0].share(board: .default, on: "team")
        try FileManager.default.removeItem(at: remote)

        let screen = await run(
            engines[0], .share(.default, on: "nowhere"), .addRemote(name: "team", address: remote.path), .syncNow,
            .removeRemote("team"))

        #expect(screen.failures.count == 3)
        #expect(screen.failures.first == .unknownRemote("nowhere"))
        #expect(screen.failures.dropFirst().first == .remoteExists("team"))
        #expect(screen.errors.first?.hasPrefix("no remote named nowhere") == true)
        #expect(screen.synced.count == 1)
        #expect(screen.synced.first?.remotes.first?.failure == screen.failures.last)
        #expect(screen.remotes.last == [])
    }

    @Test("what a join brings reaches an open board screen through the change stream")
    func joinReachesTheBoard() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(2, world: world, in: folder, seed: 7)
        _ = try await engines[0].createProject(ProjectDraft(title: "Book a room"), in: .doing)
        _ = await run(engines[0], .addRemote(name: "team", address: remote.path), .share(.default, on: "team"))
        let (events, input) = AsyncStream.makeStream(of: BoardViewModel.Event.self)
        let board = engines[1].viewModels(navigator: nil, locale: Locale(identifier: "en_US")).makeBoard()
            .transform(BoardViewModel.Input(events: events))
        var snapshots = board.snapshots.makeAsyncIterator()
        input.yield(.appear)
        let before = await snapshots.next(isolation: #isolation)
        #expect(before?.sections.flatMap(\.rows).isEmpty == true)

        let screen = await run(
            engines[1], .addRemote(name: "team", address: remote.path), .join(remote: "team", board: nil))

        #expect(screen.failures.isEmpty)
        var titles: [String] = []
        while titles.isEmpty, let snapshot = await snapshots.next(isolation: #isolation) {
            titles = snapshot.sections.flatMap(\.rows).map(\.title)
        }
        #expect(titles == ["Book a room"])
        input.finish()
    }
}
