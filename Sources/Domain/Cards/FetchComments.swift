/// Reads a card's comments, newest first.
///
/// ```swift
/// for comment in try await fetchComments(card.id) { print(comment.text) }
/// ```
public struct FetchComments: Sendable {
    private let projects: any ProjectRepository

    /// A use case that reads `projects`.
    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// The card's comments, newest first.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* comments.
    public func callAsFunction(_ card: Project.ID) async throws(RepositoryError) -> [Comment] {
        try await projects.comments(of: card)
    }
}
