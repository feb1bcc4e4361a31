import Foundation
import ProjectManagerDomain

/// The remotes of a store file, kept in its sync folder, synced by a ``BoardReplicator`` each:
/// the ``RemoteRepository`` of a store on disk.
package struct SyncFolderRemotes: RemoteRepository {
    private let folder: SyncFolder
    private let repository: ObjectGraphRepository
    private let context: ObjectContext
    private let now: @Sendable () -> Date
    private let session: @Sendable () async -> Session?

    /// The remotes kept in `folder` for the store under `repository` and `context`.
    ///
    /// - Parameters:
    ///   - now: The clock of the syncs' stamps and times.
    ///   - session: Who is signed in, if anyone: the log files a sync writes name that account as
    ///     their author, and a board that comes in new belongs to it.
    package init(
        folder: SyncFolder, repository: ObjectGraphRepository, context: ObjectContext,
        now: @escaping @Sendable () -> Date, session: @escaping @Sendable () async -> Session?
    ) {
        self.folder = folder
        self.repository = repository
        self.context = context
        self.now = now
        self.session = session
    }

    package func remotes() async throws(SyncError) -> [SyncRemote] {
        try statuses()
    }

    /// ``remotes()``, read where the caller is: the sync folder's files and the store's records.
    package func statuses() throws(SyncError) -> [SyncRemote] {
        // A store that never had a remote has none, and keeps no sync folder for asking.
        guard let replica = try folder.replicaIfMade() else { return [] }
        let changed = context.changesToSend()
        let recorded = context.object(SyncMark.self, id: SyncMark.only)?.boards ?? [:]
        return try folder.remotes().map { remote throws(SyncError) in
            // A state whose header is damaged is made again by the next sync: until then, the
            // remote is listed with the boards the store recorded, and why.
            do throws(ReplicationState.ReadFailure) {
                _ = try ReplicationState.readHeader(from: folder.stateFile(of: remote.name), replica: replica)
            } catch {
                guard case .damaged = error, case .localState(let reason) = error.syncError else {
                    throw error.syncError
                }
                let boards = (recorded[remote.name] ?? []).sorted { $0.uuidString < $1.uuidString }.map(Board.ID.init)
                var damaged = SyncRemote(
                    name: remote.name, address: SyncError.redacted(remote.address), boards: boards, lastSync: nil,
                    unsent: 0, written: 0, devices: [], changed: changed.filter { boards.contains($0.key) })
                damaged.damage = reason
                if boards.contains(.default),
                    let published = ReadPositions.published(by: replica, in: folder.transport(to: remote).folder)?
                        .defaultBoard
                {
                    damaged.remoteIDs[.default] = Board.ID(rawValue: published)
                }
                return damaged
            }
            let status = try replicator(for: remote, replica: replica).status()
            var synced = SyncRemote(
                name: remote.name, address: SyncError.redacted(remote.address), boards: status.boards,
                lastSync: status.lastSync, unsent: status.unsent, conflicts: status.conflicts, written: status.written,
                devices: status.devices, changed: changed.filter { status.boards.contains($0.key) })
            synced.remoteIDs = status.remoteIDs
            return synced
        }
    }

    package func remoteNames() async throws(SyncError) -> [String] {
        guard try folder.replicaIfMade() != nil else { return [] }
        return try folder.remotes().map(\.name)
    }

    package func addRemote(named name: String, address: String) async throws(SyncError) {
        try folder.addRemote(named: name, address: address)
    }

    package func removeRemote(named name: String) async throws(SyncError) {
        try folder.removeRemote(named: name)
    }

    package func sharedBoards(on name: String) async throws(SyncError) -> [Board.ID] {
        try await replicator(for: folder.remote(named: name), replica: folder.replica()).sharedBoards(remote: name)
    }

    package func isShared(_ board: Board.ID, byAnotherStoreOn name: String) async throws(SyncError) -> Bool {
        try replicator(for: folder.remote(named: name), replica: folder.replica()).isSharedByAnotherReplica(board)
    }

    package func markShared(_ board: Board.ID, on name: String) async throws(SyncError) {
        try replicator(for: folder.remote(named: name), replica: folder.replica()).share(board)
    }

    package func sync(_ name: String, joining: RemoteJoin?) async -> SyncReport.Remote {
        let remote: SyncFolder.Remote
        let replica: ReplicaID
        do throws(SyncError) {
            remote = try folder.remote(named: name)
            replica = try folder.replica()
        } catch {
            return SyncReport.Remote(name: name, failure: error)
        }
        await repository.knowDeviceName("replica \(replica)")
        let joining: BoardReplicator.Joining =
            switch joining {
            case nil: .none
            case .all: .all
            case .board(let board): .board(board)
            }
        return await replicator(for: remote, replica: replica, session: await session()).sync(
            remote: name, joining: joining)
    }

    /// The replicator of `remote`; its log files name `session`'s account as their author, and a
    /// board that comes in new belongs to that account.
    private func replicator(for remote: SyncFolder.Remote, replica: ReplicaID, session: Session? = nil)
        -> BoardReplicator
    {
        var replicator = BoardReplicator(
            repository: repository, transport: folder.transport(to: remote),
            stateFile: folder.stateFile(of: remote.name),
            replica: replica, now: now, author: session.map { "\($0.account.email)" }, owner: session?.account.id,
            generation: { [context, folder] in
                // A file's identity, size and time; in memory, the context's count of saves.
                folder.store == nil ? "saves:\(context.saveCount)" : folder.storeGeneration()
            })
        replicator.interruption = folder.interruption
        replicator.stateCache = folder.stateCache
        if let checkpointAfter = folder.checkpointAfter { replicator.checkpointAfter = checkpointAfter }
        return replicator
    }
}
