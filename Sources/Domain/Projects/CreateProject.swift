import Foundation

/// Creates a project from a validated draft, in a column of a board (last, or at an index).
///
/// ```swift
/// let project = try await createProject(ProjectDraft(title: "Write report"))
/// ```
/// Only the new project and its history entry are written: it takes a rank between its neighbours.
public struct CreateProject: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Creates projects in `store`, with the ids, the clock and the calendar of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Parameter index: The index in the column; `nil` or past the end places it last.
    /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule,
    ///   ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n*) for a column of *n* projects, plus one save.
    public func callAsFunction(
        _ draft: ProjectDraft, on board: Board.ID = .default, in state: ProjectState = .todo, at index: Int? = nil
    ) async throws(RepositoryError) -> Project {
        let now = environment.now()
        let id = Project.ID(rawValue: environment.makeID())
        var project = try ProjectDraft.validated(draft).project(
            id: id, on: board, in: state, at: now, today: Day(containing: now, in: environment.calendar))
        _ = try await store.board(id: board)
        project.rank = try await store.gap(at: index, in: state, onBoard: board, moving: nil).rank
        var changes = ChangeSet(UserAction(.createProject(id, draft, board: board, state: state, index: index), at: now), undoOn: board)
        changes.insert(project)
        changes.record(.added(state), of: project)
        try await store.save(changes)
        return project
    }
}
