import ProjectManagerDomain

/// English summaries of repeat rules: "every 2nd and 4th Sunday", "every 2 weeks on Tuesday and
/// Thursday", "every year in June and July on the 10th".
enum EnglishRecurrence {
    static func summary(_ rule: RecurrenceRule) -> String {
        let parts = RecurrenceSummaryParts(rule: rule)
        var text: String
        if rule.frequency == .monthly, rule.interval == 1, let (weekday, ordinals) = parts.sameWeekdayOrdinals {
            text = "every \(list(ordinals.map(ordinal))) \(name(weekday))"
        } else {
            text = every(rule)
            if !rule.byMonth.isEmpty { text += " in \(list(rule.byMonth.map(month)))" }
            var days: [String] = []
            if !rule.byMonthDay.isEmpty { days.append("the \(list(rule.byMonthDay.map(monthDay)))") }
            if let weekdays = parts.plainWeekdays {
                days.append(list(weekdays.map(name)))
            } else if let (weekday, ordinals) = parts.sameWeekdayOrdinals {
                days.append("the \(list(ordinals.map(ordinal))) \(name(weekday))")
            } else if !rule.byDay.isEmpty {
                days.append(list(rule.byDay.map(entry)))
            }
            if !days.isEmpty {
                let joined = days.joined(separator: " that is a ")
                text +=
                    rule.bySetPosition.isEmpty
                    ? " on \(joined)"
                    : " on the \(list(rule.bySetPosition.map(ordinal))) of \(joined)"
            }
        }
        if let count = parts.count { text += count == 1 ? ", once" : ", \(count) times" }
        return text
    }

    static func until(_ day: String) -> String { ", until \(day)" }

    /// What to fix in a rule that does not parse, naming the part at fault.
    static func problem(_ error: RecurrenceRuleError) -> String {
        switch error {
        case .empty: "Write a repeat rule, such as FREQ=MONTHLY;BYDAY=2SU,4SU."
        case .malformedPart(let part): "'\(part)' is not a rule part: write NAME=VALUE parts separated by ';'."
        case .unknownPart(let name): "\(name) is not a repeat rule part."
        case .unsupportedPart(let name): "\(name) is not supported: repeat rules are over whole days."
        case .duplicatePart(let name): "\(name) is given twice: give it once."
        case .missingFrequency: "Start the rule with FREQ=DAILY, WEEKLY, MONTHLY or YEARLY."
        case .invalidValue(let part): "\(part) is not a valid value."
        case .countWithUntil: "Give COUNT or UNTIL, not both."
        case .ordinalOutsideMonthlyOrYearly(let part): "\(part): only monthly and yearly rules can number weekdays."
        case .monthDayInWeeklyRule: "A weekly rule cannot have BYMONTHDAY: use BYDAY, or FREQ=MONTHLY."
        case .setPositionWithoutOtherParts: "BYSETPOS needs another BY part to choose from."
        }
    }

    private static func every(_ rule: RecurrenceRule) -> String {
        let unit =
            switch rule.frequency {
            case .daily: "day"
            case .weekly: "week"
            case .monthly: "month"
            case .yearly: "year"
            }
        return rule.interval == 1 ? "every \(unit)" : "every \(rule.interval) \(unit)s"
    }

    private static func entry(_ entry: RecurrenceRule.WeekdayEntry) -> String {
        guard let value = entry.ordinal else { return name(entry.weekday) }
        return "the \(ordinal(value)) \(name(entry.weekday))"
    }

    /// "1st", "2nd", "last", "2nd to last".
    private static func ordinal(_ value: Int) -> String {
        if value == -1 { return "last" }
        if value < 0 { return "\(ordinal(-value)) to last" }
        let suffix =
            switch (value % 10, value % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
        return "\(value)\(suffix)"
    }

    private static func monthDay(_ value: Int) -> String {
        value > 0 ? ordinal(value) : "\(ordinal(value)) day"
    }

    private static func name(_ weekday: Weekday) -> String {
        switch weekday {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    private static func month(_ value: Int) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December",
        ]
        return names.indices.contains(value - 1) ? names[value - 1] : "month \(value)"
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
