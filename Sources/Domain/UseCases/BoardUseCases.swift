import Foundation

/// Makes a new, empty board.
public struct CreateBoard: Sendable {
    private let boards: any BoardRepository
    private let environment: EngineEnvironment

    public init(boards: any BoardRepository, environment: EngineEnvironment) {
        self.boards = boards
        self.environment = environment
    }

    /// - Throws: ``RepositoryError/invalid(_:)`` when the title breaks the title rules.
    public func callAsFunction(title: String) async throws(RepositoryError) -> Board {
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        let board = Board(
            id: Board.ID(rawValue: environment.makeID()),
            title: title.trimmingCharacters(in: .whitespacesAndNewlines),
            createdAt: environment.now())
        try await boards.insert(board)
        return board
    }
}

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

/// Lists every board, oldest first.
public struct ListBoards: Sendable {
    private let boards: any BoardRepository

    public init(boards: any BoardRepository) {
        self.boards = boards
    }

    public func callAsFunction() async throws(RepositoryError) -> [Board] {
        try await boards.boards()
    }
}
