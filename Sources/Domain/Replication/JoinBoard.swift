/// Brings a board shared on a remote (or every board there) to this store, and keeps it shared.
///
/// ```swift
/// let report = try await joinBoard(from: "team")             // every board on "team"
/// let one = try await joinBoard(board.id, from: "team")      // that one
/// ```
public struct JoinBoard: Sendable {
    private let remotes: any RemoteRepository

    /// Joins the boards of `remotes`.
    public init(remotes: any RemoteRepository) {
        self.remotes = remotes
    }

    /// - Parameter board: The board to bring; `nil`: every board the remote holds.
    /// - Returns: What the sync did; ``SyncError/boardNotOnRemote(_:)`` is its failure when the
    ///   remote holds no such board.
    /// - Throws: ``SyncError/unknownRemote(_:)``, ``SyncError/localState(reason:)``.
    public func callAsFunction(_ board: Board.ID? = nil, from remote: String) async throws(SyncError)
        -> SyncReport.Remote
    {
        guard try await remotes.remoteNames().contains(remote) else { throw .unknownRemote(remote) }
        return await remotes.sync(remote, joining: board.map { .board($0) } ?? .all)
    }
}
