import Foundation

/// A hash function HMAC can key, in swift-crypto's shape (`HMAC<SHA256>`).
package protocol HashFunction: Sendable {
    /// The digest this function returns.
    associatedtype Digest: ContiguousBytes & Sequence<UInt8> & Hashable & Sendable
    /// The length of the blocks the function compresses, in bytes.
    static var blockByteCount: Int { get }
    /// Starts a hash over no bytes.
    init()
    /// Feeds the bytes in `buffer` into the hash.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// The digest of every byte fed so far.
    func finalize() -> Digest
}

extension HashFunction {
    /// Feeds `data` into the hash.
    package mutating func update(data: some DataProtocol) {
        for region in data.regions {
            region.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }
}
