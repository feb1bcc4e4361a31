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
        try await create(draft, on: board, in: .stage(state), at: index)
    }

    /// Makes a project from `draft` at `index` of a list of `board` (last when `nil`), and
    /// saves it.
    /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule,
    ///   ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    public func callAsFunction(
        _ draft: ProjectDraft, on board: Board.ID = .default, inList list: BoardList.ID, at index: Int? = nil
    ) async throws(RepositoryError) -> Project {
        try await create(draft, on: board, in: .list(list), at: index)
    }

    private enum Landing: Sendable {
        case stage(ProjectState)
        case list(BoardList.ID)
    }

    private func create(
        _ draft: ProjectDraft, on board: Board.ID, in landing: Landing, at index: Int?
    ) async throws(RepositoryError) -> Project {
        let now = environment.now()
        let id = Project.ID(rawValue: environment.makeID())
        let drafted = try ProjectDraft.validated(draft).project(
            id: id, on: board, in: .todo, at: now, today: Day(containing: now, in: environment.calendar))
        return try await store.write { store throws(RepositoryError) in
            var project = drafted
            // Reading the lists reads the board: a missing one (or another account's) is notFound.
            let list =
                switch landing {
                case .stage(let state): try store.landing(state, onBoard: board)
                case .list(let id): try store.list(id: id, onBoard: board)
                }
            project.move(to: list)
            try ProjectDraft.requireLabels(project.labels, on: board, in: store)
            project.rank = try store.gap(at: index, inList: list.id, onBoard: board, moving: nil).rank
            var changes = ChangeSet(
                UserAction(.createProject(id, draft, board: board, state: list.stage, index: index), at: now),
                undoOn: board)
            changes.insert(project)
            changes.record(list.isStandardAsMade ? .added(list.stage) : .addedToList(list.title), of: project)
            return (changes, project)
        }
    }
}
