import Foundation

/// A snapshot payload that a store file writes in pieces as they are made, so that a large
/// snapshot is never held whole in memory: its size, known before its first byte, and a
/// function that hands its bytes over in order.
///
/// ```swift
/// let source = SnapshotSource(byteCount: payload.count) { write in try write(payload) }
/// try journal.compact(source, schemaVersion: 1)
/// ```
package struct SnapshotSource {
    /// The payload's size in bytes; what ``write`` hands over must add up to it.
    package let byteCount: Int
    /// Calls the function it is given with each piece of the payload, in order.
    package let write: (_ piece: (Data) throws(StoreError) -> Void) throws(StoreError) -> Void

    package init(
        byteCount: Int, write: @escaping (_ piece: (Data) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) {
        self.byteCount = byteCount
        self.write = write
    }

    /// A payload already in memory, handed over in one piece.
    package init(_ payload: Data) {
        self.init(byteCount: payload.count) { write throws(StoreError) in try write(payload) }
    }
}
