import Foundation

/// The board a viewer starts on: signed out, the default board; signed in, the account's oldest
/// board, made for it (titled ``Board/defaultTitle``) when it has none yet.
///
/// ```swift
/// let session = try await signIn(email: email, password: password)
/// let home = try await homeBoard()      // the account's first board, made on its first sign-in
/// ```
public struct HomeBoard: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Finds, or makes in `store` with the ids and the clock of `environment`, the viewer's home board.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Returns: The board; only an account's first call saves anything.
    /// - Throws: ``RepositoryError/storage(_:)``.
    /// - Complexity: O(*b*) for *b* boards, plus one save on an account's first call.
    public func callAsFunction() async throws(RepositoryError) -> Board {
        let environment = environment
        // Read and made in one unit of work, so that two first calls at once make one board.
        return try await store.write { store throws(RepositoryError) in
            let boards = try store.boards()
            if let home = boards.first(where: { $0.id == .default }) ?? boards.first { return (nil, home) }
            let now = environment.now()
            let board = Board(
                id: Board.ID(rawValue: environment.makeID()), title: Board.defaultTitle, createdAt: now,
                owner: store.author)
            let made = CreateBoard.decide(board, at: now)
            return (made.changes, made.board)
        }
    }
}
