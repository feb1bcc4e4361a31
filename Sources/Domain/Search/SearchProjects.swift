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
}
