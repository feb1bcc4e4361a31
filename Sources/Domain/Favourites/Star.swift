import Foundation

/// Stars a project or a board: one save, one history entry (``Activity/Kind/starred(_:)``) on the
/// target's board, and one undo step of that board.
///
/// ```swift
/// try await star(.project(report.id))
/// try await star(.board(groceries.id))
/// ```
public struct Star: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Puts stars on in `store`, with the ids and the clock of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Returns: `false` when `target` was already starred: nothing is saved then.
    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(_:)``.
    /// - Complexity: Two reads and one save.
    @discardableResult
    public func callAsFunction(_ target: Favourite.Target) async throws(RepositoryError) -> Bool {
        let place = try await StarTarget(target, in: store)
        guard try await store.favourite(for: target) == nil else { return false }
        let now = environment.now()
        var changes = ChangeSet(UserAction(.star(target), at: now), undoOn: place.board.id)
        changes.insert(Favourite(target, onBoard: place.board.id, starredAt: now))
        changes.record(.starred(target.kind), title: place.title, project: place.project?.id, on: place.board.id)
        try await store.save(changes)
        return true
    }
}

/// What a star is on: the board, and the project when it is a project's.
struct StarTarget {
    let board: Board
    let project: Project?

    init(_ target: Favourite.Target, in store: any ProjectStore) async throws(RepositoryError) {
        switch target {
        case .board(let id):
            (board, project) = (try await store.board(id: id), nil)
        case .project(let id):
            let project = try await store.project(id: id)
            (board, self.project) = (try await store.board(id: project.boardID), project)
        }
    }

    /// The title the history shows: the project's, or the board's.
    var title: String { project?.title ?? board.title }
}
