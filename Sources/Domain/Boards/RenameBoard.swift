import Foundation

/// Gives a board a new title.
public struct RenameBoard: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Renames boards in `store`, dating the history entry with the clock of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Returns: The board as saved; a title equal to its own saves nothing.
    /// - Throws: ``RepositoryError/invalid(_:)``, ``RepositoryError/notFound(_:)``.
    /// - Complexity: One read and one save.
    @discardableResult
    public func callAsFunction(_ id: Board.ID, to title: String) async throws(RepositoryError) -> Board {
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        let now = environment.now()
        let title = title.trimmingWhitespace
        return try await store.write { store throws(RepositoryError) in
            var board = try store.board(id: id)
            let old = board.title
            board.title = title
            guard board.title != old else { return (nil, board) }
            var changes = ChangeSet(UserAction(.renameBoard(id, title: board.title), at: now), undoOn: id)
            changes.update(board)
            changes.record(.boardRenamed(from: old), title: board.title, on: id)
            return (changes, board)
        }
    }
}
