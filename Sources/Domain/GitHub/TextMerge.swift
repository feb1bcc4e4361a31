/// A three-way merge of text by lines, as `diff3` does it: what changed on one side since `base`
/// is taken; what changed on both sides the same way is taken once; where both sides changed the
/// same lines differently, `theirs` wins and the conflict is counted.
///
/// ```swift
/// let merged = TextMerge.merge(base: "a\nb\nc", ours: "A\nb\nc", theirs: "a\nb\nC")
/// merged.text        // "A\nb\nC"
/// merged.conflicts   // 0
/// ```
public enum TextMerge {
    /// A merged text and how many regions changed on both sides, where `theirs` was kept.
    public struct Result: Hashable, Sendable {
        /// The merged text.
        public var text: String
        /// How many regions changed on both sides differently; `theirs` is in the text for each.
        public var conflicts: Int
    }

    /// The lines a quadratic match is tried on at most, after the common start and end are set
    /// aside; past it, the changed middle is one region.
    static let matchLimit = 4_000_000

    /// Merges `ours` and `theirs`, both changed from `base`.
    ///
    /// - Complexity: O(*n*) for the lines the three share at the start and end, plus
    ///   O(*p* × *q*) for the *p* and *q* lines between them on each side (one region past
    ///   four million pairs).
    public static func merge(base: String, ours: String, theirs: String) -> Result {
        if ours == theirs || theirs == base { return Result(text: ours, conflicts: 0) }
        if ours == base { return Result(text: theirs, conflicts: 0) }
        let original = lines(base)
        let mine = lines(ours)
        let other = lines(theirs)
        let toMine = matches(original, mine)
        let toOther = matches(original, other)
        var merged: [Substring] = []
        var conflicts = 0
        var (o, a, b) = (0, 0, 0)
        while true {
            var stable = 0
            while o + stable < original.count, toMine[o + stable] == a + stable, toOther[o + stable] == b + stable {
                stable += 1
            }
            if stable > 0 {
                merged += original[o..<(o + stable)]
                (o, a, b) = (o + stable, a + stable, b + stable)
                continue
            }
            let next = (o..<original.count).first { toMine[$0] != nil && toOther[$0] != nil }
            let (endO, endA, endB) =
                next.map { ($0, toMine[$0] ?? mine.count, toOther[$0] ?? other.count) }
                ?? (original.count, mine.count, other.count)
            let inBase = original[o..<endO]
            let inMine = mine[a..<endA]
            let inOther = other[b..<endB]
            if inMine.elementsEqual(inBase) {
                merged += inOther
            } else if inOther.elementsEqual(inBase) || inMine.elementsEqual(inOther) {
                merged += inMine
            } else {
                merged += inOther
                conflicts += 1
            }
            (o, a, b) = (endO, endA, endB)
            if next == nil { break }
        }
        return Result(text: merged.joined(separator: "\n"), conflicts: conflicts)
    }

    private static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// For each line of `base`, the index of the line of `other` it matches in a longest common
    /// subsequence, or `nil`.
    static func matches(_ base: [Substring], _ other: [Substring]) -> [Int?] {
        var result = [Int?](repeating: nil, count: base.count)
        var start = 0
        while start < base.count, start < other.count, base[start] == other[start] {
            result[start] = start
            start += 1
        }
        var endBase = base.count
        var endOther = other.count
        while endBase > start, endOther > start, base[endBase - 1] == other[endOther - 1] {
            endBase -= 1
            endOther -= 1
            result[endBase] = endOther
        }
        let n = endBase - start
        let m = endOther - start
        guard n > 0, m > 0, n * m <= matchLimit else { return result }
        // lengths[i][j]: the longest common subsequence of base[start+i...] and other[start+j...].
        var lengths = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    base[start + i] == other[start + j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var (i, j) = (0, 0)
        while i < n, j < m {
            if base[start + i] == other[start + j] {
                result[start + i] = start + j
                (i, j) = (i + 1, j + 1)
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}
