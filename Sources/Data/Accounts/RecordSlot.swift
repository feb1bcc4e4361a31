import ProjectManagerDomain
import Synchronization

/// Where the local accounts keep one record: a ``PrivateFile``, or memory for an engine that has
/// no files.
protocol RecordSlot<Value>: Sendable {
    associatedtype Value: Codable & Sendable
    /// The record; `nil` when there is none.
    func read() throws(AuthenticationError) -> Value?
    /// Replaces the record.
    func write(_ value: Value) throws(AuthenticationError)
    /// Removes the record; does nothing when there is none.
    func remove() throws(AuthenticationError)
}

/// A record in memory, gone when the process ends.
final class MemorySlot<Value: Codable & Sendable>: RecordSlot {
    private let value = Mutex<Value?>(nil)

    func read() -> Value? { value.withLock { $0 } }
    func write(_ newValue: Value) { value.withLock { $0 = newValue } }
    func remove() { value.withLock { $0 = nil } }
}
