import Foundation

/// When an email may try to sign in again after failures: a few free tries, then a wait that
/// doubles with each further failure.
///
/// With the default policy, the fifth failure in a row makes the email wait 30 s, the sixth 60 s,
/// the seventh 120 s, up to an hour; a successful sign-in clears the count. The store keeps the
/// count, so restarting does not reset it.
public struct SignInBackoff: Hashable, Sendable {
    /// Failures in a row before the first wait.
    public var freeFailures: Int
    /// The first wait.
    public var initialDelay: TimeInterval
    /// The longest wait.
    public var maximumDelay: TimeInterval

    /// A policy with `freeFailures` free tries, then waits from `initialDelay` doubling up to
    /// `maximumDelay` seconds; by default 5, 30 s and an hour.
    public init(freeFailures: Int = 5, initialDelay: TimeInterval = 30, maximumDelay: TimeInterval = 3_600) {
        self.freeFailures = freeFailures
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The wait after `failures` failures in a row: none before ``freeFailures``, then
    /// ``initialDelay`` doubled once per failure past it, at most ``maximumDelay``.
    public func delay(afterFailures failures: Int) -> TimeInterval {
        guard failures >= freeFailures else { return 0 }
        let doublings = min(failures - freeFailures, 32)
        return min(initialDelay * pow(2, Double(doublings)), maximumDelay)
    }
}

/// One email's failed sign-ins in a row, as the store keeps them.
public struct FailedSignIns: Hashable, Sendable, Codable {
    /// Failures since the last success.
    public private(set) var count: Int
    /// When the email may try again; `nil` when it may now.
    public private(set) var retryAt: Date?

    /// A count of `count` failures that may try again at `retryAt` (`nil`: now); by default none.
    public init(count: Int = 0, retryAt: Date? = nil) {
        self.count = count
        self.retryAt = retryAt
    }

    /// Whether a sign-in must wait at `now`, and until when.
    public func waitsUntil(now: Date) -> Date? {
        guard let retryAt, now < retryAt else { return nil }
        return retryAt
    }

    /// Counts one more failure at `now`.
    public mutating func recordFailure(at now: Date, backoff: SignInBackoff) {
        count += 1
        let delay = backoff.delay(afterFailures: count)
        retryAt = delay > 0 ? now.addingTimeInterval(delay) : nil
    }
}
