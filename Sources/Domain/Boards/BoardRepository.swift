/// Where boards are kept: read here, written through ``ChangeRecording``. The default board always
/// exists, and belongs to no account.
public protocol BoardRepository: Sendable {
    /// Every board, oldest first; the default board is among them.
    /// - Throws: ``RepositoryError/accounts(_:)`` when who is signed in cannot be read (a store
    ///   scoped to the viewer), ``RepositoryError/storage(_:)``.
    /// - Complexity: O(*b*) for *b* boards.
    func boards() async throws(RepositoryError) -> [Board]

    /// The board with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    /// - Complexity: O(1).
    func board(id: Board.ID) async throws(RepositoryError) -> Board
}
