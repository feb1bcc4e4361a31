import Foundation

/// Takes the star off a project or a board: one save, one history entry
/// (``Activity/Kind/unstarred(_:)``) on the target's board, and one undo step of that board.
public struct Unstar: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Takes stars off in `store`, dating the history entry with the clock of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Returns: `false` when `target` was not starred: nothing is saved then.
    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(_:)``.
    /// - Complexity: Two reads and one save.
    @discardableResult
    public func callAsFunction(_ target: Favourite.Target) async throws(RepositoryError) -> Bool {
        let place = try await StarTarget(target, in: store)
        guard let star = try await store.favourite(for: target) else { return false }
        var changes = ChangeSet(UserAction(.unstar(target), at: environment.now()), undoOn: place.board.id)
        changes.delete(star.id)
        changes.record(.unstarred(target.kind), title: place.title, project: place.project?.id, on: place.board.id)
        try await store.save(changes)
        return true
    }
}
