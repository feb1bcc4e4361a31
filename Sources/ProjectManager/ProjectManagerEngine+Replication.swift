import Foundation
import ProjectManagerData
import ProjectManagerDomain

extension ProjectManagerEngine {
    /// Adds a remote: a git repository (`https://…`, `ssh://…`, `git@host:path`, or the path of a
    /// repository, bare or not) or a shared folder (the path of a folder that is not a git
    /// repository: iCloud Drive, Dropbox, Syncthing, a network share).
    ///
    /// ```swift
    /// try engine.addRemote(named: "team", address: "git@github.com:acme/boards.git")
    /// try await engine.share(board: board.id, on: "team")
    /// ```
    /// - Throws: ``SyncError/remoteExists(_:)``, ``SyncError/badAddress(_:reason:)``,
    ///   ``SyncError/localState(reason:)`` (also for a store that is not a file).
    public func addRemote(named name: String, address: String) throws(SyncError) {
        try requireSyncFolder().addRemote(named: name, address: address)
    }

    /// Removes the remote `name` and what this store kept about it; its boards stay here, no
    /// longer shared.
    /// - Throws: ``SyncError/unknownRemote(_:)``, ``SyncError/localState(reason:)`` (also for a
    ///   store that is not a file).
    public func removeRemote(named name: String) throws(SyncError) {
        try requireSyncFolder().removeRemote(named: name)
    }

    /// The remotes, in name order, each with its shared boards, when it was last synced, what
    /// changed here since on each board, and the other devices that write there with how far each
    /// read this store's log and this store theirs.
    /// - Throws: ``SyncError/localState(reason:)`` when the sync state cannot be read (also for a
    ///   store that is not a file).
    public func remotes() throws(SyncError) -> [SyncRemote] {
        guard let syncFolderRemotes else { throw StoreWithoutRemotes.failure }
        return try syncFolderRemotes.statuses()
    }

    /// Shares `board` on the remote `remote`, and syncs that remote (``ShareBoard``): the board,
    /// with everything on it, is then on the remote for others to join.
    ///
    /// The remote is synced first: a board of that id that another store shared there is not
    /// merged with this one. (This store's default board goes by an id of its own on a remote it
    /// first used from 5.2 on, which the report's ``SyncReport/Remote/remoteIDs`` give; on one
    /// used before, every store's default board went by one id.) When that first sync fails
    /// (the remote cannot be reached, say), the board is not shared: the report's failure says
    /// why, and its boards do not hold it. A failure of the sync after the board is shared leaves
    /// it shared, for the next sync to send.
    ///
    /// - Throws: ``SyncError/unknownRemote(_:)``, ``SyncError/alreadyShared(_:remote:)`` when
    ///   another remote shares it, ``SyncError/sharedByAnotherStore(_:remote:)`` when another
    ///   store shared a board of its id there, ``RepositoryError`` words as
    ///   ``SyncError/localState(reason:)`` when the board does not exist.
    public func share(board: Board.ID, on remote: String) async throws(SyncError) -> SyncReport.Remote {
        try await ShareBoard(remotes: remoteRepository, boards: boards)(board, on: remote)
    }

    /// Brings the board `board` (or, when `nil`, every board) shared on the remote `remote` to
    /// this store, and keeps it shared there (``JoinBoard``). `board` is the id the remote knows
    /// it by (the sharer's ``SyncReport/Remote/remoteIDs``). Another store's default board becomes
    /// this store's default board when that holds nothing yet and is not shared (a second device),
    /// and otherwise comes in as a board of its own: this store's stays private.
    ///
    /// - Throws: ``SyncError/unknownRemote(_:)``; the report's failure is
    ///   ``SyncError/boardNotOnRemote(_:)`` when the remote does not hold it.
    public func join(remote: String, board: Board.ID? = nil) async throws(SyncError) -> SyncReport.Remote {
        try await JoinBoard(remotes: remoteRepository)(board, from: remote)
    }

    /// Syncs every remote that shares a board, one after the other (``SyncBoards``): what this
    /// store changed goes out, what others changed comes in. A remote that fails is the report's;
    /// the others still sync.
    ///
    /// ```swift
    /// let report = await engine.sync()
    /// for remote in report.remotes { print(remote.name, remote.sent, remote.received) }
    /// ```
    public func sync() async -> SyncReport {
        await SyncBoards(remotes: remoteRepository)()
    }

    /// An engine whose store lives in memory and whose sync state lives in `syncFolder`: for tests.
    static func inMemory(
        environment: EngineEnvironment, syncFolder: URL,
        interruption: (@Sendable (BoardReplicator.Step) -> Bool)? = nil,
        checkpointAfter: (@Sendable (_ objects: Int) -> Int)? = nil
    ) -> ProjectManagerEngine {
        var folder = SyncFolder(url: syncFolder, makeID: environment.makeID)
        folder.interruption = interruption
        folder.checkpointAfter = checkpointAfter
        do {
            return try ProjectManagerEngine(
                store: .inMemory, environment: environment,
                authentication: LocalAuthenticationProvider.inMemory(
                    environment: environment, rounds: 1_000, sessionLifetime: nil, backoff: SignInBackoff()),
                syncFolder: folder)
        } catch {
            preconditionFailure("an in-memory store cannot fail to open: \(error)")
        }
    }

    /// An engine over the store file at `url`, its sync state beside it: for tests that put a
    /// store back from an older copy.
    static func onFile(
        at url: URL, environment: EngineEnvironment,
        interruption: (@Sendable (BoardReplicator.Step) -> Bool)? = nil,
        checkpointAfter: (@Sendable (_ objects: Int) -> Int)? = nil
    ) throws(StoreError) -> ProjectManagerEngine {
        var folder = SyncFolder(besideStoreAt: url, makeID: environment.makeID)
        folder.interruption = interruption
        folder.checkpointAfter = checkpointAfter
        return try ProjectManagerEngine(
            store: .file(url), environment: environment,
            authentication: LocalAuthenticationProvider.inMemory(
                environment: environment, rounds: 1_000, sessionLifetime: nil, backoff: SignInBackoff()),
            syncFolder: folder)
    }

    /// Every replicated object on `boards`, as a sync compares them: for tests.
    func replicatedState(on boards: [Board.ID]) async throws -> [String: String] {
        let objects = try await graph.replicatedObjects(on: boards, replica: try requireSyncFolder().replica())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var text: [String: String] = [:]
        for (key, slots) in objects {
            text[key.description] = String(decoding: try encoder.encode(slots), as: UTF8.self)
        }
        return text
    }

    private func requireSyncFolder() throws(SyncError) -> SyncFolder {
        guard let syncFolder else { throw StoreWithoutRemotes.failure }
        return syncFolder
    }
}
