import Foundation

/// Makes a new, empty board: the signed-in account's, or no account's when signed out.
public struct CreateBoard: Sendable {
    private let boards: any BoardRepository
    private let environment: EngineEnvironment

    public init(boards: any BoardRepository, environment: EngineEnvironment) {
        self.boards = boards
        self.environment = environment
    }

    /// - Returns: The board as saved, with its owner.
    /// - Throws: ``RepositoryError/invalid(_:)`` when the title breaks the title rules.
    public func callAsFunction(title: String) async throws(RepositoryError) -> Board {
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        let board = Board(
            id: Board.ID(rawValue: environment.makeID()),
            title: title.trimmingCharacters(in: .whitespacesAndNewlines),
            createdAt: environment.now())
        return try await boards.insert(board)
    }
}
