import Foundation
import ProjectManagerDomain
import Testing

@Suite("Sharing, joining and syncing: the rules the use cases hold over the remotes' port")
struct SyncUseCaseTests {
    private static let board = Board.ID(rawValue: UUID(uuidString: "00000000-0000-0000-0000-0000000000b1")!)

    @Test("a board shared on another remote is refused before anything is synced")
    func sharedElsewhere() async throws {
        let remotes = RemotesDouble(shared: ["home": [Self.board], "team": []])
        let share = ShareBoard(remotes: remotes, boards: BoardsDouble(boards: [Self.board]))

        await #expect(throws: SyncError.alreadyShared(Self.board, remote: "home")) {
            try await share(Self.board, on: "team")
        }
        #expect(await remotes.calls.isEmpty)
    }

    @Test("an unknown remote and a board that does not exist are refused, nothing synced")
    func unknownRemoteAndBoard() async throws {
        let remotes = RemotesDouble(shared: ["team": []])
        let share = ShareBoard(remotes: remotes, boards: BoardsDouble(boards: []))

        await #expect(throws: SyncError.unknownRemote("other")) { try await share(Self.board, on: "other") }
        await #expect(throws: SyncError.self) { try await share(Self.board, on: "team") }
        await #expect(throws: SyncError.unknownRemote("other")) { try await JoinBoard(remotes: remotes)(from: "other") }
        #expect(await remotes.calls.isEmpty)
    }

    @Test("the remote is synced before the board is recorded as shared, then synced again")
    func shareSyncsFirst() async throws {
        let remotes = RemotesDouble(shared: ["team": []])
        let share = ShareBoard(remotes: remotes, boards: BoardsDouble(boards: [Self.board]))

        let report = try await share(Self.board, on: "team")

        #expect(report.failure == nil)
        #expect(await remotes.calls == ["sync team", "mark \(Self.board) team", "sync team"])
    }

    @Test("when the first sync fails, the board is not shared and the report says why")
    func firstSyncFails() async throws {
        let failure = SyncError.unreachable(remote: "team", reason: "no route")
        let remotes = RemotesDouble(shared: ["team": []], failing: ["team": failure])
        let share = ShareBoard(remotes: remotes, boards: BoardsDouble(boards: [Self.board]))

        let report = try await share(Self.board, on: "team")

        #expect(report.failure == failure)
        #expect(await remotes.calls == ["sync team"])
    }

    @Test("a board of the same id that another store shared there is never merged with this one")
    func sharedByAnotherStore() async throws {
        let remotes = RemotesDouble(shared: ["team": []], othersShare: [Self.board])
        let share = ShareBoard(remotes: remotes, boards: BoardsDouble(boards: [Self.board]))

        await #expect(throws: SyncError.sharedByAnotherStore(Self.board, remote: "team")) {
            try await share(Self.board, on: "team")
        }
        #expect(await remotes.calls == ["sync team"])
    }

    @Test("a join syncs the remote with the board it names, or every board")
    func join() async throws {
        let remotes = RemotesDouble(shared: ["team": []])
        let join = JoinBoard(remotes: remotes)

        _ = try await join(from: "team")
        _ = try await join(Self.board, from: "team")

        #expect(await remotes.calls == ["join all team", "join \(Self.board) team"])
    }

    @Test("a sync visits the remotes that share a board, in order, past one that fails, with progress")
    func syncEveryRemote() async throws {
        let failure = SyncError.unreachable(remote: "b", reason: "no route")
        let remotes = RemotesDouble(
            shared: ["a": [Self.board], "b": [.default], "c": [], "d": [Self.board]], failing: ["b": failure])
        var progress: [SyncProgress] = []

        let report = await SyncBoards(remotes: remotes)(progress: { progress.append($0) })

        #expect(report.remotes.map(\.name) == ["a", "b", "d"])
        #expect(report.remotes.map(\.failure) == [nil, failure, nil])
        #expect(!report.succeeded)
        #expect(await remotes.calls == ["sync a", "sync b", "sync d"])
        #expect(
            progress == [
                SyncProgress(remote: "a", position: 1, count: 3), SyncProgress(remote: "b", position: 2, count: 3),
                SyncProgress(remote: "d", position: 3, count: 3),
            ])
    }

    @Test("remotes that cannot be read are one failed remote, not an empty success")
    func unreadableRemotes() async {
        let failure = SyncError.localState(reason: "unreadable")
        let report = await SyncBoards(remotes: RemotesDouble(shared: [:], unreadable: failure))()

        #expect(report.remotes == [SyncReport.Remote(name: "", failure: failure)])
    }
}

/// Remotes that record what the use cases asked of them, in order.
private actor RemotesDouble: RemoteRepository {
    private(set) var calls: [String] = []
    private var shared: [String: [Board.ID]]
    private let failing: [String: SyncError]
    private let othersShare: Set<Board.ID>
    private let unreadable: SyncError?

    init(
        shared: [String: [Board.ID]], failing: [String: SyncError] = [:], othersShare: Set<Board.ID> = [],
        unreadable: SyncError? = nil
    ) {
        self.shared = shared
        self.failing = failing
        self.othersShare = othersShare
        self.unreadable = unreadable
    }

    func remotes() throws(SyncError) -> [SyncRemote] {
        try remoteNames().map {
            SyncRemote(name: $0, address: "/\($0)", boards: shared[$0] ?? [], lastSync: nil, unsent: 0)
        }
    }

    func remoteNames() throws(SyncError) -> [String] {
        if let unreadable { throw unreadable }
        return shared.keys.sorted()
    }

    func addRemote(named name: String, address: String) throws(SyncError) {
        guard shared[name] == nil else { throw .remoteExists(name) }
        shared[name] = []
    }

    func removeRemote(named name: String) throws(SyncError) {
        guard shared.removeValue(forKey: name) != nil else { throw .unknownRemote(name) }
    }

    func sharedBoards(on name: String) throws(SyncError) -> [Board.ID] {
        guard let boards = shared[name] else { throw .unknownRemote(name) }
        return boards
    }

    func isShared(_ board: Board.ID, byAnotherStoreOn name: String) -> Bool { othersShare.contains(board) }

    func markShared(_ board: Board.ID, on name: String) {
        calls.append("mark \(board) \(name)")
        shared[name, default: []].append(board)
    }

    func sync(_ name: String, joining: RemoteJoin?) -> SyncReport.Remote {
        switch joining {
        case nil: calls.append("sync \(name)")
        case .all: calls.append("join all \(name)")
        case .board(let board): calls.append("join \(board) \(name)")
        }
        return SyncReport.Remote(name: name, boards: shared[name] ?? [], failure: failing[name])
    }
}

/// The boards that exist.
private struct BoardsDouble: BoardRepository {
    let ids: [Board.ID]

    init(boards: [Board.ID]) { ids = boards }

    func boards() -> [Board] {
        ids.map { Board(id: $0, title: "Board", createdAt: Date(timeIntervalSince1970: 0)) }
    }

    func board(id: Board.ID) throws(RepositoryError) -> Board {
        guard ids.contains(id) else { throw .notFound(.board(id)) }
        return Board(id: id, title: "Board", createdAt: Date(timeIntervalSince1970: 0))
    }
}
