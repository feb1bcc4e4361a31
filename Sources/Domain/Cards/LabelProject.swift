import Foundation

/// Puts a board's label on a card, or takes it off.
public struct LabelProject: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Puts `label` on the project (`on`), or takes it off; only the project is written, and a
    /// label already there (or already off) saves nothing.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project, or the label on its board,
    ///   does not exist.
    @discardableResult
    public func callAsFunction(_ id: Project.ID, label: Label.ID, on: Bool = true) async throws(RepositoryError)
        -> ProjectChange
    {
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            var project = try store.project(id: id)
            guard let found = try store.labels(onBoard: project.boardID).first(where: { $0.id == label }) else {
                throw .notFound(.label(label))
            }
            guard project.labels.contains(label) != on else {
                return (nil, ProjectChange(project: project, isChanged: false))
            }
            if on { project.labels.append(label) } else { project.labels.removeAll { $0 == label } }
            project.updatedAt = now
            var changes = ChangeSet(
                UserAction(.labelProject(id, label: label, on: on), at: now), undoOn: project.boardID)
            changes.update(project)
            changes.record(on ? .labelled(found.displayName) : .unlabelled(found.displayName), of: project)
            return (changes, ProjectChange(project: project, isChanged: true))
        }
    }
}
