import Foundation

/// Skips the occurrence a repeating project waits for: "not this one". The day becomes an
/// exception of its schedule (`EXDATE`) and the project is due on the next occurrence; when the
/// schedule has no other, the project goes last in Done.
///
/// ```swift
/// let change = try await skipOccurrence(id)   // change.project.deadline: the next occurrence
/// ```
/// Only the project is written, with one history entry; undo puts the occurrence back.
public struct SkipOccurrence: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Skips occurrences in `store`, with the clock and the calendar of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Returns: The project as saved.
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/noOccurrenceToSkip`` when
    ///   the project does not repeat or is done, ``RepositoryError/notFound(_:)``.
    /// - Complexity: the cost of finding one occurrence, plus one save.
    @discardableResult
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> ProjectChange {
        let now = environment.now()
        let today = Day(containing: now, in: environment.calendar)
        return try await store.write { store throws(RepositoryError) in
            var project = try store.project(id: id)
            let skip = try project.skippingOccurrence(today: today)
            project.recurrence = skip.recurrence
            if let next = skip.next {
                project.deadline = next
            } else {
                let done = try store.landing(.done, onBoard: project.boardID)
                project.rank = try store.gap(at: nil, inList: done.id, onBoard: project.boardID, moving: id).rank
                project.move(to: done)
            }
            project.updatedAt = now
            var changes = ChangeSet(UserAction(.skipOccurrence(id), at: now), undoOn: project.boardID)
            changes.update(project)
            changes.record(.occurrenceSkipped(skip.skipped, next: skip.next), of: project)
            return (changes, ProjectChange(project: project, isChanged: true))
        }
    }
}
