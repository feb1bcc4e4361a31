import Foundation

/// Creates many projects as one save and one undo step: an import from a backup, a CSV or a
/// repository's issues.
///
/// ```swift
/// let imported = try await importProjects(drafts, on: board.id)
/// ```
public struct ImportProjects: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// Validates every draft, then appends them, in order, to the end of their column.
    /// - Returns: The saved projects, in the drafts' order.
    /// - Throws: ``RepositoryError/invalid(_:)`` with the rules the first failing draft breaks
    ///   (nothing is saved), ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*k* log *n*) for *k* drafts, plus one save.
    public func callAsFunction(
        _ drafts: [ProjectDraft], on board: Board.ID = .default, in state: ProjectState = .todo
    ) async throws(RepositoryError) -> [Project] {
        let now = environment.now()
        let today = environment.today()
        var batch: [Project] = []
        batch.reserveCapacity(drafts.count)
        for draft in drafts {
            batch.append(try ProjectDraft.validated(draft).project(
                id: Project.ID(rawValue: environment.makeID()), on: board, in: state, at: now, today: today))
        }
        return try await projects.insert(batch)
    }
}
