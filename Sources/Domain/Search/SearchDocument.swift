import Foundation

/// A project as search sees it: its title and body folded once, with what ranking needs.
///
/// Make one per project when it is saved, not per query; ``SearchQuery/results(in:limit:)``
/// and the Data layer's index match queries against these.
public struct SearchDocument: Sendable, Identifiable {
    public let id: Project.ID
    /// The board the project is on, for a search scoped to one board.
    public let boardID: Board.ID
    /// When the project last changed: the tie-breaker, most recent first.
    public let updatedAt: Date
    package let text: FoldedText

    /// Folds the project's title and body.
    ///
    /// - Complexity: O(*n*) in the length of the title and body.
    public init(_ project: Project) {
        id = project.id
        boardID = project.boardID
        updatedAt = project.updatedAt
        text = FoldedText(title: project.title, body: project.body)
    }

    /// The bytes the document holds for its folded text, for measuring an index.
    public var foldedByteCount: Int { text.storage.count }

    /// Whether the document may match `query`, judged from its signature alone: `false` means
    /// it certainly does not.
    ///
    /// - Complexity: O(1).
    public func mayMatch(_ query: SearchQuery) -> Bool {
        text.signature.mayContain(query.signature)
    }

    /// How well the document matches `query`, or `nil` when some word matches neither the title
    /// nor the body.
    /// - Complexity: O(*n*) in the length of the title and the body.
    public func rank(for query: SearchQuery) -> SearchRank? {
        guard !query.isEmpty, mayMatch(query), let relevance = text.withView({ $0.relevance(of: query.terms) }) else {
            return nil
        }
        return SearchRank(relevance: relevance.weakest, total: relevance.total, updatedAt: updatedAt, id: id)
    }

    /// The character ranges in the title and the body that the query's words match.
    /// - Complexity: O(*n*) in the length of the title and the body.
    public func matches(for query: SearchQuery) -> (title: [Range<Int>], body: [Range<Int>]) {
        text.withView { view in
            (view.matchedCharacters(of: query.terms, in: .title), view.matchedCharacters(of: query.terms, in: .body))
        }
    }
}

/// Where a document ranks for a query: earlier ranks first.
///
/// By relevance (title before body, whole word before prefix before infix, for the weakest word),
/// then by the sum over the words, then most recently changed first, then by id.
public struct SearchRank: Sendable, Hashable, Comparable {
    /// How well the weakest word of the query matched.
    public let relevance: SearchRelevance
    let total: Int
    /// When the project last changed: among equals, the most recent ranks first.
    public let updatedAt: Date
    /// The project: the last tie-breaker.
    public let id: Project.ID

    package init(relevance: SearchRelevance, total: Int, updatedAt: Date, id: Project.ID) {
        self.relevance = relevance
        self.total = total
        self.updatedAt = updatedAt
        self.id = id
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.relevance != rhs.relevance { return lhs.relevance < rhs.relevance }
        if lhs.total != rhs.total { return lhs.total < rhs.total }
        if lhs.updatedAt != rhs.updatedAt { return lhs.updatedAt > rhs.updatedAt }
        return lhs.id.rawValue < rhs.id.rawValue
    }
}

/// One project a search found, with the characters to highlight.
public struct SearchResult: Sendable, Hashable, Identifiable {
    /// The project found.
    public var project: Project
    /// How well it matched.
    public var relevance: SearchRelevance
    /// Character offsets into `project.title` that matched, in order, not overlapping.
    public var titleMatches: [Range<Int>]
    /// Character offsets into `project.body` that matched, in order, not overlapping.
    public var bodyMatches: [Range<Int>]

    public var id: Project.ID { project.id }

    /// A result for `project`, with the character ranges of its title and body to highlight.
    public init(project: Project, relevance: SearchRelevance, titleMatches: [Range<Int>], bodyMatches: [Range<Int>]) {
        self.project = project
        self.relevance = relevance
        self.titleMatches = titleMatches
        self.bodyMatches = bodyMatches
    }

    /// The title's matched ranges as indices into `project.title`, for an attributed string.
    public var titleMatchIndices: [Range<String.Index>] { Self.indices(of: titleMatches, in: project.title) }

    /// The body's matched ranges as indices into `project.body`.
    public var bodyMatchIndices: [Range<String.Index>] { Self.indices(of: bodyMatches, in: project.body) }

    /// Character offsets to string indices, walking the text once.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func indices(of ranges: [Range<Int>], in text: String) -> [Range<String.Index>] {
        var indices: [Range<String.Index>] = []
        var index = text.startIndex
        var offset = 0
        for range in ranges {
            guard let start = text.index(index, offsetBy: range.lowerBound - offset, limitedBy: text.endIndex),
                let end = text.index(start, offsetBy: range.count, limitedBy: text.endIndex)
            else { break }
            indices.append(start..<end)
            (index, offset) = (end, range.upperBound)
        }
        return indices
    }
}

/// What a search found: the best results and how many there were in all.
public struct SearchResults: Sendable, Hashable {
    /// The best results, best first, at most the limit asked for.
    public var items: [SearchResult]
    /// How many projects matched, shown or not.
    public var totalCount: Int

    /// Results; by default none.
    public init(items: [SearchResult] = [], totalCount: Int = 0) {
        self.items = items
        self.totalCount = totalCount
    }
}

extension SearchQuery {
    /// The documents that match, best first: at most `limit` of them, with their ranks, and how
    /// many matched in all.
    ///
    /// - Complexity: O(*n*) signature tests for *n* documents, then matching for those that pass,
    ///   then O(*k* log *k*) to order *k* matches.
    public func ranked<Documents: Sequence<SearchDocument>>(
        _ documents: Documents, limit: Int? = nil
    ) -> (best: [(document: SearchDocument, rank: SearchRank)], total: Int) {
        guard !isEmpty else { return ([], 0) }
        var found: [(document: SearchDocument, rank: SearchRank)] = []
        for document in documents {
            if let rank = document.rank(for: self) { found.append((document, rank)) }
        }
        let total = found.count
        found.sort { $0.rank < $1.rank }
        if let limit, found.count > limit { found.removeSubrange(max(limit, 0)...) }
        return (found, total)
    }

    /// The projects that match, best first, with their highlights: a search over projects at hand,
    /// folding each one; an index folds each once instead.
    public func results(in projects: [Project], limit: Int? = nil) -> SearchResults {
        let byID = Dictionary(projects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ranked = ranked(projects.lazy.map(SearchDocument.init), limit: limit)
        let items = ranked.best.compactMap { document, rank -> SearchResult? in
            guard let project = byID[document.id] else { return nil }
            let matches = document.matches(for: self)
            return SearchResult(
                project: project, relevance: rank.relevance, titleMatches: matches.title, bodyMatches: matches.body)
        }
        return SearchResults(items: items, totalCount: ranked.total)
    }
}
