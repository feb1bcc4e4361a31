import Foundation

/// Skips the occurrence a repeating project waits for: "not this one". The day becomes an
/// exception of its schedule (`EXDATE`) and the project is due on the next occurrence; when the
/// schedule has no other, the project is done.
///
/// ```swift
/// let change = try await skipOccurrence(id)   // change.project.deadline: the next occurrence
/// ```
/// Only the project is written, with one history entry; undo puts the occurrence back.
public struct SkipOccurrence: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Returns: The project as saved.
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/noOccurrenceToSkip`` when
    ///   the project does not repeat or is done, ``RepositoryError/notFound(_:)``.
    /// - Complexity: the cost of finding one occurrence, plus one save.
    @discardableResult
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> ProjectChange {
        try await projects.skipOccurrence(id, now: environment.now())
    }
}
