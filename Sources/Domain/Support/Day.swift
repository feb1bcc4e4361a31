import Foundation

/// A calendar day in the proleptic Gregorian calendar, without a time or a time zone.
///
/// A deadline is a day, not an instant: "due 2026-12-24" means the same day wherever the user is.
/// A `Day` can hold a date that does not exist (`2026-02-30`), so that a form can report it;
/// ``isValid`` tells, and validation refuses such a deadline.
///
/// ```swift
/// let due = try Day(parsing: "2026-12-24")
/// due.description // "2026-12-24"
/// ```
public struct Day: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The year, in the Gregorian calendar.
    public var year: Int
    /// The month, from 1 (January) to 12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int

    /// Makes a day from its parts, without checking that the day exists.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses an ISO 8601 calendar date, `YYYY-MM-DD`.
    ///
    /// - Throws: ``DayParseError/malformed(_:)`` when the text is not of that form,
    ///   ``DayParseError/nonexistent(_:)`` when it names a day that does not exist.
    ///
    /// - Complexity: O(1); reads the text's UTF-8 bytes, so that decoding a store's many
    ///   deadlines stays cheap.
    public init(parsing text: String) throws(DayParseError) {
        let bytes = Array(text.utf8)
        // Ten ASCII bytes, four digits, a hyphen, two digits, a hyphen, two digits.
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { throw .malformed(text) }
        self.init(year: year, month: month, day: day)
        guard isValid else { throw .nonexistent(text) }
    }

    /// The Gregorian day that `date` falls on in `calendar`'s time zone.
    ///
    /// Days are Gregorian whatever calendar the user reads dates in (Buddhist, Japanese, …): only
    /// the calendar's time zone is used, so a deadline means the same day everywhere.
    public init(containing date: Date, in calendar: Calendar) {
        let local = date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))
        // From 1900 to 9999 the day is worked out from the count of days since 1970; before, the
        // calendar answers, since Foundation's Gregorian calendar is Julian before October 1582.
        if local >= -2_208_988_800, local < 253_402_300_800 {
            self.init(daysSince1970: Int((local / 86_400).rounded(.down)))
            return
        }
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        let parts = gregorian.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The proleptic Gregorian day `days` after 1 January 1970 (Howard Hinnant's `civil_from_days`).
    private init(daysSince1970 days: Int) {
        let shifted = days + 719_468  // from 1 March of year 0
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // from March
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(
            year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
            day: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    /// Whether this day exists: a month from 1 to 12 and a day within that month.
    public var isValid: Bool {
        (1...9999).contains(year) && (1...12).contains(month)
            && (1...Self.daysIn(month: month, year: year)).contains(day)
    }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The start of this day in `calendar`'s time zone, or `nil` when the day does not exist.
    public func start(in calendar: Calendar) -> Date? {
        guard isValid else { return nil }
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }
}

extension Day: Codable {
    /// Decodes `YYYY-MM-DD`.
    /// - Throws: `DecodingError.dataCorrupted` when the text is not a day that exists; the
    ///   decoder's errors when it holds no string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: error.description)
        }
    }

    /// Encodes `YYYY-MM-DD`.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Why a text is not a day.
public enum DayParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not of the form `YYYY-MM-DD`.
    case malformed(String)
    /// The text has the right form but names a day that does not exist, such as `2026-02-30`.
    case nonexistent(String)

    public var description: String {
        switch self {
        case .malformed(let text): "'\(text)' is not a date: write it as YYYY-MM-DD, e.g. 2026-12-24"
        case .nonexistent(let text): "'\(text)' is not a day of the calendar: check the month and the day"
        }
    }
}
