import Foundation

/// Deletes a comment: only its author may.
///
/// ```swift
/// try await deleteComment(comment.id)
/// ```
public struct DeleteComment: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Deletes the comment `id`, as one undo step of its card's board. Only its author may
    /// (``Comment/isEditable(by:)``).
    /// - Returns: The deleted comment.
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/notYourComment`` for
    ///   another's comment; ``RepositoryError/notFound(_:)`` when the comment does not exist.
    /// - Complexity: two reads and one save.
    @discardableResult
    public func callAsFunction(_ id: Comment.ID) async throws(RepositoryError) -> Comment {
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            let comment = try store.comment(id: id)
            try CardRules.requireAuthor(of: comment, is: store.author)
            let project = try store.project(id: comment.projectID)
            var changes = ChangeSet(UserAction(.deleteComment(id), at: now), undoOn: project.boardID)
            changes.delete(id)
            changes.record(.commentDeleted, of: project)
            return (changes, comment)
        }
    }
}
