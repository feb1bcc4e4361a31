import Foundation

/// Deletes a board and every project on it.
public struct DeleteBoard: Sendable {
    private let boards: any BoardRepository

    public init(boards: any BoardRepository) {
        self.boards = boards
    }

    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/defaultBoardIsPermanent``.
    public func callAsFunction(_ id: Board.ID) async throws(RepositoryError) {
        guard id != .default else { throw .defaultBoardIsPermanent }
        try await boards.deleteBoard(id: id)
    }
}
