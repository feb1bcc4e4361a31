import Foundation

/// Creates many projects as one save and one undo step: an import from a backup, a CSV or a
/// repository's issues.
///
/// ```swift
/// let imported = try await importProjects(drafts, on: board.id)
/// ```
public struct ImportProjects: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Imports projects into `store`, with the ids, the clock and the calendar of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Validates every draft, then appends them, in order, to the end of their column.
    /// - Returns: The saved projects, in the drafts' order.
    /// - Throws: ``RepositoryError/invalid(_:)`` with the rules the first failing draft breaks
    ///   (nothing is saved), ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*k* + log *n*) for *k* drafts and a column of *n* projects, plus one save.
    public func callAsFunction(
        _ drafts: [ProjectDraft], on board: Board.ID = .default, in state: ProjectState = .todo
    ) async throws(RepositoryError) -> [Project] {
        let now = environment.now()
        let today = Day(containing: now, in: environment.calendar)
        var drafted: [Project] = []
        drafted.reserveCapacity(drafts.count)
        for draft in drafts {
            drafted.append(
                try ProjectDraft.validated(draft).project(
                    id: Project.ID(rawValue: environment.makeID()), on: board, in: state, at: now, today: today))
        }
        guard !drafted.isEmpty else { return [] }
        let projects = drafted
        return try await store.write { store throws(RepositoryError) in
            var batch = projects
            let list = try store.landing(state, onBoard: board)
            var last = try store.gap(at: nil, inList: list.id, onBoard: board, moving: nil).before
            var changes = ChangeSet(
                UserAction(.importProjects(batch.map(\.id), board: board, state: state), at: now), undoOn: board)
            for index in batch.indices {
                let rank = last.map(Rank.after) ?? .initial
                batch[index].move(to: list)
                batch[index].rank = rank
                last = rank
                changes.insert(batch[index])
            }
            changes.record(.imported(count: batch.count, state), title: "", on: board)
            return (changes, batch)
        }
    }
}
