/// Reads a board's history, newest first.
public struct FetchHistory: Sendable {
    private let history: any HistoryRepository

    public init(history: any HistoryRepository) {
        self.history = history
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func callAsFunction(onBoard board: Board.ID = .default, limit: Int? = nil) async throws(RepositoryError) -> [Activity] {
        try await history.activities(onBoard: board, limit: limit)
    }
}

/// Reverts the last user action, or repeats the last undone one.
public struct UndoRedo: Sendable {
    private let history: any HistoryRepository

    public init(history: any HistoryRepository) {
        self.history = history
    }

    /// What undo and redo would do now.
    public func status() async -> UndoStatus {
        await history.undoStatus()
    }

    /// Reverts the last user action and saves.
    @discardableResult
    public func undo() async throws(RepositoryError) -> UndoStatus {
        try await history.undo()
    }

    /// Repeats the last undone action and saves.
    @discardableResult
    public func redo() async throws(RepositoryError) -> UndoStatus {
        try await history.redo()
    }
}

/// Opens an edit form's scratch copy of a project.
public struct BeginProjectEdit: Sendable {
    private let editing: any ProjectEditingRepository

    public init(editing: any ProjectEditingRepository) {
        self.editing = editing
    }

    /// - Throws: ``RepositoryError/notFound(_:)``.
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> any ProjectEditing {
        try await editing.beginEditing(id)
    }
}
