import Foundation

/// Creates a project from a validated draft, in a column of a board (last, or at an index).
///
/// ```swift
/// let project = try await createProject(ProjectDraft(title: "Write report"))
/// ```
public struct CreateProject: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Parameter index: The index in the column; `nil` or past the end places it last.
    /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule,
    ///   ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n*) for a column of *n* projects, plus one save.
    public func callAsFunction(
        _ draft: ProjectDraft, on board: Board.ID = .default, in state: ProjectState = .todo, at index: Int? = nil
    ) async throws(RepositoryError) -> Project {
        let project = try ProjectDraft.validated(draft).project(
            id: Project.ID(rawValue: environment.makeID()), on: board, in: state, at: environment.now(),
            today: environment.today())
        return try await projects.insert(project, at: index)
    }
}
