import Foundation

/// Where stars on projects and boards are kept: in the same store as the boards.
///
/// Starring and unstarring are user actions: each is one save, one ``Activity`` (``Activity/Kind/starred(_:)``
/// or ``Activity/Kind/unstarred(_:)``) in the history of the target's board, and one undo step of
/// that board.
public protocol FavouriteRepository: Sendable {
    /// Every favourite, in the order they were starred (oldest first).
    /// - Complexity: O(*f* log *f*) for *f* favourites.
    func favourites() async throws(RepositoryError) -> [Favourite]

    /// The favourites on one board: its own star and its projects', in the order they were starred.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*k* log *k*) for *k* favourites on the board, through an index.
    func favourites(onBoard board: Board.ID) async throws(RepositoryError) -> [Favourite]

    /// Stars `target` at `now`.
    /// - Returns: `false` when it was already starred: nothing is saved then.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project or board does not exist.
    @discardableResult
    func star(_ target: Favourite.Target, now: Date) async throws(RepositoryError) -> Bool

    /// Takes the star off `target`.
    /// - Returns: `false` when it was not starred: nothing is saved then.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project or board does not exist.
    @discardableResult
    func unstar(_ target: Favourite.Target) async throws(RepositoryError) -> Bool
}
