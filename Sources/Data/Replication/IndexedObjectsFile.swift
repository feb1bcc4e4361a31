import Foundation

/// A whole merged objects file with an index (`PMR3`): what a sync reads without a pass over
/// every object.
///
/// The file is `PMR3`, a version 2 body (``ReplicatedObjectCoding``), the names of the entities,
/// one entry of 28 bytes per object sorted by id then entity (the id's 16 bytes, the entity's
/// number as 4 bytes and where the object's stamps start in the body as 8, little-endian), then
/// where the entities and the entries start and how many entries there are (8 bytes each), and
/// the CRC-32C of every byte before it (4). A sync finds an object by a binary search of the
/// entries and decodes it alone; the checksum, not a pass over the objects, tells a damaged
/// file (a disk's flipped bit, a file cut short) from a good one.
enum IndexedObjectsFile {
    /// The file's first bytes.
    static let magic = Data("PMR3".utf8)
    /// The bytes of one entry.
    static let entrySize = 28
    /// The bytes after the entries: three offsets or counts and the checksum.
    static let trailerSize = 28

    /// `writer`, holding the magic and a body whose objects are at `places`, with the index and
    /// the checksum after it.
    static func finish(_ writer: consuming BinaryWriter, places: [(key: ReplicatedKey, offset: Int)]) -> Data {
        var writer = writer
        var numbers: [String: UInt32] = [:]
        var entities: [String] = []
        var entries: [(id: UUID, entity: UInt32, offset: Int)] = []
        entries.reserveCapacity(places.count)
        for place in places {
            let number: UInt32
            if let known = numbers[place.key.entity] {
                number = known
            } else {
                number = UInt32(entities.count)
                numbers[place.key.entity] = number
                entities.append(place.key.entity)
            }
            entries.append((place.key.id, number, place.offset))
        }
        // By the id's bytes (as two big-endian numbers), then the entity: the order of ``compare(_:_:_:)``.
        entries.sort { left, right in
            let (a, b) = (bigEndian(left.id), bigEndian(right.id))
            return a.high != b.high ? a.high < b.high : a.low != b.low ? a.low < b.low : left.entity < right.entity
        }
        let entitiesStart = writer.count
        writer.append(count: entities.count)
        for entity in entities { writer.append(string: entity) }
        let entriesStart = writer.count
        for entry in entries {
            writer.append(uuid: entry.id)
            withUnsafeBytes(of: entry.entity.littleEndian) { writer.append(bytes: $0) }
            writer.append(uint64: UInt64(entry.offset))
        }
        writer.append(uint64: UInt64(entitiesStart))
        writer.append(uint64: UInt64(entriesStart))
        writer.append(uint64: UInt64(entries.count))
        var data = writer.finish()
        let checksum = CRC32C.checksum(of: data)
        withUnsafeBytes(of: checksum.littleEndian) { data.append(contentsOf: $0) }
        return data
    }

    /// `id`'s sixteen bytes as two numbers, the first byte the most significant.
    private static func bigEndian(_ id: UUID) -> (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: id.uuid) { bytes in
            (
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
    }

    /// The order of the entry whose first 20 bytes are `entry` (an id and an entity number)
    /// against `id` and `entity`.
    static func compare(_ entry: UnsafeRawBufferPointer, _ id: UUID, _ entity: UInt32) -> Int32 {
        let order = withUnsafeBytes(of: id.uuid) { id -> Int32 in
            for index in 0..<16 where entry[index] != id[index] { return entry[index] < id[index] ? -1 : 1 }
            return 0
        }
        guard order == 0 else { return order }
        let number = UInt32(littleEndian: entry.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        return number == entity ? 0 : number < entity ? -1 : 1
    }

    /// Where an indexed file's parts are, once its checksum and bounds are checked.
    struct Layout: Sendable {
        /// Where the entities' names start (the body ends there).
        let entitiesStart: Int
        /// Where the entries start.
        let entriesStart: Int
        /// How many entries there are.
        let count: Int

        /// The layout of `data`, a whole file starting with ``IndexedObjectsFile/magic``.
        init(of data: Data) throws(BinaryCodingError) {
            guard data.count >= magic.count + trailerSize else {
                throw BinaryCodingError(offset: 0, reason: "too short for an indexed objects file")
            }
            let trailer = data.count - trailerSize
            let (entities, entries, count, checksum) = data.withUnsafeBytes { bytes in
                (
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: trailer, as: UInt64.self)),
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: trailer + 8, as: UInt64.self)),
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: trailer + 16, as: UInt64.self)),
                    UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: trailer + 24, as: UInt32.self))
                )
            }
            guard CRC32C.checksum(of: data.prefix(data.count - 4)) == checksum else {
                throw BinaryCodingError(offset: trailer + 24, reason: "the checksum does not match the bytes")
            }
            guard entities >= UInt64(magic.count), entities <= entries, entries <= UInt64(trailer),
                count == (UInt64(trailer) - entries) / UInt64(entrySize),
                (UInt64(trailer) - entries) % UInt64(entrySize) == 0
            else { throw BinaryCodingError(offset: trailer, reason: "the index is not where the file says") }
            entitiesStart = Int(entities)
            entriesStart = Int(entries)
            self.count = Int(count)
        }
    }
}

/// The strings a version 2 body names, by number: decoded all at once (an array) or each when
/// asked for (``LazyStrings``).
protocol NamedStrings {
    var count: Int { get }
    subscript(_ number: Int) -> String { get }
}

extension Array: NamedStrings where Element == String {}

/// The strings of a body, found by one pass over their lengths and decoded when asked for: a
/// sync that decodes a few objects of a hundred thousand decodes a few of their strings.
struct LazyStrings: NamedStrings, Sendable {
    private let data: Data
    /// Where each string's bytes start in `data`, and where the next string's length starts.
    private let starts: [Int32]
    private let ends: [Int32]

    /// The strings of `reader`, at the table's count, read past; `reader` reads the bytes of
    /// `data` from `base` on.
    init(_ reader: inout BinaryReader, in data: Data, at base: Int) throws(BinaryCodingError) {
        let count = try reader.count()
        guard data.count < Int(Int32.max) else { throw reader.error("a body too large to index") }
        var starts: [Int32] = []
        var ends: [Int32] = []
        starts.reserveCapacity(count)
        ends.reserveCapacity(count)
        for _ in 0..<count {
            let length = try reader.count()
            let start = base + reader.offset
            _ = try reader.bytes(length)
            starts.append(Int32(start))
            ends.append(Int32(base + reader.offset))
        }
        self.data = data
        self.starts = starts
        self.ends = ends
    }

    var count: Int { starts.count }

    subscript(_ number: Int) -> String {
        let range = Int(starts[number])..<Int(ends[number])
        return data.withUnsafeBytes { bytes in
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
    }
}

extension UUID {
    /// The UUID of sixteen zero bytes: a buffer to copy an id into.
    static let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
