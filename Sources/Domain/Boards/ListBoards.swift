import Foundation

/// Lists the boards the viewer may see, oldest first (see ``Board/isVisible(to:)``).
public struct ListBoards: Sendable {
    private let boards: any BoardRepository

    public init(boards: any BoardRepository) {
        self.boards = boards
    }

    public func callAsFunction() async throws(RepositoryError) -> [Board] {
        try await boards.boards()
    }
}
