import Foundation

/// Lists the boards the viewer may see, oldest first (see ``Board/isVisible(to:)``).
public struct ListBoards: Sendable {
    private let boards: any BoardRepository

    /// Lists the boards of `boards`.
    public init(boards: any BoardRepository) {
        self.boards = boards
    }

    /// The boards the viewer may see, oldest first.
    /// - Throws: ``RepositoryError/accounts(_:)`` when who is signed in cannot be read, or
    ///   ``RepositoryError/storage(_:)``.
    /// - Complexity: O(*b*) for *b* boards.
    public func callAsFunction() async throws(RepositoryError) -> [Board] {
        try await boards.boards()
    }
}
