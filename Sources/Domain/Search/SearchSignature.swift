/// Which adjacent pairs of folded scalars a text holds, hashed into 256 bits: a query's pairs must
/// all be present for the text to match, so most texts are rejected without reading them.
///
/// Besides plain pairs, Hangul text records pairs of leading consonants, so that an
/// initial-consonant query (`ㅂㄱㅅ`) has pairs to test too.
package struct SearchSignature: Sendable, Hashable {
    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    private enum Pair: UInt32 {
        /// Two scalars in a row.
        case scalars = 0
        /// The leading consonants of two units in a row.
        case initials = 0xA2A2_A2A2
    }

    package init() {}

    /// Records two folded scalars in a row.
    mutating func insert(_ first: UInt32, _ second: UInt32) {
        set(Self.bit(first, second, .scalars))
    }

    /// Records the leading consonants of a unit that starts with `previous` and of the next,
    /// which starts with `next`, when both are Hangul.
    ///
    /// Only consonant pairs are kept, not a syllable beside a consonant: a mixed query (`보ㄱ`)
    /// tests its syllables' leading consonants, and fewer bits keep the signature selective.
    mutating func insertAdjacentUnits(_ previous: UInt32, _ next: UInt32) {
        guard let previousInitial = Hangul.initial(of: previous), let nextInitial = Hangul.initial(of: next) else {
            return
        }
        set(Self.bit(previousInitial, nextInitial, .initials))
    }

    /// The pairs a text must hold for `term` to match in it.
    ///
    /// A syllable beside a consonant (`보ㄱ`, `ㄱ서`) requires the pair of their leading consonants
    /// where the syllable surely begins its unit: after a consonant, whose unit ends where the
    /// syllable's begins, or first in the term, where a match begins a unit. (Inside a term, a
    /// syllable may end a unit it does not begin, as `고` ends `㉼`, 참고.)
    init(requiredBy term: SearchTerm) {
        for (offset, (left, right)) in zip(term.elements, term.elements.dropFirst()).enumerated() {
            switch (left, right) {
            case (.scalar(let a), .scalar(let b)): set(Self.bit(a, b, .scalars))
            case (.initial(let a), .initial(let b)): set(Self.bit(a, b, .initials))
            case (.scalar(let a), .initial(let b)):
                if offset == 0, let initial = Hangul.initial(of: a) { set(Self.bit(initial, b, .initials)) }
            case (.initial(let a), .scalar(let b)):
                if let initial = Hangul.initial(of: b) { set(Self.bit(a, initial, .initials)) }
            }
        }
    }

    /// Adds every pair of `other`.
    mutating func formUnion(_ other: SearchSignature) {
        words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
    }

    /// Whether every pair of `required` may be present here.
    @inlinable
    package func mayContain(_ required: SearchSignature) -> Bool {
        words.0 & required.words.0 == required.words.0 && words.1 & required.words.1 == required.words.1
            && words.2 & required.words.2 == required.words.2 && words.3 & required.words.3 == required.words.3
    }

    package static func == (lhs: SearchSignature, rhs: SearchSignature) -> Bool {
        lhs.words == rhs.words
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    private static func bit(_ first: UInt32, _ second: UInt32, _ pair: Pair) -> Int {
        var mixed = (UInt64(first) << 32 | UInt64(second ^ pair.rawValue)) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: mixed >> 56)
    }

    private mutating func set(_ bit: Int) {
        let mask = UInt64(1) << UInt64(bit & 63)
        switch bit >> 6 {
        case 0: words.0 |= mask
        case 1: words.1 |= mask
        case 2: words.2 |= mask
        default: words.3 |= mask
        }
    }
}
