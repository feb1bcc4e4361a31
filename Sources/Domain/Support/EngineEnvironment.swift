import Foundation

/// The outside world the domain reads: the clock, the user's calendar and time zone, and new ids.
///
/// Inject a fixed environment in tests so that nothing depends on today's date:
/// ```swift
/// var calendar = Calendar(identifier: .gregorian)
/// let environment = EngineEnvironment(
///     now: { Date(timeIntervalSince1970: 1_800_000_000) },
///     calendar: calendar,
///     timeZone: TimeZone(identifier: "Asia/Seoul")!,
///     makeID: { UUID() })
/// ```
public struct EngineEnvironment: Sendable {
    /// The current instant.
    public var now: @Sendable () -> Date
    /// The user's calendar, with ``timeZone`` set on it.
    public private(set) var calendar: Calendar
    /// A fresh identifier.
    public var makeID: @Sendable () -> UUID

    /// Builds an environment; `timeZone` is set on `calendar`.
    public init(
        now: @escaping @Sendable () -> Date,
        calendar: Calendar,
        timeZone: TimeZone,
        makeID: @escaping @Sendable () -> UUID
    ) {
        var calendar = calendar
        calendar.timeZone = timeZone
        self.now = now
        self.calendar = calendar
        self.makeID = makeID
    }

    /// The system clock, the user's current calendar and time zone, and random UUIDs.
    public static var live: EngineEnvironment {
        EngineEnvironment(
            now: { Date() }, calendar: .current, timeZone: .current, makeID: { UUID() })
    }

    /// The user's time zone.
    public var timeZone: TimeZone { calendar.timeZone }

    /// The day it is now for the user.
    public func today() -> Day {
        Day(containing: now(), in: calendar)
    }
}
