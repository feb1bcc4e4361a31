/// A wall-clock time of day, to the minute: 09:00.
public struct TimeOfDay: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// 0…23.
    public let hour: Int
    /// 0…59.
    public let minute: Int

    /// A time of day; `nil` when the hour or the minute is out of range.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// 09:00.
    public static let nineInTheMorning = TimeOfDay(uncheckedHour: 9, minute: 0)

    private init(uncheckedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` on a 24-hour clock.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = TimeOfDay(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a time HH:MM")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// When a project reminds its user: a number of days before each due day, at a time of day in the
/// user's time zone, or never.
///
/// ```swift
/// ReminderRule.standard             // the day before, at 09:00
/// ReminderRule.before(days: 0, at: TimeOfDay(hour: 18, minute: 30)!)  // on the day, at 18:30
/// ```
public enum ReminderRule: Hashable, Sendable, Codable {
    /// No reminder.
    case off
    /// `days` days before the due day (0: on the day), at `time` in the user's time zone.
    case before(days: Int, at: TimeOfDay)

    /// The day before, at 09:00: the default for every project with a deadline or a repeat rule.
    public static let standard = ReminderRule.before(days: 1, at: .nineInTheMorning)

    /// The longest offset, in days: a year.
    public static let longestOffset = 366
}
