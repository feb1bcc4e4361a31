import ProjectManagerDomain

/// One search result as the screen shows it: the title and a line of the body, with the
/// characters that matched.
public struct SearchRow: Identifiable, Hashable, Sendable {
    /// The most characters of the body a row shows around its first match.
    public static let snippetLimit = 60

    public let id: Project.ID
    /// The project's title.
    public let title: String
    /// Character offsets into ``title`` to highlight, in order.
    public let titleMatches: [Range<Int>]
    /// A line of the body around its first match, or its start; "…" where it was cut.
    public let snippet: String
    /// Character offsets into ``snippet`` to highlight, in order.
    public let snippetMatches: [Range<Int>]
    /// The board's title, when the search covers every board.
    public let board: String?
    /// The column's name: "To Do", "진행 중".
    public let state: String
    /// The deadline as the locale writes it.
    public let deadline: String?
    /// The project found, whole, for a front end that shows more than the row's texts (a command
    /// line's JSON); `nil` when the row was made without it.
    public let project: Project?

    /// A row, as the search screen shows it.
    public init(
        id: Project.ID, title: String, titleMatches: [Range<Int>], snippet: String, snippetMatches: [Range<Int>],
        board: String?, state: String, deadline: String?, project: Project? = nil
    ) {
        self.project = project
        self.id = id
        self.title = title
        self.titleMatches = titleMatches
        self.snippet = snippet
        self.snippetMatches = snippetMatches
        self.board = board
        self.state = state
        self.deadline = deadline
    }

    /// ``titleMatches`` as indices into ``title``, for an attributed string.
    public var titleMatchIndices: [Range<String.Index>] { SearchResult.indices(of: titleMatches, in: title) }

    /// ``snippetMatches`` as indices into ``snippet``.
    public var snippetMatchIndices: [Range<String.Index>] { SearchResult.indices(of: snippetMatches, in: snippet) }

    /// The body on one line, cut to ``snippetLimit`` characters around the first match, and
    /// the matches moved to the snippet's offsets (those outside it left out).
    static func snippet(of body: String, matches: [Range<Int>]) -> (text: String, matches: [Range<Int>]) {
        let characters = body.map { $0.isNewline ? " " : $0 }
        let first = matches.first?.lowerBound ?? 0
        // A few words of context before the match, and the rest of the line after it.
        let start = characters.count <= snippetLimit ? 0 : max(0, min(first - 20, characters.count - snippetLimit))
        let end = min(characters.count, start + snippetLimit)
        let lead = start > 0 ? "…" : ""
        let text = lead + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        let shift = lead.count - start
        let shown = matches.compactMap { range -> Range<Int>? in
            let clipped = range.clamped(to: start..<end)
            return clipped.isEmpty ? nil : (clipped.lowerBound + shift)..<(clipped.upperBound + shift)
        }
        return (text, shown)
    }
}

/// What the search screen shows.
public enum SearchState: Hashable, Sendable {
    /// Nothing is typed: what search does.
    case prompt(String)
    /// Nothing matches what is typed.
    case noResults(String)
    /// The best results.
    case results(SearchSnapshot)
}

/// The results of one query, best first.
public struct SearchSnapshot: Hashable, Sendable {
    /// The query as typed.
    public let query: String
    /// "3 results", or "Showing the best 50 of 120".
    public let summary: String
    /// The rows, best first.
    public let rows: [SearchRow]
    /// How many projects matched, shown or not.
    public let totalCount: Int

    /// The results of `query`, as the search screen shows them.
    public init(query: String, summary: String, rows: [SearchRow], totalCount: Int) {
        self.query = query
        self.summary = summary
        self.rows = rows
        self.totalCount = totalCount
    }
}
