/// A day of the week, written in RFC 5545 as `MO` … `SU`.
public enum Weekday: Int, Hashable, Sendable, CaseIterable, Comparable, Codable {
    /// Monday (`MO`).
    case monday
    /// Tuesday (`TU`).
    case tuesday
    /// Wednesday (`WE`).
    case wednesday
    /// Thursday (`TH`).
    case thursday
    /// Friday (`FR`).
    case friday
    /// Saturday (`SA`).
    case saturday
    /// Sunday (`SU`).
    case sunday

    /// The RFC 5545 code: `MO`, `TU`, `WE`, `TH`, `FR`, `SA`, `SU`.
    public var code: String {
        switch self {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }

    /// The weekday with this RFC 5545 code, in any case, or `nil`.
    public init?(code: some StringProtocol) {
        guard let weekday = Self.allCases.first(where: { $0.code == code.uppercased() }) else { return nil }
        self = weekday
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Day {
    /// The number of days from 1970-01-01 to this day (negative before it), in the proleptic
    /// Gregorian calendar; the inverse of ``init(dayNumber:)``.
    ///
    /// - Complexity: O(1), by arithmetic alone (H. Hinnant's `days_from_civil`).
    public var dayNumber: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `dayNumber` days after 1970-01-01.
    ///
    /// - Complexity: O(1).
    public init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday, index 3 from Monday.
        let index = ((dayNumber + 3) % 7 + 7) % 7
        return Weekday(rawValue: index) ?? .monday
    }

    /// The day `days` days later (earlier, when negative).
    public func adding(days: Int) -> Day {
        Day(dayNumber: dayNumber + days)
    }

    /// Whether `year` has a 29th of February.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }
}
