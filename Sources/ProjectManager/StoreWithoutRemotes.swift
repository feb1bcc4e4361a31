import ProjectManagerDomain

/// The remotes of a store that is not a file: none, and nowhere to keep one.
struct StoreWithoutRemotes: RemoteRepository {
    /// What every question about a remote meets here.
    static let failure = SyncError.localState(reason: "a store that is not a file keeps no sync state")

    func remotes() async throws(SyncError) -> [SyncRemote] { throw Self.failure }
    func remoteNames() async throws(SyncError) -> [String] { throw Self.failure }
    func addRemote(named name: String, address: String) async throws(SyncError) { throw Self.failure }
    func removeRemote(named name: String) async throws(SyncError) { throw Self.failure }
    func sharedBoards(on name: String) async throws(SyncError) -> [Board.ID] { throw Self.failure }
    func isShared(_ board: Board.ID, byAnotherStoreOn name: String) async throws(SyncError) -> Bool {
        throw Self.failure
    }
    func markShared(_ board: Board.ID, on name: String) async throws(SyncError) { throw Self.failure }
    func sync(_ name: String, joining: RemoteJoin?) async -> SyncReport.Remote {
        SyncReport.Remote(name: name, failure: Self.failure)
    }
}
