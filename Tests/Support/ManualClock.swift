import Synchronization

/// A `Clock` that stands still until a test moves it, for debouncing and timeouts.
///
/// A task that sleeps on it wakes when ``advance(by:)`` reaches its deadline, or throws
/// `CancellationError` when cancelled. ``sleepCalls(reaching:)`` waits until the code under test
/// has gone to sleep, so that a test never moves the clock too early:
/// ```swift
/// events.send(.queryChanged("보고"))
/// await clock.sleepCalls(reaching: 1)
/// clock.advance(by: .milliseconds(250))
/// ```
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        /// The time since the clock was made.
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextKey = 0
        var sleepCalls = 0
        var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let key = state.withLock { state in
            defer { state.nextKey += 1 }
            return state.nextKey
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (wakeNow, waiters) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    state.sleepCalls += 1
                    let ready = state.callWaiters.filter { $0.count <= state.sleepCalls }.map(\.continuation)
                    state.callWaiters.removeAll { $0.count <= state.sleepCalls }
                    if deadline <= state.now || Task.isCancelled { return (true, ready) }
                    state.sleepers[key] = Sleeper(deadline: deadline, continuation: continuation)
                    return (false, ready)
                }
                for waiter in waiters { waiter.resume() }
                if wakeNow {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: key) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline it reaches.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for key in due.keys { state.sleepers.removeValue(forKey: key) }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// How many tasks are asleep on the clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Returns once `sleep` has been called `count` times in all, since the clock was made.
    public func sleepCalls(reaching count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleepCalls >= count { return true }
                state.callWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
