/// A card's place in its column: a key that sorts between any two neighbours without touching them.
///
/// Ranks are fractional-indexing keys over the 62 ASCII digits `0-9A-Za-z`, compared byte by byte.
/// A key is an integer part (a head letter that gives its length, then that many digits) and an
/// optional fraction. Putting a card last or first steps the integer part, so keys grow with the
/// logarithm of the column's length; putting a card between two others takes the midpoint of their
/// fractions, one digit longer at most. No other card changes:
///
/// ```swift
/// let first = Rank.initial                      // "a0"
/// let second = Rank.after(first)                // "a1"
/// let middle = Rank.between(first, second)      // "a0V"
/// ```
///
/// What a screen shows as a position (0, 1, 2, …) is derived from the order of the ranks, never stored.
public struct Rank: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The key's text, compared byte by byte.
    public let rawValue: String

    /// Wraps a key's text.
    /// - Throws: ``RankError`` when the text is not a well-formed key.
    public init(parsing text: String) throws(RankError) {
        let digits = Array(text.utf8)
        guard let integerLength = Self.integerLength(of: digits) else { throw RankError(text: text) }
        let fraction = digits.dropFirst(integerLength)
        guard digits.count >= integerLength,
            digits.allSatisfy({ Self.value(of: $0) != nil }),
            fraction.last != Self.zeroDigit
        else { throw RankError(text: text) }
        rawValue = text
    }

    private init(digits: [UInt8]) {
        rawValue = String(decoding: digits, as: UTF8.self)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try Rank(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: Rank, rhs: Rank) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    // MARK: - Making ranks

    /// The rank of the first card of an empty column.
    public static let initial = Rank(digits: [headOfOneDigit, zeroDigit])

    /// A rank after `rank`, and before every rank after it that ``after(_:)`` could give.
    ///
    /// - Complexity: O(*k*) for a key of *k* characters.
    public static func after(_ rank: Rank) -> Rank {
        let digits = Array(rank.rawValue.utf8)
        return Rank(digits: increment(integerPart(of: digits)))
    }

    /// A rank before `rank`.
    ///
    /// - Complexity: O(*k*) for a key of *k* characters.
    public static func before(_ rank: Rank) -> Rank {
        let digits = Array(rank.rawValue.utf8)
        let integer = integerPart(of: digits)
        // A key with a fraction is after its integer part alone.
        return Rank(digits: digits.count > integer.count ? integer : decrement(integer))
    }

    /// A rank strictly between two ranks; `nil` stands for the start or the end of the column.
    ///
    /// When `lower` is not before `upper` (neighbours with equal keys, from data this engine did
    /// not write), the result is after `lower`.
    /// - Complexity: O(*k*) for keys of *k* characters.
    public static func between(_ lower: Rank?, _ upper: Rank?) -> Rank {
        switch (lower, upper) {
        case (nil, nil): return initial
        case (let lower?, nil): return after(lower)
        case (nil, let upper?): return before(upper)
        case (let lower?, let upper?):
            guard lower < upper else { return after(lower) }
            let low = Array(lower.rawValue.utf8)
            let high = Array(upper.rawValue.utf8)
            let lowInteger = integerPart(of: low)
            let highInteger = integerPart(of: high)
            if lowInteger == highInteger {
                let fraction = midpoint(
                    Array(low.dropFirst(lowInteger.count)), Array(high.dropFirst(highInteger.count)))
                return Rank(digits: lowInteger + fraction)
            }
            let next = increment(lowInteger)
            if next.lexicographicallyPrecedes(high) { return Rank(digits: next) }
            return Rank(digits: lowInteger + midpoint(Array(low.dropFirst(lowInteger.count)), nil))
        }
    }

    /// The rank of the `ordinal`th card (from 0) of a column ranked in steps: ranks of greater
    /// ordinals sort after. This is how stores that kept positions (0, 1, 2, …) are migrated.
    ///
    /// - Complexity: O(log *ordinal*).
    public init(ordinal: Int) {
        var value = max(ordinal, 0)
        var digits: [UInt8] = []
        repeat {
            digits.append(Self.alphabet[value % Self.base])
            value /= Self.base
        } while value > 0
        self.init(digits: [Self.headOfOneDigit + UInt8(digits.count - 1)] + digits.reversed())
    }

    /// `count` ranks in order, each after the one before, the first after `lower` (or ``initial``).
    ///
    /// This is how an import places a batch at the end of a column.
    /// - Complexity: O(*count* · *k*).
    public static func sequence(after lower: Rank?, count: Int) -> [Rank] {
        var ranks: [Rank] = []
        ranks.reserveCapacity(max(count, 0))
        var last = lower
        for _ in 0..<max(count, 0) {
            let next = last.map(after) ?? initial
            ranks.append(next)
            last = next
        }
        return ranks
    }

    // MARK: - Digits

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    private static let base = 62
    private static let zeroDigit = UInt8(ascii: "0")
    private static let topDigit = UInt8(ascii: "z")
    /// Heads `a`…`z` lead integers of 1…26 digits at or above zero; `Z`…`A`, 1…26 digits below it.
    private static let headOfOneDigit = UInt8(ascii: "a")

    private static func value(of digit: UInt8) -> Int? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(digit - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(digit - UInt8(ascii: "a")) + 36
        default: nil
        }
    }

    /// The length of the integer part, head included, or `nil` for a bad head.
    private static func integerLength(of digits: [UInt8]) -> Int? {
        guard let head = digits.first else { return nil }
        switch head {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(head - UInt8(ascii: "a")) + 2
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(UInt8(ascii: "Z") - head) + 2
        default: return nil
        }
    }

    private static func integerPart(of digits: [UInt8]) -> [UInt8] {
        guard let length = integerLength(of: digits), length <= digits.count else {
            preconditionFailure("a Rank always holds a well-formed key")
        }
        return Array(digits.prefix(length))
    }

    /// The next integer: the digits plus one, or the smallest integer of the next length.
    private static func increment(_ integer: [UInt8]) -> [UInt8] {
        var digits = integer
        for index in digits.indices.dropFirst().reversed() {
            if digits[index] != topDigit {
                digits[index] = alphabet[(value(of: digits[index]) ?? 0) + 1]
                return digits
            }
            digits[index] = zeroDigit
        }
        // Every digit was the top one: the next length up.
        let head = integer[0]
        switch head {
        case UInt8(ascii: "Z"): return [headOfOneDigit, zeroDigit]
        case UInt8(ascii: "z"): preconditionFailure("a column holds fewer than 62^26 cards")
        case UInt8(ascii: "a")...UInt8(ascii: "y"):
            return [head + 1] + Array(repeating: zeroDigit, count: integer.count)
        default:
            // Below zero, one digit fewer: "Y zz" + 1 is "Z 0".
            return [head + 1] + Array(repeating: zeroDigit, count: integer.count - 2)
        }
    }

    /// The previous integer: the digits minus one, or the largest integer of the next length down.
    private static func decrement(_ integer: [UInt8]) -> [UInt8] {
        var digits = integer
        for index in digits.indices.dropFirst().reversed() {
            if digits[index] != zeroDigit {
                digits[index] = alphabet[(value(of: digits[index]) ?? 1) - 1]
                return digits
            }
            digits[index] = topDigit
        }
        // Every digit was zero.
        let head = integer[0]
        switch head {
        case headOfOneDigit: return [UInt8(ascii: "Z"), topDigit]
        case UInt8(ascii: "A"): preconditionFailure("a column holds fewer than 62^26 cards")
        case UInt8(ascii: "b")...UInt8(ascii: "z"):
            return [head - 1] + Array(repeating: topDigit, count: integer.count - 2)
        default:
            return [head - 1] + Array(repeating: topDigit, count: integer.count)
        }
    }

    /// A fraction strictly between two fractions in base 62 (`nil`: one), ending in a non-zero digit.
    private static func midpoint(_ lower: [UInt8], _ upper: [UInt8]?) -> [UInt8] {
        var prefix: [UInt8] = []
        var index = 0
        if let upper {
            // Digits the two share, the lower padded with zeros.
            while index < upper.count, (index < lower.count ? lower[index] : zeroDigit) == upper[index] {
                prefix.append(upper[index])
                index += 1
            }
        }
        let low = index < lower.count ? value(of: lower[index]) ?? 0 : 0
        let high = upper.map { index < $0.count ? value(of: $0[index]) ?? base : base } ?? base
        if high - low > 1 { return prefix + [alphabet[(low + high) / 2]] }
        // Neighbouring digits: the upper digit alone, when the upper key goes on after it…
        if let upper, index + 1 < upper.count { return prefix + [upper[index]] }
        // …else the lower digit, then a midpoint between the lower's rest and one.
        let rest = index < lower.count ? Array(lower[(index + 1)...]) : []
        return prefix + [alphabet[low]] + midpoint(rest, nil)
    }
}

/// Text that is not a well-formed ``Rank``: a store written by something else, or damaged.
public struct RankError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that was refused.
    public let text: String

    public var description: String { "'\(text)' is not an ordering key" }
}
