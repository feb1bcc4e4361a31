import Foundation

/// Deletes a project, and its star; the others keep their places. The store deletes its
/// checklist and its comments with it.
public struct DeleteProject: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Deletes projects from `store`, dating the history entry with the clock of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Returns: The deleted project.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    /// - Complexity: two reads and one save.
    @discardableResult
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> Project {
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            let project = try store.project(id: id)
            var changes = ChangeSet(UserAction(.deleteProject(id), at: now), undoOn: project.boardID)
            changes.record(.deleted(project.state), of: project)
            // A star goes with its project.
            if let star = try store.favourite(for: .project(id)) { changes.delete(star.id) }
            changes.delete(id)
            return (changes, project)
        }
    }
}
