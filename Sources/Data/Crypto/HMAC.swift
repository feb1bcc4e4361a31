import Foundation

/// HMAC (RFC 2104) over a ``HashFunction``, in swift-crypto's shape.
///
/// ```swift
/// let key = SymmetricKey(data: Array("Jefe".utf8))
/// let code = HMAC<SHA256>.authenticationCode(for: Data("what do ya want for nothing?".utf8), using: key)
/// // 5bdcc146…64ec3843 (RFC 4231, test case 2)
/// HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message, using: key)
/// ```
package struct HMAC<H: HashFunction>: Sendable {
    private var inner: H
    private var outer: H

    /// Starts a code keyed with `key`; a key longer than a block is hashed first.
    package init(key: SymmetricKey) {
        var block = [UInt8](repeating: 0, count: H.blockByteCount)
        key.withUnsafeBytes { keyBytes in
            if keyBytes.count > H.blockByteCount {
                var hasher = H()
                hasher.update(bufferPointer: keyBytes)
                for (index, byte) in hasher.finalize().enumerated() { block[index] = byte }
            } else {
                for index in 0..<keyBytes.count { block[index] = keyBytes[index] }
            }
        }
        inner = H()
        outer = H()
        inner.update(data: block.map { $0 ^ 0x36 })
        outer.update(data: block.map { $0 ^ 0x5C })
    }

    /// Feeds `data` into the code.
    package mutating func update(data: some DataProtocol) {
        inner.update(data: data)
    }

    /// The code of every byte fed so far.
    package func finalize() -> HashedAuthenticationCode<H> {
        var outer = outer
        outer.update(data: Array(inner.finalize()))
        return HashedAuthenticationCode(digest: outer.finalize())
    }

    /// The code of `data` under `key` in one call.
    package static func authenticationCode(for data: some DataProtocol, using key: SymmetricKey)
        -> HashedAuthenticationCode<H>
    {
        var hmac = HMAC(key: key)
        hmac.update(data: data)
        return hmac.finalize()
    }

    /// Whether `code` is the code of `data` under `key`, compared in constant time.
    package static func isValidAuthenticationCode(
        _ code: some ContiguousBytes, authenticating data: some DataProtocol, using key: SymmetricKey
    ) -> Bool {
        ConstantTime.isEqual(authenticationCode(for: data, using: key), code)
    }
}

/// An HMAC's output: the outer hash's digest, compared in constant time.
package struct HashedAuthenticationCode<H: HashFunction>: ContiguousBytes, Sequence, Hashable, Sendable,
    CustomStringConvertible
{
    private let digest: H.Digest

    init(digest: H.Digest) { self.digest = digest }

    /// The code as lowercase hexadecimal digits.
    package var description: String { digest.hexadecimal }

    package func makeIterator() -> H.Digest.Iterator { digest.makeIterator() }

    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try digest.withUnsafeBytes(body)
    }

    /// Whether two codes are equal, in time that does not depend on where they differ.
    package static func == (lhs: Self, rhs: Self) -> Bool { ConstantTime.isEqual(lhs.digest, rhs.digest) }

    package func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}
