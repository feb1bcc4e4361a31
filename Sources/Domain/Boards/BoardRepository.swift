/// Where boards are kept: read here, written through ``ChangeRecording``. The default board always
/// exists, and belongs to no account.
public protocol BoardRepository: Sendable {
    /// Every board, oldest first; the default board is among them.
    func boards() async throws(RepositoryError) -> [Board]

    /// The board with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    func board(id: Board.ID) async throws(RepositoryError) -> Board
}
