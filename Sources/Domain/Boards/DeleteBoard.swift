import Foundation

/// Deletes a board and everything on it: its projects, their stars, its history.
///
/// The board's history goes with it, so its deletion is recorded, and undone, on a board whoever
/// saw this one keeps: the default board for a board of no account, the account's oldest other
/// board for an account's, so that nobody else sees or undoes it. The default board, and an
/// account's last board, stay.
public struct DeleteBoard: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Deletes boards from `store`, dating the history entry with the clock of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/defaultBoardIsPermanent``,
    ///   ``RepositoryError/lastBoardIsPermanent``.
    /// - Complexity: O(*b*) for *b* boards, plus one save that deletes what is on the board.
    public func callAsFunction(_ id: Board.ID) async throws(RepositoryError) {
        guard id != .default else { throw .defaultBoardIsPermanent }
        let board = try await store.board(id: id)
        let keeper = try await self.keeper(of: board)
        var changes = ChangeSet(UserAction(.deleteBoard(id), at: environment.now()), undoOn: keeper)
        changes.delete(id)
        changes.record(.boardDeleted, title: board.title, on: keeper)
        try await store.save(changes)
    }

    /// The board that records, and undoes, the deletion of `board`.
    private func keeper(of board: Board) async throws(RepositoryError) -> Board.ID {
        guard let owner = board.owner else { return .default }
        guard let other = try await store.boards().first(where: { $0.owner == owner && $0.id != board.id }) else {
            throw .lastBoardIsPermanent
        }
        return other.id
    }
}
