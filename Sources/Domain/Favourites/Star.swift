import Foundation

/// Stars a project or a board.
///
/// ```swift
/// try await star(.project(report.id))
/// try await star(.board(groceries.id))
/// ```
public struct Star: Sendable {
    private let favourites: any FavouriteRepository
    private let environment: EngineEnvironment

    public init(favourites: any FavouriteRepository, environment: EngineEnvironment) {
        self.favourites = favourites
        self.environment = environment
    }

    /// - Returns: `false` when `target` was already starred: nothing is saved then.
    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(_:)``.
    @discardableResult
    public func callAsFunction(_ target: Favourite.Target) async throws(RepositoryError) -> Bool {
        try await favourites.star(target, now: environment.now())
    }
}
