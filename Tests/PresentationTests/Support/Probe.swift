import Testing

/// Reads one output stream of a view model, value by value, without sleeping: each read waits for
/// the view model to deliver.
@MainActor
final class Probe<Element: Sendable> {
    private var iterator: AsyncStream<Element>.Iterator

    init(_ stream: AsyncStream<Element>) {
        iterator = stream.makeAsyncIterator()
    }

    /// The next value; records an issue and returns `nil` when the stream ends first.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async -> Element? {
        var iterator = self.iterator
        let value = await iterator.next(isolation: #isolation)
        self.iterator = iterator
        if value == nil { Issue.record("the stream ended before the next value", sourceLocation: sourceLocation) }
        return value
    }

    /// The next `count` values; records an issue when the stream ends first.
    func take(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> [Element] {
        var values: [Element] = []
        for _ in 0..<count {
            guard let value = await next(sourceLocation: sourceLocation) else { break }
            values.append(value)
        }
        return values
    }

    /// Every value until the stream ends.
    func rest() async -> [Element] {
        var iterator = self.iterator
        var values: [Element] = []
        while let value = await iterator.next(isolation: #isolation) { values.append(value) }
        self.iterator = iterator
        return values
    }
}

/// A view model's input: send events, then end it.
struct Events<Event: Sendable> {
    let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    func send(_ events: Event...) {
        for event in events { continuation.yield(event) }
    }

    /// Ends the input, as a screen that goes away does; the outputs then finish.
    func end() {
        continuation.finish()
    }
}
