import Foundation

/// The row of each object of an ``EntityTable`` by id: an open-addressing hash table (linear
/// probing) of row numbers, each beside 32 bits of its id's hash. The ids are not kept here but
/// read from the table's rows when a hash matches.
///
/// A bucket takes 8 bytes and the table is kept at most 80% full; a `[UUID: Int]` takes 24 bytes
/// a bucket at most 75% full (at 100,000 objects, 1 MiB against 6 MiB).
struct RowIndex: Sendable {
    /// 0 for an empty bucket, else the hash's 32 bits above the row number plus one.
    private var buckets: [UInt64]
    /// The number of rows held.
    private(set) var count = 0

    /// An empty index with room for `capacity` rows before it grows.
    init(capacity: Int = 0) {
        var size = 8
        while size * 4 < capacity * 5 { size *= 2 }
        buckets = Array(repeating: 0, count: size)
    }

    private var mask: Int { buckets.count - 1 }

    /// The 32 bits of `id`'s hash kept beside its row; their low bits pick its first bucket.
    private static func tag(_ id: UUID) -> UInt32 {
        var hasher = Hasher()
        hasher.combine(id)
        return UInt32(truncatingIfNeeded: hasher.finalize())
    }

    /// Where `id` is, if it is held: its bucket and its row. `idOf` gives the id of the object in
    /// a row the index holds.
    ///
    /// - Complexity: O(1) on average.
    func find(_ id: UUID, idOf: (Int) -> UUID?) -> (bucket: Int, row: Int)? {
        let tag = Self.tag(id)
        var bucket = Int(tag) & mask
        while buckets[bucket] != 0 {
            let entry = buckets[bucket]
            if UInt32(truncatingIfNeeded: entry >> 32) == tag {
                let row = Int(UInt32(truncatingIfNeeded: entry)) - 1
                if idOf(row) == id { return (bucket, row) }
            }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    /// Holds `row` for `id`, which the index does not hold.
    ///
    /// - Complexity: O(1) on average; O(*n*) when it grows.
    mutating func insert(_ id: UUID, row: Int) {
        precondition(row >= 0 && row < Int(UInt32.max), "a table has at most 2^32 - 1 rows")
        if (count + 1) * 5 > buckets.count * 4 { grow() }
        place(UInt64(Self.tag(id)) << 32 | UInt64(row + 1))
        count += 1
    }

    /// Forgets the row in `bucket` (from ``find(_:idOf:)``), moving back the rows after it that
    /// probed past it, so that no bucket is left marked as removed.
    ///
    /// - Complexity: O(1) on average.
    mutating func remove(bucket: Int) {
        var hole = bucket
        var next = (bucket + 1) & mask
        while buckets[next] != 0 {
            let home = Int(UInt32(truncatingIfNeeded: buckets[next] >> 32)) & mask
            // The entry may fill the hole when its first bucket is not between the hole and it.
            if (next - home) & mask >= (next - hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = 0
        count -= 1
    }

    private mutating func place(_ entry: UInt64) {
        var bucket = Int(UInt32(truncatingIfNeeded: entry >> 32)) & mask
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = entry
    }

    private mutating func grow() {
        let old = buckets
        buckets = Array(repeating: 0, count: old.count * 2)
        for entry in old where entry != 0 { place(entry) }
    }
}

/// The rows of one value of an index or one target of a relationship, in ascending order: four
/// bytes a row, and appending a row after the last (as inserts do) costs O(1).
struct RowSet: Sequence, Sendable {
    private var rows: [UInt32] = []

    var count: Int { rows.count }
    var isEmpty: Bool { rows.isEmpty }

    /// Adds `row` unless it is held.
    ///
    /// - Complexity: O(1) after the last row, else O(*n*).
    mutating func insert(_ row: Int) {
        let value = UInt32(row)
        if let last = rows.last, last >= value {
            let index = insertionIndex(of: value)
            if index < rows.count, rows[index] == value { return }
            rows.insert(value, at: index)
        } else {
            rows.append(value)
        }
    }

    /// Removes `row` if it is held.
    ///
    /// - Complexity: O(*n*).
    mutating func remove(_ row: Int) {
        let value = UInt32(row)
        let index = insertionIndex(of: value)
        if index < rows.count, rows[index] == value { rows.remove(at: index) }
    }

    func makeIterator() -> some IteratorProtocol<Int> {
        rows.lazy.map { Int($0) }.makeIterator()
    }

    private func insertionIndex(of value: UInt32) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
