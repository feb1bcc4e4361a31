/// Where projects are searched: an index over every project's title and body.
///
/// Implementations keep their index up to date with every save, so that a search made after a
/// save returns, or in answer to a ``ProjectRepository/changes()`` event, sees it.
public protocol ProjectSearchRepository: Sendable {
    /// The projects that match `query` on `board` (every board when `nil`), best first, at most
    /// `limit` of them (all when `nil`), with how many matched in all.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: The index's; the engine's (`ProjectSearchIndex`) tests a signature of every
    ///   project, then matches the text of those that pass.
    func searchProjects(matching query: SearchQuery, onBoard board: Board.ID?, limit: Int?)
        async throws(RepositoryError) -> SearchResults
}
