/// Where boards are kept. The default board always exists, and belongs to no account.
public protocol BoardRepository: Sendable {
    /// Every board, oldest first; the default board is among them.
    func boards() async throws(RepositoryError) -> [Board]

    /// The board with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    func board(id: Board.ID) async throws(RepositoryError) -> Board

    /// Saves a new board.
    /// - Returns: The board as saved: a repository scoped to an account
    ///   (``AccountScopedRepository``) makes it that account's.
    @discardableResult
    func insert(_ board: Board) async throws(RepositoryError) -> Board

    /// Saves a changed board.
    /// - Throws: ``RepositoryError/notFound(_:)`` when it does not exist.
    func update(_ board: Board) async throws(RepositoryError)

    /// Deletes the board and every project on it, as one save.
    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/defaultBoardIsPermanent``.
    func deleteBoard(id: Board.ID) async throws(RepositoryError)
}
