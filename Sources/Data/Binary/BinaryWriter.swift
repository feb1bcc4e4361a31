import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growing buffer that values are written into in the store's binary coding.
///
/// Integers are little-endian; a *varint* is an unsigned LEB128 number (seven bits a byte, low
/// bits first), and a signed one is zigzag-coded first; a string is its UTF-8 byte count as a
/// varint, then the bytes. The buffer becomes the store's `Data` without a copy (``finish()``).
/// ```swift
/// var writer = BinaryWriter(capacity: 64)
/// writer.append(varint: 300)      // AC 02
/// writer.append(string: "Write")  // 05 57 72 69 74 65
/// let bytes = writer.finish()
/// ```
struct BinaryWriter: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// The bytes written so far.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        guard let memory = malloc(self.capacity) else {
            preconditionFailure("out of memory for a buffer of \(self.capacity) bytes")
        }
        base = memory
    }

    deinit {
        free(base)
    }

    /// The bytes written, as `Data` that owns the buffer.
    consuming func finish() -> Data {
        let (base, count) = (self.base, self.count)
        discard self
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }

    /// A copy of the bytes written so far.
    var bytes: Data { Data(bytes: base, count: count) }

    /// Forgets the bytes written so far, keeping the buffer for the next.
    mutating func removeAll() {
        count = 0
    }

    /// Makes room for `extra` more bytes, growing the buffer by half again or more.
    ///
    /// `realloc` moves a large buffer by remapping its pages, not by copying them.
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let wanted = max(count + extra, capacity + capacity / 2)
        guard let memory = realloc(base, wanted) else {
            preconditionFailure("out of memory for a buffer of \(wanted) bytes")
        }
        base = memory
        capacity = wanted
    }

    // MARK: - Values

    mutating func append(byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    mutating func append(varint value: UInt64) {
        reserve(10)
        var value = value
        while value >= 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: value) | 0x80, toByteOffset: count, as: UInt8.self)
            count += 1
            value >>= 7
        }
        base.storeBytes(of: UInt8(value), toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// A count or a length: never negative.
    mutating func append(count value: Int) {
        precondition(value >= 0, "a count is never negative")
        append(varint: UInt64(value))
    }

    /// A signed number, zigzag-coded: 0, -1, 1, -2, … become 0, 1, 2, 3, ….
    mutating func append(int value: Int) {
        append(varint: UInt64(bitPattern: Int64(value << 1 ^ value >> (Int.bitWidth - 1))))
    }

    mutating func append(uint64 value: UInt64) {
        reserve(8)
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    /// The number's bits, exactly.
    mutating func append(double value: Double) {
        append(uint64: value.bitPattern)
    }

    /// Sixteen bytes, in the UUID's own order.
    mutating func append(uuid: UUID) {
        reserve(16)
        withUnsafeBytes(of: uuid.uuid) { bytes in
            (base + count).copyMemory(from: bytes.baseAddress.unsafelyUnwrapped, byteCount: 16)
        }
        count += 16
    }

    mutating func append(string: String) {
        var string = string
        string.withUTF8 { utf8 in
            append(count: utf8.count)
            append(bytes: UnsafeRawBufferPointer(utf8))
        }
    }

    /// `nil` as 0, a string as its byte count plus one, then its bytes.
    mutating func append(optionalString string: String?) {
        guard var string else { return append(byte: 0) }
        string.withUTF8 { utf8 in
            append(count: utf8.count + 1)
            append(bytes: UnsafeRawBufferPointer(utf8))
        }
    }

    mutating func append(bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func append(_ data: Data) {
        data.withUnsafeBytes { append(bytes: $0) }
    }

    // MARK: - Lengths written before what they measure

    /// Writes what `body` writes, preceded by its length as a varint.
    ///
    /// The body is written after room for a three-byte length (2 MiB) and moved when its length
    /// takes another number of bytes.
    mutating func appendLengthPrefixed<Failure: Error>(
        _ body: (inout BinaryWriter) throws(Failure) -> Void
    ) throws(Failure) {
        let room = 3
        reserve(room)
        let start = count
        count += room
        try body(&self)
        let length = count - start - room
        let prefix = Self.varintSize(UInt64(length))
        if prefix != room {
            reserve(prefix - room)
            memmove(base + start + prefix, base + start + room, length)
        }
        count = start
        append(count: length)
        count = start + prefix + length
    }

    /// Room for a fixed eight-byte number written later with ``patch(uint64:at:)``.
    mutating func appendPlaceholder() -> Int {
        let offset = count
        append(uint64: 0)
        return offset
    }

    /// Writes `value` over the placeholder at `offset`.
    mutating func patch(uint64 value: UInt64, at offset: Int) {
        precondition(offset + 8 <= count, "a placeholder lies inside what was written")
        base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
    }

    static func varintSize(_ value: UInt64) -> Int {
        var size = 1
        var value = value
        while value >= 0x80 {
            value >>= 7
            size += 1
        }
        return size
    }
}
