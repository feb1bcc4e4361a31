import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

@Suite("Short ids: the fewest digits, from eight, that tell every id apart")
struct ShortIDsTests {
    /// The length by the definition: the first at which the prefixes all differ.
    static func reference(_ uuids: [UUID]) -> Int {
        let digits = uuids.map { $0.uuidString.lowercased().filter { $0 != "-" } }
        var length = ShortIDs.preferredLength
        while length < 32, Set(digits.map { $0.prefix(length) }).count < digits.count { length += 1 }
        return length
    }

    @Test(
        "ids sharing their first digits, the same id twice, and none",
        arguments: [
            ([String](), 8),
            (["5245504C-0000-0000-0000-000000000001"], 8),
            (["5245504C-1000-0000-0000-000000000001", "5245504C-2000-0000-0000-000000000001"], 9),
            (["5245504C-0000-0000-0000-000000000001", "5245504C-0000-0000-0000-000000000002"], 32),
            (["5245504C-0000-0000-0000-000000000001", "5245504C-0000-0000-0000-000000000001"], 32),
            (["00000000-0000-0000-0100-000000000000", "00000000-0000-0000-0200-000000000000"], 18),
            (["FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "00000000-0000-0000-0000-000000000000"], 8),
        ])
    func table(_ ids: [String], length: Int) throws {
        let uuids = try ids.map { try #require(UUID(uuidString: $0)) }
        #expect(ShortIDs(uuids: uuids).length == length)
        #expect(Self.reference(uuids) == length)
    }

    @Test("random ids, many sharing long prefixes, agree with the definition", arguments: [1, 2, 3])
    func random(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for count in [2, 10, 1_000] {
            let uuids = (0..<count).map { _ in
                // A few bits of difference, placed anywhere: prefixes of every length are shared.
                let varying = Int.random(in: 0..<128, using: &generator)
                var uuid = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)).uuid
                withUnsafeMutableBytes(of: &uuid) { bytes in
                    let bit = Int.random(in: varying..<128, using: &generator)
                    bytes[bit / 8] ^= UInt8(0x80 >> (bit % 8))
                }
                return UUID(uuid: uuid)
            }
            #expect(ShortIDs(uuids: uuids).length == Self.reference(uuids))
        }
    }
}
