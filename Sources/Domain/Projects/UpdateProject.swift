import Foundation

/// Replaces a project's title, body, deadline and repeat rule, after validating them (a repeating
/// project's deadline and schedule follow ``ProjectSchedule``).
public struct UpdateProject: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Changes projects in `store`, with the clock and the calendar of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Returns: The project, and whether the draft changed anything (nothing is saved if not).
    /// - Throws: ``RepositoryError/invalid(_:)`` (a broken rule, or a repeat rule with no day
    ///   left), ``RepositoryError/notFound(_:)``.
    /// - Complexity: one read and one save.
    @discardableResult
    public func callAsFunction(_ id: Project.ID, with draft: ProjectDraft) async throws(RepositoryError)
        -> ProjectChange
    {
        let draft = try ProjectDraft.validated(draft)
        let now = environment.now()
        let today = Day(containing: now, in: environment.calendar)
        return try await store.write { store throws(RepositoryError) in
            let current = try store.project(id: id)
            var draft = draft
            if draft.labels == nil { draft.labels = current.labels }
            guard current.draft != draft else { return (nil, ProjectChange(project: current, isChanged: false)) }
            try ProjectDraft.requireLabels(draft.labels, on: current.boardID, in: store)
            var project = try current.applying(draft, today: today)
            project.updatedAt = now
            var changes = ChangeSet(UserAction(.editProject(id, draft), at: now), undoOn: project.boardID)
            changes.update(project)
            changes.record(.edited, of: project)
            return (changes, ProjectChange(project: project, isChanged: true))
        }
    }
}
