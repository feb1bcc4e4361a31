/// Finds projects by what their titles and bodies say.
///
/// ```swift
/// let found = try await searchProjects("ㅂㄱㅅ")     // 주간 보고서, …
/// found.items.first?.titleMatchIndices               // where 보고서 is, for highlighting
/// ```
public struct SearchProjects: Sendable {
    /// The number of results a screen asks for unless it says otherwise.
    public static let defaultLimit = 50

    private let search: any ProjectSearchRepository

    /// Searches through `search`: the index of every board's titles and bodies.
    public init(search: any ProjectSearchRepository) {
        self.search = search
    }

    /// The best results for `text` (see ``SearchQuery`` for how it matches), on `board` or on
    /// every board; nothing for empty or blank text.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: As ``ProjectSearchRepository/searchProjects(matching:onBoard:limit:)``: a
    ///   signature test per project, then matching the projects that pass.
    public func callAsFunction(
        _ text: String, onBoard board: Board.ID? = nil, limit: Int? = SearchProjects.defaultLimit
    ) async throws(RepositoryError) -> SearchResults {
        let query = SearchQuery(text)
        guard !query.isEmpty else { return SearchResults() }
        return try await search.searchProjects(matching: query, onBoard: board, limit: limit)
    }

    /// The best results for `text` among the projects that carry `label`, on `board` or on every
    /// board.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: The search without a limit, then one pass over its results.
    public func callAsFunction(
        _ text: String, onBoard board: Board.ID? = nil, labelled label: Label.ID,
        limit: Int? = SearchProjects.defaultLimit
    ) async throws(RepositoryError) -> SearchResults {
        let all = try await callAsFunction(text, onBoard: board, limit: nil)
        let kept = all.items.filter { $0.project.labels.contains(label) }
        return SearchResults(items: Array(kept.prefix(limit ?? kept.count)), totalCount: kept.count)
    }
}
