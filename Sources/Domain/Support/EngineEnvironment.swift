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
            now: { Date() }, calendar: .current, timeZone: .current, makeID: { randomID() })
    }

    /// A random (version 4) UUID from the system's secure generator. On Linux `UUID()` opens,
    /// reads and closes `/dev/urandom` for each one, which an import of many cards pays many times.
    static func randomID() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bits = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bits) { bytes in
            bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
            bytes[8] = bytes[8] & 0x3F | 0x80  // the RFC 4122 variant
            return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
        }
    }

    /// The user's time zone.
    public var timeZone: TimeZone { calendar.timeZone }

    /// The day it is now for the user.
    public func today() -> Day {
        Day(containing: now(), in: calendar)
    }
}
