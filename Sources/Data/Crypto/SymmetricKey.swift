import Foundation

/// Secret key bytes that never print: `description`, interpolation and `dump` show no bytes, and
/// two keys compare in constant time.
package struct SymmetricKey: ContiguousBytes, Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    private let bytes: [UInt8]

    /// A key holding a copy of `data`.
    package init(data: some ContiguousBytes) {
        bytes = data.withUnsafeBytes { Array($0) }
    }

    /// A key of `byteCount` bytes from the system's secure random number generator.
    package init(byteCount: Int) {
        bytes = SecureRandom.bytes(count: byteCount)
    }

    /// The length of the key in bits.
    package var bitCount: Int { bytes.count * 8 }

    package var description: String { "SymmetricKey(\(bitCount) bits, redacted)" }
    package var customMirror: Mirror { Mirror(self, children: []) }

    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// Whether two keys are equal, in time that does not depend on where they differ.
    package static func == (lhs: SymmetricKey, rhs: SymmetricKey) -> Bool {
        ConstantTime.isEqual(lhs.bytes, rhs.bytes)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

/// Random bytes for salts and keys.
package enum SecureRandom {
    /// `count` bytes from `SystemRandomNumberGenerator`, which reads the operating system's
    /// cryptographically secure source (`getrandom` on Linux, `arc4random_buf` on Apple platforms).
    package static func bytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        while bytes.count < count {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) where bytes.count < count {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return bytes
    }
}
