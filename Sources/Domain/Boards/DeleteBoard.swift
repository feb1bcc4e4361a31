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
        let now = environment.now()
        try await store.write { store throws(RepositoryError) in
            let board = try store.board(id: id)
            // A member uses the board; only its owner deletes it.
            if board.owner != nil, board.owner != store.author { throw .invalid(ValidationError([.onlyTheOwner])) }
            let keeper = try Self.keeper(of: board, in: store)
            var changes = ChangeSet(UserAction(.deleteBoard(id), at: now), undoOn: keeper)
            changes.delete(id)
            changes.record(.boardDeleted, title: board.title, on: keeper)
            return (changes, ())
        }
    }

    /// The board that records, and undoes, the deletion of `board`.
    private static func keeper(of board: Board, in store: any StoreReading) throws(RepositoryError) -> Board.ID {
        guard let owner = board.owner else { return .default }
        guard let other = try store.boards().first(where: { $0.owner == owner && $0.id != board.id }) else {
            throw .lastBoardIsPermanent
        }
        return other.id
    }
}
