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
        let folder = try requireSyncFolder()
        // A store that never had a remote has none, and keeps no sync folder for asking.
        guard let replica = try folder.replicaIfMade() else { return [] }
        let changed = context.changesToSend()
        return try folder.remotes().map { remote throws(SyncError) in
            let status = try replicator(for: remote, in: folder, replica: replica).status()
            return SyncRemote(
                name: remote.name, address: SyncError.redacted(remote.address), boards: status.boards,
                lastSync: status.lastSync, unsent: status.unsent, conflicts: status.conflicts, written: status.written,
                devices: status.devices, changed: changed.filter { status.boards.contains($0.key) })
        }
    }

    /// Shares `board` on the remote `remote`, and syncs that remote: the board, with everything
    /// on it, is then on the remote for others to join.
    ///
    /// The remote is synced first: a board of that id that another store shared there (every
    /// store's default board has one id) is not merged with this one. When that first sync fails
    /// (the remote cannot be reached, say), the board is not shared: the report's failure says
    /// why, and its boards do not hold it. A failure of the sync after the board is shared leaves
    /// it shared, for the next sync to send.
    ///
    /// - Throws: ``SyncError/unknownRemote(_:)``, ``SyncError/alreadyShared(_:remote:)`` when
    ///   another remote shares it, ``SyncError/sharedByAnotherStore(_:remote:)`` when another
    ///   store shared a board of its id there, ``RepositoryError`` words as
    ///   ``SyncError/localState(reason:)`` when the board does not exist.
    public func share(board: Board.ID, on remote: String) async throws(SyncError) -> SyncReport.Remote {
        let folder = try requireSyncFolder()
        let replica = try folder.replica()
        let target = try folder.remote(named: remote)
        await graph.knowDeviceName("replica \(replica)")
        for other in try folder.remotes() where other.name != remote {
            if try replicator(for: other, in: folder, replica: replica).sharedBoards().contains(board) {
                throw .alreadyShared(board, remote: other.name)
            }
        }
        do {
            _ = try await self.boards.board(id: board)
        } catch {
            throw .localState(reason: "\(error)")
        }
        let replicator = replicator(for: target, in: folder, replica: replica, session: await signedIn())
        // What the remote holds first: until it is known, the board is not shared, for a later
        // sync would send it unchecked.
        let first = await replicator.sync(remote: remote)
        guard first.failure == nil else { return first }
        if try replicator.isSharedByAnotherReplica(board) {
            throw .sharedByAnotherStore(board, remote: remote)
        }
        try replicator.share(board)
        return await replicator.sync(remote: remote)
    }

    /// Brings the board `board` (or, when `nil`, every board) shared on the remote `remote` to
    /// this store, and keeps it shared there.
    ///
    /// - Throws: ``SyncError/unknownRemote(_:)``; the report's failure is
    ///   ``SyncError/boardNotOnRemote(_:)`` when the remote does not hold it.
    public func join(remote: String, board: Board.ID? = nil) async throws(SyncError) -> SyncReport.Remote {
        let folder = try requireSyncFolder()
        let replica = try folder.replica()
        let target = try folder.remote(named: remote)
        await graph.knowDeviceName("replica \(replica)")
        return await replicator(for: target, in: folder, replica: replica, session: await signedIn()).sync(
            remote: remote, joining: board.map { .board($0) } ?? .all)
    }

    /// Syncs every remote that shares a board, one after the other: what this store changed goes
    /// out, what others changed comes in. A remote that fails is the report's; the others still sync.
    ///
    /// ```swift
    /// let report = await engine.sync()
    /// for remote in report.remotes { print(remote.name, remote.sent, remote.received) }
    /// ```
    public func sync() async -> SyncReport {
        do throws(SyncError) {
            let folder = try requireSyncFolder()
            guard let replica = try folder.replicaIfMade() else { return SyncReport(remotes: []) }
            var reports: [SyncReport.Remote] = []
            let session = await signedIn()
            for remote in try folder.remotes() {
                let replicator = replicator(for: remote, in: folder, replica: replica, session: session)
                guard !(try replicator.sharedBoards()).isEmpty else { continue }
                reports.append(await replicator.sync(remote: remote.name))
            }
            return SyncReport(remotes: reports)
        } catch {
            return SyncReport(remotes: [SyncReport.Remote(name: "", failure: error)])
        }
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
        guard let syncFolder else { throw .localState(reason: "a store that is not a file keeps no sync state") }
        return syncFolder
    }

    /// The replicator of `remote`; its log files name `session`'s account as their author, and a
    /// board that comes in new belongs to that account.
    private func replicator(
        for remote: SyncFolder.Remote, in folder: SyncFolder, replica: ReplicaID, session: Session? = nil
    ) -> BoardReplicator {
        var replicator = BoardReplicator(
            repository: graph, transport: folder.transport(to: remote), stateFile: folder.stateFile(of: remote.name),
            replica: replica, now: environment.now, author: session.map { "\($0.account.email)" },
            owner: session?.account.id,
            generation: { [context] in
                // A file's identity, size and time; in memory, the context's count of saves.
                folder.store == nil ? "saves:\(context.saveCount)" : folder.storeGeneration()
            })
        replicator.interruption = folder.interruption
        replicator.stateCache = folder.stateCache
        if let checkpointAfter = folder.checkpointAfter { replicator.checkpointAfter = checkpointAfter }
        return replicator
    }

    /// Who is signed in, if anyone: a session that cannot be read counts as none.
    private func signedIn() async -> Session? {
        (try? await currentSession()) ?? nil
    }
}
