import Foundation

/// Archives a card (Trello's default instead of deleting), or restores it to the end of its list.
public struct ArchiveProject: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Archives the project (`archived`), taking it off its list, or restores it last in its
    /// list; one undo step, only the project written. A project already so saves nothing.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project does not exist.
    @discardableResult
    public func callAsFunction(_ id: Project.ID, archived: Bool = true) async throws(RepositoryError) -> ProjectChange {
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            var project = try store.project(id: id)
            guard project.isArchived != archived else {
                return (nil, ProjectChange(project: project, isChanged: false))
            }
            if !archived {
                project.rank = try store.gap(at: nil, inList: project.listID, onBoard: project.boardID, moving: nil)
                    .rank
            }
            project.isArchived = archived
            project.updatedAt = now
            var changes = ChangeSet(
                UserAction(.archiveProject(id, archived: archived), at: now), undoOn: project.boardID)
            changes.update(project)
            changes.record(archived ? .archived : .restored, of: project)
            return (changes, ProjectChange(project: project, isChanged: true))
        }
    }
}
