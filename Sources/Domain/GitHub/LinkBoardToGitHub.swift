/// Links a board to a GitHub repository, replacing any link it had: its cards then sync with the
/// repository's issues (``SyncBoardWithGitHub``).
///
/// ```swift
/// try await linkBoardToGitHub(board.id, to: GitHubRepositoryName("octocat/hello-world"), createsIssues: true)
/// ```
public struct LinkBoardToGitHub: Sendable {
    private let links: any GitHubLinkRepository

    /// Links boards through `links`.
    public init(links: any GitHubLinkRepository) {
        self.links = links
    }

    /// - Parameters:
    ///   - createsIssues: Whether a card without an issue becomes one.
    ///   - closesDeletedIssues: Whether a deleted card closes its issue, as not planned.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist (or is another
    ///   account's), ``RepositoryError/storage(_:)``.
    public func callAsFunction(
        _ board: Board.ID, to repository: GitHubRepositoryName, createsIssues: Bool = false,
        closesDeletedIssues: Bool = false
    ) async throws(RepositoryError) {
        try await links.save(
            GitHubBoardLink(
                board: board, repository: repository, createsIssues: createsIssues,
                closesDeletedIssues: closesDeletedIssues))
    }
}
