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
        var board = try await store.board(id: id)
        let old = board.title
        board.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard board.title != old else { return board }
        var changes = ChangeSet(UserAction(.renameBoard(id, title: board.title), at: environment.now()), undoOn: id)
        changes.update(board)
        changes.record(.boardRenamed(from: old), title: board.title, on: id)
        try await store.save(changes)
        return board
    }
}
