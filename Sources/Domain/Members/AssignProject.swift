import Foundation

/// Assigns a card to one of its board's owner and members, or takes the assignment off.
public struct AssignProject: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Assigns the project to `account` (`assigned`), or no longer; only the project is written,
    /// and an assignment already so saves nothing.
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/notAMember`` for an
    ///   account that is neither the board's owner nor a member; ``RepositoryError/notFound(_:)``.
    @discardableResult
    public func callAsFunction(_ id: Project.ID, to account: Account.ID, assigned: Bool = true)
        async throws(RepositoryError) -> ProjectChange
    {
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            var project = try store.project(id: id)
            if assigned, !(try store.board(id: project.boardID).mayBeAssigned(account)) {
                throw .invalid(ValidationError([.notAMember]))
            }
            guard project.assignees.contains(account) != assigned else {
                return (nil, ProjectChange(project: project, isChanged: false))
            }
            if assigned { project.assignees.append(account) } else { project.assignees.removeAll { $0 == account } }
            project.updatedAt = now
            var changes = ChangeSet(
                UserAction(.assignProject(id, account: account, assigned: assigned), at: now), undoOn: project.boardID)
            changes.update(project)
            changes.record(assigned ? .assigned : .unassigned, of: project)
            return (changes, ProjectChange(project: project, isChanged: true))
        }
    }
}
