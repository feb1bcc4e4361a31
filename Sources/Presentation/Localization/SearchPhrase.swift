/// The text of the search screen, as a key with its arguments.
public enum SearchPhrase: Hashable, Sendable {
    /// The screen's title.
    case title
    /// The search field's placeholder.
    case placeholder
    /// What the screen says before anything is typed.
    case prompt
    /// What the screen says when nothing matches the query as typed.
    case noResults(query: String)
    /// How many projects matched: "3 results".
    case resultCount(Int)
    /// That only the best results are shown: "Showing 50 of 120".
    case showing(Int, of: Int)
}
