/// How a word matched: the kinds rank in this order.
public enum SearchMatchKind: Int, Sendable, Hashable, Comparable, Codable {
    /// The word is a whole word of the text.
    case wholeWord
    /// The word begins a word of the text.
    case prefix
    /// The word is inside a word of the text.
    case infix

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a word matched: the title ranks before the body.
public enum SearchField: Int, Sendable, Hashable, Comparable, Codable {
    /// The project's title.
    case title
    /// The project's body.
    case body

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How well a project matched a query: the field and kind of its weakest word's best match.
///
/// Orders title before body, then whole word before prefix before infix.
public struct SearchRelevance: Sendable, Hashable, Comparable, Codable {
    /// Where the word matched.
    public var field: SearchField
    /// How the word matched: whole, as a prefix, or inside a word.
    public var kind: SearchMatchKind

    /// A relevance for a match of `kind` in `field`.
    public init(field: SearchField, kind: SearchMatchKind) {
        self.field = field
        self.kind = kind
    }

    /// 0 (a whole word of the title) to 5 (inside a word of the body).
    var score: Int { field.rawValue * 3 + kind.rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.score < rhs.score }
}

extension FoldedTextView {
    /// The best relevance of every term, or `nil` when a term matches nowhere.
    ///
    /// - Complexity: O(*n* · *m*) for *n* bytes of text and *m* of the query, at worst; a whole
    ///   word in the title ends the search for a term.
    package func relevance(of terms: [SearchTerm]) -> (weakest: SearchRelevance, total: Int)? {
        var weakest = SearchRelevance(field: .title, kind: .wholeWord)
        var total = 0
        // By index: iterating would copy each term, retaining its arrays, once per project.
        for index in terms.indices {
            guard let best = bestMatch(of: terms[index], in: .title) ?? bestMatch(of: terms[index], in: .body) else {
                return nil
            }
            weakest = max(weakest, best)
            total += best.score
        }
        return (weakest, total)
    }

    /// The relevance of the term's best match in `field`, if it matches there.
    private func bestMatch(of term: SearchTerm, in field: SearchField) -> SearchRelevance? {
        var best: SearchMatchKind?
        self.field(field).forEachMatch(of: term) { match in
            if best.map({ match.kind < $0 }) ?? true { best = match.kind }
            return match.kind != .wholeWord
        }
        return best.map { SearchRelevance(field: field, kind: $0) }
    }

    /// The character ranges of every match of every term in `field`, merged where they overlap or
    /// touch, in order.
    package func matchedCharacters(of terms: [SearchTerm], in field: SearchField) -> [Range<Int>] {
        self.field(field).matchedCharacters(of: terms)
    }
}

extension FoldedFieldView {
    /// One match of a term: its bytes and its kind.
    struct Match: Hashable {
        var range: Range<Int>
        var kind: SearchMatchKind
    }

    /// The character ranges of every match of every term, merged where they overlap or touch, in
    /// order.
    func matchedCharacters(of terms: [SearchTerm]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for term in terms {
            forEachMatch(of: term) { match in
                ranges.append(match.range)
                return true
            }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        // Byte offsets to character offsets, counting units once from the field's start.
        var characters: [Range<Int>] = []
        var offset = 0
        var units = 0
        for range in merged {
            units += unitCount(in: offset..<range.lowerBound)
            let start = units
            units += unitCount(in: range)
            offset = range.upperBound
            characters.append(start..<units)
        }
        return characters
    }

    /// Calls `body` with each match of `term`, in order, while it returns `true`.
    func forEachMatch(of term: SearchTerm, _ body: (Match) -> Bool) {
        let end = bytes.count
        guard let first = term.steps.first, end > 0 else { return }
        term.pattern.withUnsafeBufferPointer { pattern in
            term.steps.withUnsafeBufferPointer { steps in
                // The pattern is folded: its first byte is lowercase, and the text may hold it as a capital.
                let lead = first.consonant == 0 ? pattern[first.start] : 0
                let capital = lead &- 0x61 < 26 ? lead - 0x20 : lead
                var start = 0
                while start < end {
                    if first.consonant == 0 {
                        // Skip to the next occurrence of the first byte.
                        while start < end, bytes[start] != lead, bytes[start] != capital { start += 1 }
                        if start == end { return }
                    }
                    if isUnitStart(start), let matchEnd = matchEnd(of: steps, pattern, from: start) {
                        let startsWord = start == 0 || !SearchFolding.isWordScalar(scalar(before: start))
                        let endsWord = matchEnd == end || !SearchFolding.isWordScalar(scalar(at: matchEnd))
                        let kind: SearchMatchKind = startsWord ? (endsWord ? .wholeWord : .prefix) : .infix
                        guard body(Match(range: start..<matchEnd, kind: kind)) else { return }
                    }
                    start += 1
                }
            }
        }
    }

    /// Where a match of `steps` starting at unit start `start` ends, or `nil` when they do not
    /// match there. A match ends on a unit boundary.
    private func matchEnd(
        of steps: UnsafeBufferPointer<SearchTerm.Step>, _ pattern: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int? {
        let end = bytes.count
        var offset = start
        for step in steps {
            if step.consonant == 0 {
                guard end - offset >= step.end - step.start else { return nil }
                for index in step.start..<step.end {
                    guard folded(offset) == pattern[index] else { return nil }
                    offset += 1
                }
            } else {
                guard offset < end, isUnitStart(offset), Hangul.initial(of: scalar(at: offset)) == step.consonant
                else { return nil }
                offset = unitEnd(from: offset)
            }
        }
        return isUnitStart(offset) ? offset : nil
    }
}
