/// The `did you mean …?` that follows an unknown command or option.
enum Suggestion {
    /// `: did you mean 'move'?` when one or more of `candidates` is near `typed` (a typo, two
    /// letters swapped, or the start of just that word), else an empty string.
    ///
    /// ```swift
    /// Suggestion.didYouMean("mvoe", among: ["move", "show"])  // ": did you mean 'move'?"
    /// ```
    /// - Complexity: O(*c* · *m* · *n*) for *c* candidates of length *n* and a word of length *m*.
    static func didYouMean(_ typed: String, among candidates: [String]) -> String {
        let nearest = self.nearest(to: typed, among: candidates)
        guard !nearest.isEmpty else { return "" }
        return ": did you mean " + nearest.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// The candidates nearest to `typed`, in their order: the one candidate `typed` (three letters
    /// or more) is the start of, else those at the smallest edit distance within reach, or else
    /// the one candidate a shorter `typed` is the start of.
    static func nearest(to typed: String, among candidates: [String]) -> [String] {
        let word = Array(typed.lowercased())
        let letters = word.drop { $0 == "-" }.count
        // The one word `typed` is the start of says more than a word one letter away: `hist`.
        let starts = candidates.filter { letters >= 3 && $0.lowercased().hasPrefix(typed.lowercased()) }
        if starts.count == 1 { return starts }
        let reach = letters <= 4 ? 1 : 2
        let distances = candidates.map { distance(word, Array($0.lowercased())) }
        if let best = distances.min(), best <= reach {
            return zip(candidates, distances).filter { $0.1 == best }.map(\.0)
        }
        let extended = candidates.filter { letters >= 2 && $0.lowercased().hasPrefix(typed.lowercased()) }
        return extended.count == 1 ? extended : []
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbouring characters, each costing 1.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
