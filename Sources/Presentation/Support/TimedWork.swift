import ProjectManagerDomain

/// What a view model with timers works through, one item at a time: its input's events, the
/// store's changes, and what its own timers send once they fire.
///
/// The stream finishes when the input does; ``finish()`` then stops the store's changes and the
/// timers' channel.
struct TimedWork<Work: Sendable> {
    /// The events, changes and timer items, in the order they arrive.
    let items: AsyncStream<Work>
    /// Where a timer sends its item.
    let timers: AsyncStream<Work>.Continuation
    private let forwarder: Task<Void, Never>

    init<Event: Sendable>(
        events: AsyncStream<Event>, _ event: @escaping @Sendable (Event) -> Work,
        changes: AsyncStream<RepositoryChange>, _ changed: Work
    ) {
        let (timed, timers) = AsyncStream.makeStream(of: Work.self)
        forwarder = Task {
            for await _ in changes { timers.yield(changed) }
        }
        self.timers = timers
        items = AsyncStream<Work>.merging(events, event, with: timed, { $0 })
    }

    /// Stops reading the store's changes and closes the timers' channel.
    func finish() {
        forwarder.cancel()
        timers.finish()
    }
}
