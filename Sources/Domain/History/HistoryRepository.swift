/// Whether there is something to undo or redo, and what.
public struct UndoStatus: Hashable, Sendable {
    /// Whether Undo is enabled: the board has a step to revert.
    public var canUndo: Bool
    /// Whether Redo is enabled: the board has an undone step to repeat.
    public var canRedo: Bool
    /// The activities the next undo reverts, newest first; empty when there is nothing to undo.
    public var undoActivities: [Activity]
    /// The activities the next redo repeats; empty when there is nothing to redo.
    public var redoActivities: [Activity]

    /// A status; by default nothing to undo or redo.
    public init(
        canUndo: Bool = false, canRedo: Bool = false, undoActivities: [Activity] = [], redoActivities: [Activity] = []
    ) {
        self.canUndo = canUndo
        self.canRedo = canRedo
        self.undoActivities = undoActivities
        self.redoActivities = redoActivities
    }
}

/// The record of what happened to projects, and the undo and redo of it.
///
/// Every save that changes a project or a board records an ``Activity``. Each user action is one
/// undo step of the board it happened on, so each board's history screen undoes that board's
/// changes alone; the undo and redo stacks are kept in the store, so they survive a restart.
/// Deleting a board is recorded on the default board, which always exists.
public protocol HistoryRepository: Sendable {
    /// The board's newest activities, newest first, at most `limit` of them (`nil`: all).
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*limit*), through an ordered index of each board's history.
    func activities(onBoard board: Board.ID, limit: Int?) async throws(RepositoryError) -> [Activity]

    /// What undo and redo would do now on the board.
    /// - Complexity: O(*c*) for *c* objects in the board's next undo and redo steps.
    func undoStatus(onBoard board: Board.ID) async -> UndoStatus

    /// Reverts the board's last user action and saves; its activities leave the history.
    /// - Returns: The status after the undo.
    /// - Throws: ``RepositoryError/storage(_:)``, ``RepositoryError/undoConflict(_:)``; nothing
    ///   happens when there is nothing to undo.
    /// - Complexity: O(*c*) for *c* objects the step wrote, plus one save.
    @discardableResult
    func undo(onBoard board: Board.ID) async throws(RepositoryError) -> UndoStatus

    /// Repeats the board's last undone action and saves.
    /// - Returns: The status after the redo.
    /// - Throws: ``RepositoryError/storage(_:)``, ``RepositoryError/undoConflict(_:)``; nothing
    ///   happens when there is nothing to redo.
    /// - Complexity: O(*c*) for *c* objects the step wrote, plus one save.
    @discardableResult
    func redo(onBoard board: Board.ID) async throws(RepositoryError) -> UndoStatus
}
