import Foundation

/// The board a viewer starts on: signed out, the default board; signed in, the account's oldest
/// board, made for it (titled ``Board/defaultTitle``) when it has none yet.
///
/// ```swift
/// let session = try await signIn(email: email, password: password)
/// let home = try await homeBoard()      // the account's first board, made on its first sign-in
/// ```
public struct HomeBoard: Sendable {
    private let boards: any BoardRepository
    private let createBoard: CreateBoard

    /// Finds, or makes in `store` with the ids and the clock of `environment`, the viewer's home board.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        boards = store
        createBoard = CreateBoard(store: store, environment: environment)
    }

    /// - Returns: The board; only an account's first call saves anything.
    /// - Throws: ``RepositoryError/storage(_:)``.
    /// - Complexity: O(*b*) for *b* boards, plus one save on an account's first call.
    public func callAsFunction() async throws(RepositoryError) -> Board {
        let boards = try await boards.boards()
        if let home = boards.first(where: { $0.id == .default }) ?? boards.first { return home }
        return try await createBoard(title: Board.defaultTitle)
    }
}
