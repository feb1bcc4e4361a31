/// One output stream of a view model, and the continuation that feeds it.
///
/// ``send(_:)`` delivers every value; ``update(_:)`` delivers a value only when it differs from the
/// last one delivered, so that a state stream carries changes, not repeats.
@MainActor
final class OutputChannel<Value: Sendable> {
    /// The stream a front end renders.
    let stream: AsyncStream<Value>
    private let continuation: AsyncStream<Value>.Continuation
    private var last: Value?

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    }

    /// Delivers `value`.
    func send(_ value: Value) {
        last = value
        continuation.yield(value)
    }

    /// Ends the stream.
    func finish() {
        continuation.finish()
    }
}

extension OutputChannel where Value: Equatable {
    /// Delivers `value` unless it is the value delivered last.
    func update(_ value: Value) {
        if let last, last == value { return }
        send(value)
    }
}

extension OutputChannel where Value == Void {
    /// Delivers an event.
    func send() {
        send(())
    }
}
