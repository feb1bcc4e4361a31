import Foundation

/// Why bytes in the store's binary coding could not be read: where, and what was wrong.
struct BinaryCodingError: Error, CustomStringConvertible {
    /// The offset in the bytes being read.
    let offset: Int
    let reason: String

    var description: String { "\(reason) at byte \(offset)" }
}

/// Reads values written by ``BinaryWriter``, checking every length against the bytes there are.
///
/// Valid while the buffer it reads is: inside a `withUnsafeBytes` call.
struct BinaryReader {
    private let bytes: UnsafeRawBufferPointer
    /// Where the bytes start in the payload they come from, for errors.
    private let origin: Int
    /// The next byte to read.
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer, origin: Int = 0) {
        self.bytes = bytes
        self.origin = origin
    }

    var isAtEnd: Bool { offset == bytes.count }
    var remaining: Int { bytes.count - offset }

    /// Whether what remains is `[]`, an empty JSON array.
    var remainsEmptyJSONArray: Bool {
        remaining == 2 && bytes[offset] == UInt8(ascii: "[") && bytes[offset + 1] == UInt8(ascii: "]")
    }

    func error(_ reason: String) -> BinaryCodingError {
        BinaryCodingError(offset: origin + offset, reason: reason)
    }

    private mutating func require(_ size: Int, _ what: StaticString) throws(BinaryCodingError) {
        guard size <= bytes.count - offset else { throw error("the bytes end inside \(what)") }
    }

    // MARK: - Values

    mutating func byte() throws(BinaryCodingError) -> UInt8 {
        try require(1, "a byte")
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func varint() throws(BinaryCodingError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            try require(1, "a number")
            let byte = bytes[offset]
            offset += 1
            guard shift < 64, shift < 63 || byte <= 1 else { throw error("a number is longer than 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A count or a length, which must fit in what is left when `unit` bytes or more each.
    mutating func count(unit: Int = 1) throws(BinaryCodingError) -> Int {
        let value = try varint()
        guard value <= UInt64(remaining / max(unit, 1)) else {
            throw error("a count of \(value) is more than the bytes left can hold")
        }
        return Int(value)
    }

    mutating func int() throws(BinaryCodingError) -> Int {
        let coded = try varint()
        let value = Int64(bitPattern: coded >> 1) ^ -Int64(bitPattern: coded & 1)
        guard let int = Int(exactly: value) else { throw error("a number does not fit in an Int") }
        return int
    }

    mutating func uint32() throws(BinaryCodingError) -> UInt32 {
        try require(4, "a four-byte number")
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    mutating func uint64() throws(BinaryCodingError) -> UInt64 {
        try require(8, "an eight-byte number")
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    mutating func double() throws(BinaryCodingError) -> Double {
        Double(bitPattern: try uint64())
    }

    mutating func uuid() throws(BinaryCodingError) -> UUID {
        try require(16, "an id")
        defer { offset += 16 }
        return UUID(uuid: bytes.loadUnaligned(fromByteOffset: offset, as: uuid_t.self))
    }

    mutating func string() throws(BinaryCodingError) -> String {
        let length = try count()
        return String(decoding: try self.bytes(length), as: UTF8.self)
    }

    mutating func optionalString() throws(BinaryCodingError) -> String? {
        let length = try varint()
        guard length > 0 else { return nil }
        guard length - 1 <= UInt64(remaining) else { throw error("the bytes end inside a text") }
        return String(decoding: try bytes(Int(length - 1)), as: UTF8.self)
    }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int) throws(BinaryCodingError) -> UnsafeRawBufferPointer {
        try require(count, "a value")
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    /// A reader of the next value written by ``BinaryWriter/appendLengthPrefixed(_:)``.
    mutating func lengthPrefixed() throws(BinaryCodingError) -> BinaryReader {
        let length = try count()
        let start = offset
        return BinaryReader(try bytes(length), origin: origin + start)
    }

    /// Throws unless every byte was read: a value that holds more than its coding reads is damage.
    func expectEnd(_ what: @autoclosure () -> String) throws(BinaryCodingError) {
        guard isAtEnd else { throw error("\(remaining) bytes are left over after \(what())") }
    }
}
