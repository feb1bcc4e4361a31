/// A view model's input: the user's events, in the order they happened.
///
/// Every screen's `Input` is one of these over its own `Event` type, so that events are handled
/// one at a time, in order:
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: BoardViewModel.Event.self)
/// let output = board.transform(BoardViewModel.Input(events: events))
/// send.yield(.appear)
/// ```
public struct EventInput<Event: Sendable>: Sendable {
    /// The events, in the order the user made them; finish it when the screen goes away.
    public var events: AsyncStream<Event>

    /// An input over `events`.
    public init(events: AsyncStream<Event>) {
        self.events = events
    }
}
