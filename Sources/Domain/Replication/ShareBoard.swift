/// Shares a board on a remote, and syncs that remote: the board, with everything on it, is then
/// there for others to join (``JoinBoard``).
///
/// ```swift
/// let report = try await shareBoard(board.id, on: "team")
/// if let failure = report.failure { show(failure) }
/// ```
///
/// The rules: a board syncs on one remote; the remote is synced first, and a board of the same id
/// that another store shared there is never merged with this one (join it instead); when that
/// first sync fails, the board is not shared (the report says why); when the sync after the board
/// is recorded as shared fails, it stays shared for the next sync to send.
public struct ShareBoard: Sendable {
    private let remotes: any RemoteRepository
    private let boards: any BoardRepository

    /// Shares the boards of `boards` through `remotes`.
    public init(remotes: any RemoteRepository, boards: any BoardRepository) {
        self.remotes = remotes
        self.boards = boards
    }

    /// - Returns: What the last sync did; a failure of the sync itself is the report's.
    /// - Throws: ``SyncError/unknownRemote(_:)``; ``SyncError/alreadyShared(_:remote:)`` when
    ///   another remote shares the board; ``SyncError/sharedByAnotherStore(_:remote:)`` when
    ///   another store shared a board of its id there; ``SyncError/localState(reason:)`` when the
    ///   board does not exist (or is another account's) or the sync state cannot be kept.
    public func callAsFunction(_ board: Board.ID, on remote: String) async throws(SyncError) -> SyncReport.Remote {
        let names = try await remotes.remoteNames()
        guard names.contains(remote) else { throw .unknownRemote(remote) }
        for other in names where other != remote {
            if try await remotes.sharedBoards(on: other).contains(board) {
                throw .alreadyShared(board, remote: other)
            }
        }
        do {
            _ = try await boards.board(id: board)
        } catch {
            throw .localState(reason: "\(error)")
        }
        // What the remote holds first: until it is known, the board is not shared, for a later
        // sync would send it unchecked.
        let first = await remotes.sync(remote, joining: nil)
        guard first.failure == nil else { return first }
        if try await remotes.isShared(board, byAnotherStoreOn: remote) {
            throw .sharedByAnotherStore(board, remote: remote)
        }
        try await remotes.markShared(board, on: remote)
        return await remotes.sync(remote, joining: nil)
    }
}
