import Foundation

/// Deletes a project; the others keep their places.
public struct DeleteProject: Sendable {
    private let projects: any ProjectRepository

    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// - Returns: The deleted project.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    @discardableResult
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> Project {
        try await projects.delete(id)
    }
}
