import Foundation
import ProjectManager

/// How a board's project ids are shown: their first eight hexadecimal digits, or more when eight do
/// not tell every project on the board apart, as git abbreviates commit hashes.
struct ShortIDs: Sendable {
    /// The digits shown when they are enough.
    static let preferredLength = 8

    /// The number of digits shown for every id on the board.
    let length: Int

    /// The shortest length, from ``preferredLength``, at which the ids of `projects` all differ.
    init(_ projects: [Project]) {
        self.init(ids: projects.map(\.id))
    }

    /// The shortest length, from ``preferredLength``, at which the rows of `sections` all differ.
    init(_ sections: [BoardSection]) {
        self.init(ids: sections.flatMap { $0.rows.map(\.id) })
    }

    /// The shortest length, from ``preferredLength``, at which `ids` all differ.
    ///
    /// - Complexity: O(*n* · *k*) for *n* ids and *k* extra digits needed, usually none.
    init(ids: [Project.ID]) {
        self.init(uuids: ids.map(\.rawValue))
    }

    /// The shortest length, from ``preferredLength``, at which `uuids` all differ: boards' and
    /// accounts' ids too.
    ///
    /// - Complexity: O(*n* log *n*) for *n* ids: sorted as numbers, the longest run of digits two
    ///   neighbours share is the longest any two share.
    init(uuids: [UUID]) {
        let numbers = uuids.map(Self.number(of:)).sorted(by: Self.precedes)
        var shared = 0
        for (left, right) in zip(numbers, numbers.dropFirst()) {
            let bits: Int
            if left.high != right.high {
                bits = (left.high ^ right.high).leadingZeroBitCount
            } else {
                bits = 64 + (left.low ^ right.low).leadingZeroBitCount
            }
            shared = max(shared, bits / 4)
        }
        length = min(32, max(Self.preferredLength, shared + 1))
    }

    private static func precedes(_ left: (high: UInt64, low: UInt64), _ right: (high: UInt64, low: UInt64)) -> Bool {
        left.high != right.high ? left.high < right.high : left.low < right.low
    }

    /// `uuid`'s 128 bits as a number, its first digit the most significant.
    private static func number(of uuid: UUID) -> (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            let high = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            let low = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            return (high, low)
        }
    }

    /// The shown form of `id`.
    func callAsFunction(_ id: Project.ID) -> String {
        String(id.hexDigits.prefix(length))
    }

    /// The shown form of `uuid`.
    func callAsFunction(_ uuid: UUID) -> String {
        Self.digits(of: uuid, length: length)
    }

    /// The first `length` hexadecimal digits of `uuid`, lower case.
    static func digits(of uuid: UUID, length: Int) -> String {
        String(uuid.uuidString.lowercased().filter { $0 != "-" }.prefix(length))
    }
}
