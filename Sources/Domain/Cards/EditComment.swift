import Foundation

/// Gives a comment new text: only its author may.
///
/// ```swift
/// let edited = try await editComment(comment.id, to: "Booked for Friday. Room 5.")
/// edited.editedAt   // now
/// ```
public struct EditComment: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Replaces the text of the comment `id` with `text` (trimmed) and dates the edit, as one
    /// undo step of its card's board; the same text saves nothing.
    ///
    /// Only the comment's author may edit it: the account signed in that wrote it, or, signed out,
    /// a comment written while nobody was signed in (``Comment/isEditable(by:)``).
    /// - Returns: The comment as it is now.
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/notYourComment`` for
    ///   another's comment, or ``ValidationFailure/commentEmpty`` or
    ///   ``ValidationFailure/commentTooLong(limit:)``; ``RepositoryError/notFound(_:)`` when the
    ///   comment does not exist.
    /// - Complexity: two reads and one save.
    @discardableResult
    public func callAsFunction(_ id: Comment.ID, to text: String) async throws(RepositoryError) -> Comment {
        let text = try CardRules.checked(comment: text)
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            let old = try store.comment(id: id)
            try CardRules.requireAuthor(of: old, is: store.author)
            guard text != old.text else { return (nil, old) }
            let project = try store.project(id: old.projectID)
            var comment = old
            comment.text = text
            comment.editedAt = now
            var changes = ChangeSet(UserAction(.editComment(id, text: text), at: now), undoOn: project.boardID)
            changes.update(comment)
            changes.record(.commentEdited, of: project)
            return (changes, comment)
        }
    }
}
