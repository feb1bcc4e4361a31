import Foundation

/// SHA-256 (FIPS 180-4), in swift-crypto's shape, so that `import Crypto` could take its place on
/// Apple platforms without touching a call site.
///
/// ```swift
/// let digest = SHA256.hash(data: Data("abc".utf8))   // ba7816bf…f20015ad
///
/// var hasher = SHA256()
/// hasher.update(data: Data("ab".utf8))
/// hasher.update(data: Data("c".utf8))
/// hasher.finalize() == digest                        // true
/// ```
/// A hasher is a value of fixed size: it keeps its pending block inline, so hashing allocates
/// nothing per block.
package struct SHA256: HashFunction {
    /// The length of a digest in bytes.
    package static let byteCount = 32
    /// The length of the blocks the compression function takes, in bytes.
    package static let blockByteCount = 64

    private var state = SHA256Core()
    /// Up to 63 bytes not yet compressed, inline.
    private var pending = PendingBlock()
    private var pendingCount = 0
    private var messageByteCount: UInt64 = 0

    /// Starts a hash over no bytes.
    package init() {}

    /// A hasher that has already compressed one 64-byte block into `state` (an HMAC's keyed
    /// inner or outer hash).
    init(afterOneBlock state: SHA256Core) {
        self.state = state
        messageByteCount = UInt64(Self.blockByteCount)
    }

    /// The digest of `data` in one call.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    package static func hash(data: some DataProtocol) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(data: data)
        return hasher.finalize()
    }

    /// Feeds the bytes in `buffer` into the hash.
    ///
    /// - Complexity: O(*n*), where *n* is `buffer.count`.
    package mutating func update(bufferPointer buffer: UnsafeRawBufferPointer) {
        guard !buffer.isEmpty, let base = buffer.baseAddress else { return }
        messageByteCount &+= UInt64(buffer.count)
        var offset = 0
        SHA256Core.withSchedule { schedule in
            if pendingCount > 0 {
                let taken = min(Self.blockByteCount - pendingCount, buffer.count)
                withUnsafeMutableBytes(of: &pending) { block in
                    block.baseAddress?.advanced(by: pendingCount).copyMemory(from: base, byteCount: taken)
                }
                pendingCount += taken
                offset = taken
                guard pendingCount == Self.blockByteCount else { return }
                withUnsafeBytes(of: pending) { block in
                    if let block = block.baseAddress { state.compress(block, schedule) }
                }
                pendingCount = 0
            }
            while buffer.count - offset >= Self.blockByteCount {
                state.compress(base + offset, schedule)
                offset += Self.blockByteCount
            }
        }
        let rest = buffer.count - offset
        if rest > 0 {
            withUnsafeMutableBytes(of: &pending) { block in
                block.baseAddress?.copyMemory(from: base + offset, byteCount: rest)
            }
            pendingCount = rest
        }
    }

    /// The digest of every byte fed so far; the hasher itself is left as it was.
    ///
    /// - Complexity: O(1): one or two more blocks.
    package func finalize() -> SHA256Digest {
        SHA256Digest(finalState())
    }

    /// The chaining value after padding: the digest's eight words.
    func finalState() -> SHA256Core {
        var copy = self
        let bitCount = messageByteCount &* 8
        // 0x80, zeros to 56 bytes modulo 64, then the message length in bits, big-endian.
        let padding = (pendingCount < 56 ? 56 : 120) - pendingCount
        var tail = PendingBlock()
        var length = PendingBlock()
        withUnsafeMutableBytes(of: &tail) { $0[0] = 0x80 }
        withUnsafeMutableBytes(of: &length) { bytes in
            for index in 0..<8 { bytes[index] = UInt8(truncatingIfNeeded: bitCount >> (56 - 8 * index)) }
        }
        withUnsafeBytes(of: tail) { copy.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<padding])) }
        withUnsafeBytes(of: length) { copy.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<8])) }
        return copy.state
    }
}

extension SHA256 {
    /// The digest type, as swift-crypto names it.
    package typealias Digest = SHA256Digest
}

/// 64 bytes held inline, so a hasher is a plain value with no heap storage.
struct PendingBlock {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
}
