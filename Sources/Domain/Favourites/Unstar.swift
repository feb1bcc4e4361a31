import Foundation

/// Takes the star off a project or a board.
public struct Unstar: Sendable {
    private let favourites: any FavouriteRepository

    public init(favourites: any FavouriteRepository) {
        self.favourites = favourites
    }

    /// - Returns: `false` when `target` was not starred: nothing is saved then.
    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(_:)``.
    @discardableResult
    public func callAsFunction(_ target: Favourite.Target) async throws(RepositoryError) -> Bool {
        try await favourites.unstar(target)
    }
}
