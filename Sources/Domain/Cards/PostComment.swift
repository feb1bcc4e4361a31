import Foundation

/// Posts a comment on a card, by the account signed in (by nobody when no one is).
///
/// ```swift
/// let comment = try await postComment("Booked for Friday.\nRoom 4.", on: card.id)
/// ```
/// Only the new comment and its history entry are written.
public struct PostComment: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time and with its ids.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Posts `text` (trimmed; line breaks allowed) on `card`, as one undo step of the card's board.
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/commentEmpty`` or
    ///   ``ValidationFailure/commentTooLong(limit:)``; ``RepositoryError/notFound(_:)`` when the
    ///   card does not exist.
    /// - Complexity: one read and one save.
    @discardableResult
    public func callAsFunction(_ text: String, on card: Project.ID) async throws(RepositoryError) -> Comment {
        let text = try CardRules.checked(comment: text)
        let now = environment.now()
        let id = Comment.ID(rawValue: environment.makeID())
        return try await store.write { store throws(RepositoryError) in
            let project = try store.project(id: card)
            let comment = Comment(
                id: id, projectID: card, boardID: project.boardID, author: store.author, text: text, createdAt: now)
            var changes = ChangeSet(
                UserAction(.postComment(id, text: text, card: card), at: now), undoOn: project.boardID)
            changes.insert(comment)
            changes.record(.commented, of: project)
            return (changes, comment)
        }
    }
}
