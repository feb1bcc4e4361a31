import Foundation

/// Where stars on projects and boards are kept, in the same store as the boards: read here,
/// written through ``ChangeRecording`` by ``Star`` and ``Unstar``.
public protocol FavouriteRepository: Sendable {
    /// Every favourite, in the order they were starred (oldest first).
    /// - Complexity: O(*f* log *f*) for *f* favourites.
    /// - Throws: ``RepositoryError/accounts(_:)`` when who is signed in cannot be read (a store
    ///   scoped to the viewer), ``RepositoryError/storage(_:)``.
    func favourites() async throws(RepositoryError) -> [Favourite]

    /// The favourites on one board: its own star and its projects', in the order they were starred.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*k* log *k*) for *k* favourites on the board, through an index.
    func favourites(onBoard board: Board.ID) async throws(RepositoryError) -> [Favourite]

    /// The star on `target`, or `nil` when it has none.
    /// - Complexity: O(1).
    /// - Throws: ``RepositoryError/accounts(_:)`` when who is signed in cannot be read (a store
    ///   scoped to the viewer).
    func favourite(for target: Favourite.Target) async throws(RepositoryError) -> Favourite?
}

extension FavouriteRepository {
    /// The star on `target`, found among all the favourites: the default for a repository written
    /// before ``favourite(for:)`` was a requirement. Implement it as a lookup by id.
    /// - Complexity: O(*f* log *f*) for *f* favourites.
    /// - Throws: What ``favourites()`` throws.
    public func favourite(for target: Favourite.Target) async throws(RepositoryError) -> Favourite? {
        try await favourites().first { $0.target == target }
    }
}
