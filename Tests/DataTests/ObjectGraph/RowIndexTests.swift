import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Table indexes: the row of each id, and the rows of each value")
struct RowIndexTests {
    @Test(
        "the row index agrees with a dictionary through inserts and removals, whatever the ids",
        arguments: [1, 2, 3] as [UInt64])
    func rowIndexAgrees(_ seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var index = RowIndex()
        var expected: [UUID: Int] = [:]
        var idOfRow: [Int: UUID] = [:]
        // Sequential ids as well as random ones: clustered hashes probe far and shift back far.
        let ids = (0..<3_000).map { number -> UUID in
            number % 2 == 0 ? UUID() : SequentialIDs.id(number)
        }
        var nextRow = 0
        for step in 0..<20_000 {
            let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
            let found = index.find(id) { idOfRow[$0] }
            #expect(found?.row == expected[id], "step \(step)")
            if let found {
                if Bool.random(using: &generator) {
                    index.remove(bucket: found.bucket)
                    expected[id] = nil
                    idOfRow[found.row] = nil
                }
            } else {
                index.insert(id, row: nextRow)
                expected[id] = nextRow
                idOfRow[nextRow] = id
                nextRow += 1
            }
            #expect(index.count == expected.count)
        }
        for id in ids { #expect(index.find(id) { idOfRow[$0] }?.row == expected[id]) }
    }

    @Test("a row set keeps each row once, in ascending order, wherever it is inserted or removed")
    func rowSetOrdered() {
        var generator = SeededGenerator(seed: 7)
        var rows = RowSet()
        var expected = Set<Int>()
        for _ in 0..<5_000 {
            let row = Int.random(in: 0..<600, using: &generator)
            if Bool.random(using: &generator) {
                rows.insert(row)
                expected.insert(row)
            } else {
                rows.remove(row)
                expected.remove(row)
            }
        }
        #expect(Array(rows) == expected.sorted())
        #expect(rows.count == expected.count)
    }
}
