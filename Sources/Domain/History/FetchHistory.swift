/// Reads a board's history, newest first.
public struct FetchHistory: Sendable {
    private let history: any HistoryRepository

    /// Reads the activities from `history`.
    public init(history: any HistoryRepository) {
        self.history = history
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*limit*), or O(*a*) for all *a* activities of the board.
    public func callAsFunction(onBoard board: Board.ID = .default, limit: Int? = nil) async throws(RepositoryError)
        -> [Activity]
    {
        try await history.activities(onBoard: board, limit: limit)
    }
}
