/// Why a text or a set of parts is not a recurrence rule this engine understands.
///
/// Each case names the offending part as written, so the message can point at it:
/// ```swift
/// try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=5XX")  // throws .invalidValue("BYDAY=5XX")
/// ```
public enum RecurrenceRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is empty.
    case empty
    /// A part is not of the form `NAME=VALUE`.
    case malformedPart(String)
    /// A part name RFC 5545 does not define.
    case unknownPart(String)
    /// A part RFC 5545 defines but that has no meaning for whole days (`BYHOUR`, `BYMINUTE`,
    /// `BYSECOND`) or that this engine does not evaluate (`BYWEEKNO`, `BYYEARDAY`).
    case unsupportedPart(String)
    /// The same part appears twice.
    case duplicatePart(String)
    /// There is no `FREQ` part.
    case missingFrequency
    /// A part's value is out of range or not of its type, e.g. `BYDAY=5XX`, `INTERVAL=0`,
    /// `FREQ=HOURLY`, `UNTIL=20261301`; the associated text is the whole part.
    case invalidValue(String)
    /// `COUNT` and `UNTIL` are both given; RFC 5545 allows one or the other.
    case countWithUntil
    /// `BYDAY` has an ordinal (`2MO`) in a rule that is not `MONTHLY` or `YEARLY`; the associated
    /// text is the `BYDAY` part.
    case ordinalOutsideMonthlyOrYearly(String)
    /// `BYMONTHDAY` is given in a `WEEKLY` rule, which RFC 5545 forbids.
    case monthDayInWeeklyRule
    /// `BYSETPOS` is given without another `BY…` part to pick from.
    case setPositionWithoutOtherParts

    public var description: String {
        switch self {
        case .empty:
            "the repeat rule is empty: write RRULE text such as FREQ=MONTHLY;BYDAY=2SU,4SU"
        case .malformedPart(let part):
            "'\(part)' is not a rule part: write NAME=VALUE parts separated by ';', e.g. FREQ=WEEKLY;BYDAY=MO"
        case .unknownPart(let name):
            "\(name) is not an RRULE part: use FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS or WKST"
        case .unsupportedPart(let name):
            "\(name) is not supported for whole-day rules: use FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS or WKST"
        case .duplicatePart(let name):
            "\(name) is given twice: give each part once"
        case .missingFrequency:
            "the rule has no FREQ: start it with FREQ=DAILY, WEEKLY, MONTHLY or YEARLY"
        case .invalidValue(let part):
            "\(part) is not valid: \(Self.hint(for: part))"
        case .countWithUntil:
            "COUNT and UNTIL are both given: keep one of them"
        case .ordinalOutsideMonthlyOrYearly(let part):
            "\(part) has an ordinal, which only MONTHLY and YEARLY rules allow: drop the number or change FREQ"
        case .monthDayInWeeklyRule:
            "BYMONTHDAY cannot be used with FREQ=WEEKLY: use FREQ=MONTHLY, or BYDAY"
        case .setPositionWithoutOtherParts:
            "BYSETPOS needs another BY part to choose from, e.g. FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
        }
    }

    /// What a valid value of the part looks like.
    private static func hint(for part: String) -> String {
        let name = part.prefix { $0 != "=" }.uppercased()
        switch name {
        case "FREQ": return "use DAILY, WEEKLY, MONTHLY or YEARLY"
        case "INTERVAL": return "use a whole number from 1"
        case "COUNT": return "use a whole number from 1"
        case "UNTIL": return "use a day written YYYYMMDD, e.g. 20261224"
        case "BYDAY":
            return "write weekdays as MO, TU, WE, TH, FR, SA, SU, with an optional ordinal such as 2SU or -1FR"
        case "BYMONTHDAY": return "use days from 1 to 31 or from -31 to -1, separated by commas"
        case "BYMONTH": return "use months from 1 to 12, separated by commas"
        case "BYSETPOS": return "use positions from 1 to 366 or from -366 to -1, separated by commas"
        case "WKST": return "use MO, TU, WE, TH, FR, SA or SU"
        default: return "check the value"
        }
    }
}

/// Why the occurrences of a recurrence could not be listed.
public enum RecurrenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule can never produce a day, such as the 30th of February every year; the search
    /// stopped after a whole cycle of the Gregorian calendar (400 years) found none.
    case neverOccurs(RecurrenceRule)

    public var description: String {
        switch self {
        case .neverOccurs(let rule):
            "\(rule) never falls on a day of the calendar: check its BYMONTH, BYMONTHDAY and BYDAY parts"
        }
    }
}
