import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Ranks: ordering keys between any two neighbours")
struct RankTests {
    @Test("inserting at random places keeps every key strictly between its neighbours", arguments: [1, 2, 3])
    func randomInsertions(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var column: [Rank] = []
        for _ in 0..<3_000 {
            let gap = Int.random(in: 0...column.count, using: &generator)
            let rank = Rank.between(gap > 0 ? column[gap - 1] : nil, gap < column.count ? column[gap] : nil)
            if gap > 0 { #expect(column[gap - 1] < rank) }
            if gap < column.count { #expect(rank < column[gap]) }
            column.insert(rank, at: gap)
        }
        #expect(column == column.sorted())
        #expect(Set(column).count == column.count)
        for rank in column { #expect(try Rank(parsing: rank.rawValue) == rank) }
    }

    @Test("appending and prepending grow keys with the logarithm of the column")
    func appendsStayShort() {
        var last = Rank.initial
        var first = Rank.initial
        for _ in 0..<100_000 {
            last = Rank.after(last)
            first = Rank.before(first)
        }
        #expect(last.rawValue.count <= 4)
        #expect(first.rawValue.count <= 4)
        #expect(first < Rank.initial && Rank.initial < last)
    }

    @Test(
        "inserting at the same place again and again adds about one character per five insertions (a bisection of 62 digits)"
    )
    func repeatedMidpoints() {
        let low = Rank.initial
        var high = Rank.after(low)
        for _ in 0..<1_000 {
            let middle = Rank.between(low, high)
            #expect(low < middle && middle < high)
            high = middle
        }
        #expect(high.rawValue.count <= 1_000 / 5 + 3)
    }

    @Test("the ranks of ordinals sort as the ordinals do, across lengths")
    func ordinals() {
        let ordinals = [0, 1, 61, 62, 63, 3_843, 3_844, 238_327, 238_328, 1_000_000]
        let ranks = ordinals.map(Rank.init(ordinal:))
        #expect(ranks == ranks.sorted())
        #expect(Rank(ordinal: 0) == Rank.initial)
        let sequence = Rank.sequence(after: nil, count: 5)
        #expect(sequence == sequence.sorted() && sequence.first == .initial)
    }

    @Test("text that is not a key is refused", arguments: ["", "a", "0a", "a0 ", "a00", "b0", "a0!", "é0"])
    func refusesBadKeys(text: String) {
        #expect(throws: RankError.self) { try Rank(parsing: text) }
    }

    @Test("equal neighbours, from data this engine did not write, give a key after them")
    func equalNeighbours() {
        #expect(Rank.between(.initial, .initial) > .initial)
    }
}
