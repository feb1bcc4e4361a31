extension AsyncStream where Element: Sendable {
    /// One stream of `leader`'s and `follower`'s elements, each transformed, in the order they
    /// arrive. It finishes when `leader` finishes, and stops reading `follower` then.
    ///
    /// A view model merges its input (the leader) with the store's change stream so that it
    /// handles both one at a time, in a single loop, and ends when its input ends.
    static func merging<Leader: Sendable, Follower: Sendable>(
        _ leader: AsyncStream<Leader>, _ transformLeader: @escaping @Sendable (Leader) -> Element,
        with follower: AsyncStream<Follower>, _ transformFollower: @escaping @Sendable (Follower) -> Element
    ) -> AsyncStream<Element> {
        let (merged, continuation) = AsyncStream.makeStream(of: Element.self)
        let followerReader = Task {
            for await element in follower { continuation.yield(transformFollower(element)) }
        }
        let leaderReader = Task {
            for await element in leader { continuation.yield(transformLeader(element)) }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            leaderReader.cancel()
            followerReader.cancel()
        }
        return merged
    }
}
