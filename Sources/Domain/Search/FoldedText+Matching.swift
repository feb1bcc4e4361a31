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
    case title
    case body

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How well a project matched a query: the field and kind of its weakest word's best match.
///
/// Orders title before body, then whole word before prefix before infix.
public struct SearchRelevance: Sendable, Hashable, Comparable, Codable {
    public var field: SearchField
    public var kind: SearchMatchKind

    public init(field: SearchField, kind: SearchMatchKind) {
        self.field = field
        self.kind = kind
    }

    /// 0 (a whole word of the title) to 5 (inside a word of the body).
    var score: Int { field.rawValue * 3 + kind.rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.score < rhs.score }
}

extension FoldedText {
    /// One match of a term: its bytes and its kind.
    struct Match: Hashable {
        var range: Range<Int>
        var kind: SearchMatchKind
    }

    /// The field's byte range.
    func range(of field: SearchField) -> Range<Int> {
        field == .title ? title : body
    }

    /// The best relevance of every term, or `nil` when a term matches nowhere.
    ///
    /// - Complexity: O(*n* · *m*) for *n* bytes of text and *m* of the query, at worst; a whole
    ///   word in the title ends the search for a term.
    func relevance(of terms: [SearchTerm]) -> (weakest: SearchRelevance, total: Int)? {
        var weakest = SearchRelevance(field: .title, kind: .wholeWord)
        var total = 0
        for term in terms {
            var best: SearchRelevance?
            search: for field in [SearchField.title, .body] {
                var found = false
                forEachMatch(of: term, in: range(of: field)) { match in
                    found = true
                    let relevance = SearchRelevance(field: field, kind: match.kind)
                    if best.map({ relevance < $0 }) ?? true { best = relevance }
                    return match.kind != .wholeWord
                }
                if found { break search }
            }
            guard let best else { return nil }
            weakest = max(weakest, best)
            total += best.score
        }
        return (weakest, total)
    }

    /// The character ranges of every match of every term in `field`, merged where they overlap or
    /// touch, in order.
    func matchedCharacters(of terms: [SearchTerm], in field: SearchField) -> [Range<Int>] {
        let bytes = range(of: field)
        var ranges: [Range<Int>] = []
        for term in terms {
            forEachMatch(of: term, in: bytes) { match in
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
        var offset = bytes.lowerBound
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

    /// Calls `body` with each match of `term` in `field`, in order, while it returns `true`.
    func forEachMatch(of term: SearchTerm, in field: Range<Int>, _ body: (Match) -> Bool) {
        guard let first = term.segments.first, !field.isEmpty else { return }
        storage.withUnsafeBufferPointer { buffer in
            var start = field.lowerBound
            while start < field.upperBound {
                if case .bytes(let bytes) = first {
                    // Skip to the next occurrence of the first byte.
                    let lead = bytes[0]
                    while start < field.upperBound, buffer[start] != lead { start += 1 }
                    if start == field.upperBound { return }
                }
                if isUnitStart(start), let end = matchEnd(of: term.segments, from: start, in: field, buffer) {
                    let startsWord = start == field.lowerBound || !SearchFolding.isWordScalar(scalar(before: start))
                    let endsWord = end == field.upperBound || !SearchFolding.isWordScalar(scalar(at: end).value)
                    let kind: SearchMatchKind = startsWord ? (endsWord ? .wholeWord : .prefix) : .infix
                    guard body(Match(range: start..<end, kind: kind)) else { return }
                }
                start += 1
            }
        }
    }

    /// Where a match of `segments` starting at unit start `start` ends, or `nil` when they do not
    /// match there. A match ends on a unit boundary.
    private func matchEnd(
        of segments: [SearchTerm.Segment], from start: Int, in field: Range<Int>, _ buffer: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        var offset = start
        for segment in segments {
            switch segment {
            case .bytes(let bytes):
                guard field.upperBound - offset >= bytes.count else { return nil }
                for byte in bytes {
                    guard buffer[offset] == byte else { return nil }
                    offset += 1
                }
            case .initial(let consonant):
                guard offset < field.upperBound, isUnitStart(offset),
                      Hangul.initial(of: scalar(at: offset).value) == consonant
                else { return nil }
                offset = unitEnd(from: offset)
            }
        }
        return isUnitStart(offset) ? offset : nil
    }
}
