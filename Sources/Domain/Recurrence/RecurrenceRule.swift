/// A recurrence rule of RFC 5545 (section 3.3.10) over whole calendar days: `RRULE` text such as
/// `FREQ=MONTHLY;BYDAY=2SU,4SU`, the 2nd and 4th Sunday of every month.
///
/// The rule holds `FREQ`, `INTERVAL`, `COUNT` or `UNTIL`, `BYDAY` (with ordinals in `MONTHLY` and
/// `YEARLY` rules), `BYMONTHDAY` and `BYSETPOS` (negative values count from the end), `BYMONTH` and
/// `WKST`. Its values are checked when it is made, so every rule that exists is valid; the lists
/// are kept sorted and without repeats, so two rules that mean the same are equal and print the
/// same text.
///
/// ```swift
/// let closings = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU")
/// closings.byDay        // [2SU, 4SU]
/// closings.description  // "FREQ=MONTHLY;BYDAY=2SU,4SU"
/// ```
///
/// A ``Recurrence`` pairs a rule with its first day (`DTSTART`) and its exceptions (`EXDATE`) and
/// lists the occurrences.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    /// How often the rule repeats: the length of one period.
    public enum Frequency: String, Hashable, Sendable, CaseIterable {
        /// A period of one day.
        case daily = "DAILY"
        /// A period of one week.
        case weekly = "WEEKLY"
        /// A period of one month.
        case monthly = "MONTHLY"
        /// A period of one year.
        case yearly = "YEARLY"
    }

    /// When the rule stops.
    public enum End: Hashable, Sendable {
        /// It repeats forever (until the year 9999).
        case never
        /// After this many occurrences (`COUNT`), counted from the first day.
        case afterCount(Int)
        /// On this day, included when it is an occurrence (`UNTIL`).
        case until(Day)
    }

    /// A weekday, with an ordinal in `MONTHLY` and `YEARLY` rules: `SU` (every Sunday), `2SU` (the
    /// second Sunday), `-1FR` (the last Friday).
    public struct WeekdayEntry: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The day of the week.
        public var weekday: Weekday
        /// Which of the month's (or the year's) such weekdays: 1 is the first, -1 the last; `nil` is
        /// every one.
        public var ordinal: Int?

        /// A weekday with an optional ordinal; the rule checks the ordinal's range.
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        /// `SU`, `2SU`, `-1FR`.
        public var description: String {
            (ordinal.map(String.init) ?? "") + weekday.code
        }

        /// By weekday, then every one first, then the first, second, … and the last ones after.
        public static func < (lhs: WeekdayEntry, rhs: WeekdayEntry) -> Bool {
            (lhs.weekday, sortKey(lhs.ordinal ?? 0)) < (rhs.weekday, sortKey(rhs.ordinal ?? 0))
        }
    }

    /// The length of one period.
    public let frequency: Frequency
    /// How many periods from one repetition to the next, from 1.
    public let interval: Int
    /// When the rule stops.
    public let end: End
    /// The weekdays (`BYDAY`), sorted.
    public let byDay: [WeekdayEntry]
    /// The days of the month (`BYMONTHDAY`), 1…31 or -31…-1 (-1 is the last), sorted.
    public let byMonthDay: [Int]
    /// The months (`BYMONTH`), 1…12, sorted.
    public let byMonth: [Int]
    /// Which of each period's days to keep (`BYSETPOS`), 1…366 or -366…-1, sorted.
    public let bySetPosition: [Int]
    /// The day weeks start on (`WKST`), Monday unless told.
    public let weekStart: Weekday

    /// Makes a rule from its parts, checking them as RFC 5545 does.
    ///
    /// - Throws: ``RecurrenceRuleError/invalidValue(_:)`` for a value out of range,
    ///   ``RecurrenceRuleError/ordinalOutsideMonthlyOrYearly(_:)``,
    ///   ``RecurrenceRuleError/monthDayInWeeklyRule`` and
    ///   ``RecurrenceRuleError/setPositionWithoutOtherParts``.
    /// - Complexity: O(*p*) for *p* values in the `BY…` parts.
    public init(
        frequency: Frequency,
        interval: Int = 1,
        end: End = .never,
        byDay: [WeekdayEntry] = [],
        byMonthDay: [Int] = [],
        byMonth: [Int] = [],
        bySetPosition: [Int] = [],
        weekStart: Weekday = .monday
    ) throws(RecurrenceRuleError) {
        guard interval >= 1 else { throw .invalidValue("INTERVAL=\(interval)") }
        switch end {
        case .never: break
        case .afterCount(let count):
            guard count >= 1 else { throw .invalidValue("COUNT=\(count)") }
        case .until(let day):
            guard day.isValid else { throw .invalidValue("UNTIL=\(Self.compact(day))") }
        }
        self.frequency = frequency
        self.interval = interval
        self.end = end
        self.byDay = Array(Set(byDay)).sorted()
        self.byMonthDay = Array(Set(byMonthDay)).sorted { Self.sortKey($0) < Self.sortKey($1) }
        self.byMonth = Array(Set(byMonth)).sorted()
        self.bySetPosition = Array(Set(bySetPosition)).sorted { Self.sortKey($0) < Self.sortKey($1) }
        self.weekStart = weekStart
        try check()
    }

    private func check() throws(RecurrenceRuleError) {
        let ordinalLimit = frequency == .yearly && byMonth.isEmpty ? 53 : 5
        for entry in byDay {
            guard let ordinal = entry.ordinal else { continue }
            guard frequency == .monthly || frequency == .yearly else {
                throw .ordinalOutsideMonthlyOrYearly("BYDAY=\(Self.list(byDay))")
            }
            guard ordinal != 0, abs(ordinal) <= ordinalLimit else { throw .invalidValue("BYDAY=\(entry)") }
        }
        if let bad = byMonthDay.first(where: { $0 == 0 || abs($0) > 31 }) { throw .invalidValue("BYMONTHDAY=\(bad)") }
        if let bad = byMonth.first(where: { !(1...12).contains($0) }) { throw .invalidValue("BYMONTH=\(bad)") }
        if let bad = bySetPosition.first(where: { $0 == 0 || abs($0) > 366 }) { throw .invalidValue("BYSETPOS=\(bad)") }
        if frequency == .weekly, !byMonthDay.isEmpty { throw .monthDayInWeeklyRule }
        if !bySetPosition.isEmpty, byDay.isEmpty, byMonthDay.isEmpty, byMonth.isEmpty {
            throw .setPositionWithoutOtherParts
        }
    }

    /// The same rule ending differently.
    /// - Throws: ``RecurrenceRuleError/invalidValue(_:)`` for a `COUNT` below 1.
    public func ending(_ end: End) throws(RecurrenceRuleError) -> RecurrenceRule {
        try RecurrenceRule(
            frequency: frequency, interval: interval, end: end, byDay: byDay, byMonthDay: byMonthDay,
            byMonth: byMonth, bySetPosition: bySetPosition, weekStart: weekStart)
    }

    /// The rule as RRULE text, parts in a fixed order and defaults left out:
    /// `FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYMONTH=1,7;BYMONTHDAY=10,-1;BYDAY=2SU;BYSETPOS=1;WKST=SU`.
    public var description: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        switch end {
        case .never: break
        case .afterCount(let count): parts.append("COUNT=\(count)")
        case .until(let day): parts.append("UNTIL=\(Self.compact(day))")
        }
        if !byMonth.isEmpty { parts.append("BYMONTH=\(Self.list(byMonth))") }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=\(Self.list(byMonthDay))") }
        if !byDay.isEmpty { parts.append("BYDAY=\(Self.list(byDay))") }
        if !bySetPosition.isEmpty { parts.append("BYSETPOS=\(Self.list(bySetPosition))") }
        if weekStart != .monday { parts.append("WKST=\(weekStart.code)") }
        return parts.joined(separator: ";")
    }

    // MARK: - Helpers

    /// Positive values first, ascending, then negative ones, so that -1 (the last) comes last.
    static func sortKey(_ value: Int) -> Int { value >= 0 ? value : 1_000 + value }

    static func list(_ values: [some CustomStringConvertible]) -> String {
        values.map(\.description).joined(separator: ",")
    }

    /// `YYYYMMDD`, the RFC 5545 form of a date.
    static func compact(_ day: Day) -> String {
        day.description.filter { $0 != "-" }
    }
}
