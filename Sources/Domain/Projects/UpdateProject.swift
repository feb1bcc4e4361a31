import Foundation

/// Replaces a project's title, body, deadline and repeat rule, after validating them (a repeating
/// project's deadline and schedule follow ``ProjectSchedule``).
public struct UpdateProject: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Returns: The project, and whether the draft changed anything (nothing is saved if not).
    /// - Throws: ``RepositoryError/invalid(_:)`` (a broken rule, or a repeat rule with no day
    ///   left), ``RepositoryError/notFound(_:)``.
    @discardableResult
    public func callAsFunction(_ id: Project.ID, with draft: ProjectDraft) async throws(RepositoryError) -> ProjectChange {
        try await projects.edit(id, to: ProjectDraft.validated(draft), now: environment.now())
    }
}
