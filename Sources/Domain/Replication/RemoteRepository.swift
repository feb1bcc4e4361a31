/// The remotes a store shares its boards on, and the syncs with them: the port under
/// ``ShareBoard``, ``JoinBoard``, ``SyncBoards`` and the remote listings.
///
/// Its verbs record and move what the use cases decide: whether a board may be shared, which
/// remotes a sync visits, and in what order, are the use cases' rules.
public protocol RemoteRepository: Sendable {
    /// The remotes, in name order, each with its shared boards, last sync, what waits to be sent,
    /// conflicts and the devices that write there.
    /// - Throws: ``SyncError/localState(reason:)`` when the sync state cannot be read.
    func remotes() async throws(SyncError) -> [SyncRemote]

    /// The names of the remotes, in name order, without reading their state.
    /// - Throws: ``SyncError/localState(reason:)``.
    func remoteNames() async throws(SyncError) -> [String]

    /// Adds the remote `name` at `address` (a git URL, a repository's path or a shared folder's).
    /// - Throws: ``SyncError/remoteExists(_:)``, ``SyncError/badAddress(_:reason:)``,
    ///   ``SyncError/localState(reason:)``.
    func addRemote(named name: String, address: String) async throws(SyncError)

    /// Removes the remote `name` and what the store kept about it; its boards stay, no longer shared.
    /// - Throws: ``SyncError/unknownRemote(_:)``, ``SyncError/localState(reason:)``.
    func removeRemote(named name: String) async throws(SyncError)

    /// The boards this store shares on the remote `name`.
    /// - Throws: ``SyncError/unknownRemote(_:)``, ``SyncError/localState(reason:)``.
    func sharedBoards(on name: String) async throws(SyncError) -> [Board.ID]

    /// Whether another store shared a board of id `board` on the remote `name`, as of its last sync.
    /// - Throws: ``SyncError/unknownRemote(_:)``, ``SyncError/localState(reason:)``.
    func isShared(_ board: Board.ID, byAnotherStoreOn name: String) async throws(SyncError) -> Bool

    /// Records `board` as shared on the remote `name`: the next sync sends it whole.
    /// - Throws: ``SyncError/unknownRemote(_:)``, ``SyncError/localState(reason:)``.
    func markShared(_ board: Board.ID, on name: String) async throws(SyncError)

    /// Syncs the remote `name`: what changed here goes out, what others changed comes in; with
    /// `joining`, the boards it names come in too (``JoinBoard``).
    ///
    /// - Returns: What the sync did; why it could not be done is the report's failure.
    func sync(_ name: String, joining: RemoteJoin?) async -> SyncReport.Remote
}

/// The boards a sync brings from a remote besides those the store shares there already.
public enum RemoteJoin: Hashable, Sendable {
    /// Every board the remote holds.
    case all
    /// The one board of this id.
    case board(Board.ID)
}
