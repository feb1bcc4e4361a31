import Foundation
import ProjectManager

/// `pm recur`: prints the days a repeat rule falls on, one ISO date a line; a tool to check a rule.
///
/// ```
/// $ pm recur "FREQ=MONTHLY;BYDAY=2SU,4SU" --start 2026-01-01 --count 3
/// 2026-01-11
/// 2026-01-25
/// 2026-02-08
/// ```
struct RecurCommand: Command {
    static let start = Option("--start", "YYYY-MM-DD", help: "the first day of the rule (DTSTART)", required: true) {
        text, name throws(CommandLineError) in try day(text, option: name)
    }
    static let count = Option("--count", "N", help: "print at most N days") { text, name throws(CommandLineError) in
        guard text.allSatisfy(\.isASCII), let count = Int(text), count >= 1 else {
            throw .usage("bad \(name) '\(text)': give a whole number of days, 1 or more")
        }
        return count
    }
    static let until = Option("--until", "YYYY-MM-DD", help: "print no day after this one") {
        text, name throws(CommandLineError) in try day(text, option: name)
    }
    static let json = JSONFormat.flag(help: "print the rule, its summary and the days as JSON")

    static let configuration = CommandConfiguration(
        name: "recur", abstract: "print the days a repeat rule falls on",
        discussion: """
            RULE is RRULE text (RFC 5545): FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, with INTERVAL, COUNT \
            or UNTIL, BYDAY (2SU, -1FR), BYMONTHDAY (10, -1), BYMONTH, BYSETPOS and WKST. The start day \
            is a day only when the rule falls on it. Without \(count.name) or \(until.name), and without COUNT or \
            UNTIL in the rule, it prints \(defaultCount) days.
            """,
        arguments: [
            CommandArgument(
                valueName: "RULE", noun: "a repeat rule", help: "RRULE text, e.g. FREQ=MONTHLY;BYDAY=2SU,4SU")
        ],
        options: [start, count, until, json, JSONFormat.pretty],
        extraArgumentHint: "quote the rule: it holds ';'")

    /// How many days an endless rule prints unless told.
    static let defaultCount = 10

    let rule: RecurrenceRule
    let start: Day
    let count: Int?
    let until: Day?
    let json: JSONFormat?

    init(rule: RecurrenceRule, start: Day, count: Int? = nil, until: Day? = nil, json: JSONFormat? = nil) {
        (self.rule, self.start, self.count, self.until, self.json) = (rule, start, count, until, json)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        do {
            rule = try RecurrenceRule(parsing: arguments.positionals[0])
        } catch {
            throw .usage("bad RULE: \(error.description)")
        }
        guard let start = try arguments[Self.start] else {
            throw .usage("pm recur needs \(Self.start.synopsis), the rule's first day")
        }
        self.start = start
        count = try arguments[Self.count]
        until = try arguments[Self.until]
        json = try JSONFormat.parse(arguments)
    }

    private static func day(_ text: String, option: String) throws(CommandLineError) -> Day {
        do {
            return try Day(parsing: text)
        } catch {
            throw .usage("bad \(option): \(error.description)")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let recurrence = Recurrence(start: start, rule: rule)
        let days: [Day]
        do {
            let all = try recurrence.occurrences()
            let limit = count ?? (until == nil && rule.end == .never ? Self.defaultCount : Int.max)
            let last = until ?? Day(year: 9999, month: 12, day: 31)
            days = Array(all.prefix { $0 <= last }.prefix(limit))
        } catch {
            throw .runtime(error.description)
        }
        guard let json else {
            context.print(days.map(\.description))
            return
        }
        let localizer = Localizer(
            locale: Locale(identifier: "en_US"), calendar: context.tool.engineEnvironment.calendar,
            timeZone: context.tool.engineEnvironment.timeZone, dateStyle: .numeric)
        let document = RecurrenceJSON(
            rule: rule.description, summary: localizer.summary(of: rule), start: start.description,
            occurrences: days.map(\.description))
        try context.printJSON(document, json)
    }
}

/// `pm recur --json`'s document.
private struct RecurrenceJSON: Encodable {
    let rule: String
    let summary: String
    let start: String
    let occurrences: [String]
}
