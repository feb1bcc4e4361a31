import Foundation

/// Gives a board a new title.
public struct RenameBoard: Sendable {
    private let boards: any BoardRepository

    public init(boards: any BoardRepository) {
        self.boards = boards
    }

    /// - Throws: ``RepositoryError/invalid(_:)``, ``RepositoryError/notFound(_:)``.
    @discardableResult
    public func callAsFunction(_ id: Board.ID, to title: String) async throws(RepositoryError) -> Board {
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        var board = try await boards.board(id: id)
        board.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        try await boards.update(board)
        return board
    }
}
