/// Reverts a board's last user action, or repeats its last undone one.
public struct UndoRedo: Sendable {
    private let history: any HistoryRepository

    /// Undoes and redoes the steps kept by `history`.
    public init(history: any HistoryRepository) {
        self.history = history
    }

    /// What undo and redo would do now on the board.
    /// - Complexity: O(*c*) for *c* objects in the board's next undo and redo steps.
    public func status(onBoard board: Board.ID = .default) async -> UndoStatus {
        await history.undoStatus(onBoard: board)
    }

    /// Reverts the board's last user action and saves; other boards are untouched.
    /// - Throws: ``RepositoryError/storage(_:)``, ``RepositoryError/undoConflict(_:)``.
    /// - Complexity: O(*c*) for *c* objects the step wrote, plus one save.
    @discardableResult
    public func undo(onBoard board: Board.ID = .default) async throws(RepositoryError) -> UndoStatus {
        try await history.undo(onBoard: board)
    }

    /// Repeats the board's last undone action and saves.
    /// - Throws: ``RepositoryError/storage(_:)``, ``RepositoryError/undoConflict(_:)``.
    /// - Complexity: O(*c*) for *c* objects the step wrote, plus one save.
    @discardableResult
    public func redo(onBoard board: Board.ID = .default) async throws(RepositoryError) -> UndoStatus {
        try await history.redo(onBoard: board)
    }
}
