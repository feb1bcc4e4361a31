/// Links a board to a GitHub repository, replacing any link it had: its cards then sync with the
/// repository's issues (``SyncBoardWithGitHub``).
///
/// ```swift
/// try await linkBoardToGitHub(board.id, to: GitHubRepositoryName("octocat/hello-world"))
/// ```
public struct LinkBoardToGitHub: Sendable {
    private let links: any GitHubLinkRepository

    /// Links boards through `links`.
    public init(links: any GitHubLinkRepository) {
        self.links = links
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist (or is another
    ///   account's), ``RepositoryError/storage(_:)``.
    /// - Complexity: One read and one save.
    public func callAsFunction(_ board: Board.ID, to repository: GitHubRepositoryName) async throws(RepositoryError) {
        try await links.link(board, to: repository)
    }
}
