import Foundation

/// A SHA-256 digest: 32 bytes, compared in constant time.
///
/// It is a sequence of its bytes (`Data(digest)`, `Array(digest)`), and prints as lowercase hex.
package struct SHA256Digest: ContiguousBytes, Sequence, Hashable, Sendable, CustomStringConvertible {
    /// The bytes, in order.
    private let bytes: [UInt8]

    init(_ state: SHA256Core) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(SHA256.byteCount)
        for word in [state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7] {
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word))
        }
        self.bytes = bytes
    }

    /// The digest as 64 lowercase hexadecimal digits.
    package var description: String { bytes.hexadecimal }

    package func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// Whether two digests are equal, in time that does not depend on where they differ.
    package static func == (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool {
        ConstantTime.isEqual(lhs.bytes, rhs.bytes)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

extension Sequence<UInt8> {
    /// The bytes as lowercase hexadecimal digits, two per byte.
    package var hexadecimal: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
