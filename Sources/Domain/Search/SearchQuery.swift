import Foundation

/// What the user typed into a search field, folded once for matching.
///
/// The text is split at white space into words; a project matches when every word occurs in its
/// title or its body. Matching ignores case, width and diacritics, and treats composed (NFC) and
/// decomposed (NFD) text alike. A Hangul consonant typed on its own (`ㅂ`) matches any syllable that
/// begins with it, so `ㅂㄱㅅ` and `보ㄱ` both find 보고서.
///
/// ```swift
/// let query = SearchQuery("ㅂㄱㅅ 2026")
/// query.words // ["ㅂㄱㅅ", "2026"]
/// ```
public struct SearchQuery: Sendable, Hashable {
    /// The text as typed.
    public let text: String
    /// The words, in the order typed, without repeats.
    public let words: [String]
    package let terms: [SearchTerm]
    /// The pairs a text must hold for every word to match in it.
    package let signature: SearchSignature

    /// Parses a query.
    /// - Complexity: O(*n*) in the length of `text`.
    public init(_ text: String) {
        self.text = text
        var words: [String] = []
        var terms: [SearchTerm] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            let term = SearchTerm(word)
            guard !term.elements.isEmpty, !terms.contains(term) else { continue }
            words.append(String(word))
            terms.append(term)
        }
        self.words = words
        self.terms = terms
        var signature = SearchSignature()
        for term in terms { signature.formUnion(SearchSignature(requiredBy: term)) }
        self.signature = signature
    }

    /// Whether there is nothing to search for: the text is empty or white space.
    public var isEmpty: Bool { terms.isEmpty }
}

/// One folded word of a query.
package struct SearchTerm: Sendable, Hashable {
    /// A folded scalar the text must hold, or a Hangul leading consonant a unit must begin with.
    enum Element: Sendable, Hashable {
        case scalar(UInt32)
        case initial(UInt32)
    }

    /// One step of matching: the bytes `pattern[start..<end]` must be equal, or, when
    /// `consonant` is not 0, a unit must begin with that leading consonant.
    struct Step: Sendable, Hashable {
        var start: Int
        var end: Int
        var consonant: UInt32
    }

    let elements: [Element]
    /// The bytes of every run, one after another.
    let pattern: [UInt8]
    let steps: [Step]

    init(_ word: Substring) {
        var elements: [Element] = []
        var pattern: [UInt8] = []
        var steps: [Step] = []
        var runStart = 0
        var scalars: [Unicode.Scalar] = []
        func endRun() {
            if pattern.count > runStart { steps.append(Step(start: runStart, end: pattern.count, consonant: 0)) }
            runStart = pattern.count
        }
        for character in word {
            scalars.removeAll(keepingCapacity: true)
            SearchFolding.fold(character, into: &scalars)
            if scalars.allSatisfy({ Hangul.isLeading($0.value) }) {
                // Consonants alone (`ㅂ`, or conjoining `ᄇᄀ`, one character in NFD): initials.
                endRun()
                for scalar in scalars {
                    elements.append(.initial(scalar.value))
                    steps.append(Step(start: runStart, end: runStart, consonant: scalar.value))
                }
            } else {
                elements.append(contentsOf: scalars.map { .scalar($0.value) })
                for scalar in scalars { pattern.append(contentsOf: String(scalar).utf8) }
            }
        }
        endRun()
        self.elements = elements
        self.pattern = pattern
        self.steps = steps
    }
}
