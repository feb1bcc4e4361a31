import Foundation

/// Writes projects as an iCalendar document (RFC 5545) that calendar apps subscribe to: each dated
/// project a `VTODO` due on its day, each repeating one an all-day `VEVENT` with its `RRULE` and
/// `EXDATE`, each with a `VALARM` for its reminder.
///
/// The text has `CRLF` line ends, lines folded at 75 octets (never inside a UTF-8 sequence), and
/// `,` `;` `\` and line breaks escaped. A project's `UID` is its id and its `DTSTAMP` the time it
/// last changed, so writing the feed again without changes gives the same text.
///
/// ```swift
/// let text = CalendarFeed(name: "Projects", items: items).text
/// ```
public struct CalendarFeed: Sendable {
    /// One project, as the feed shows it.
    public struct Item: Hashable, Sendable {
        /// When a project is due: on one day, or on every occurrence of a repeat rule.
        public enum Schedule: Hashable, Sendable {
            /// Due on one day: a `VTODO`.
            case due(Day)
            /// Repeating: an all-day `VEVENT`.
            case repeating(Recurrence)
        }

        /// The project: the `UID`.
        public var id: Project.ID
        /// The project's title: the `SUMMARY`.
        public var title: String
        /// The project's body: the `DESCRIPTION`, left out when empty.
        public var body: String
        /// When the project is due: a `VTODO`'s `DUE`, or a `VEVENT`'s `DTSTART`, `RRULE` and `EXDATE`.
        public var schedule: Schedule
        /// Whether the project is done: a `VTODO` gets `STATUS:COMPLETED`.
        public var isDone: Bool
        /// When to remind of it: the `VALARM`, none for ``ReminderRule/off``.
        public var reminder: ReminderRule
        /// When the project last changed: the `DTSTAMP`.
        public var updatedAt: Date

        /// One project as the feed shows it; not done, with the standard reminder, by default.
        public init(
            id: Project.ID, title: String, body: String = "", schedule: Schedule, isDone: Bool = false,
            reminder: ReminderRule = .standard, updatedAt: Date
        ) {
            self.id = id
            self.title = title
            self.body = body
            self.schedule = schedule
            self.isDone = isDone
            self.reminder = reminder
            self.updatedAt = updatedAt
        }
    }

    /// The calendar's name (`X-WR-CALNAME`).
    public var name: String
    /// The projects, each one component, in this order.
    public var items: [Item]

    /// A calendar called `name` holding `items`.
    public init(name: String, items: [Item]) {
        self.name = name
        self.items = items
    }

    /// The longest line, in octets, without its `CRLF`.
    public static let lineLimit = 75

    /// The document.
    public var text: String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ProjectManager//pm//EN", "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:\(Self.escape(name))",
        ]
        for item in items { lines += Self.component(item) }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined()
    }

    // MARK: - Components

    private static func component(_ item: Item) -> [String] {
        var lines: [String]
        let kind: String
        switch item.schedule {
        case .due(let day):
            kind = "VTODO"
            lines = [
                "BEGIN:VTODO", "UID:\(item.id)", "DTSTAMP:\(timestamp(item.updatedAt))",
                "DUE;VALUE=DATE:\(date(day))", "STATUS:\(item.isDone ? "COMPLETED" : "NEEDS-ACTION")",
            ]
        case .repeating(let recurrence):
            kind = "VEVENT"
            lines = [
                "BEGIN:VEVENT", "UID:\(item.id)", "DTSTAMP:\(timestamp(item.updatedAt))",
                "DTSTART;VALUE=DATE:\(date(firstDay(of: recurrence)))", "RRULE:\(recurrence.rule)",
                "TRANSP:TRANSPARENT",
            ]
            if !recurrence.exceptions.isEmpty {
                lines.append("EXDATE;VALUE=DATE:" + recurrence.exceptions.sorted().map(date).joined(separator: ","))
            }
        }
        lines.append("SUMMARY:\(escape(item.title))")
        if !item.body.isEmpty { lines.append("DESCRIPTION:\(escape(item.body))") }
        if case .before(let days, let time) = item.reminder, !item.isDone {
            // From the start of the due day (for a VTODO, its DUE: RELATED=END).
            let minutes = time.hour * 60 + time.minute - days * 24 * 60
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(escape(item.title))",
                "TRIGGER\(kind == "VTODO" ? ";RELATED=END" : ""):\(duration(minutes: minutes))", "END:VALARM",
            ]
        }
        lines.append("END:\(kind)")
        return lines
    }

    /// RFC 5545 makes `DTSTART` an occurrence: the first day the rule yields, or the start when it
    /// has ended or never yields one (then the `RRULE` yields nothing either).
    private static func firstDay(of recurrence: Recurrence) -> Day {
        do {
            return try recurrence.nextOccurrence(onOrAfter: recurrence.start) ?? recurrence.start
        } catch {
            return recurrence.start
        }
    }

    // MARK: - Values

    /// `YYYYMMDD`.
    static func date(_ day: Day) -> String { day.description.filter { $0 != "-" } }

    /// `YYYYMMDDTHHMMSSZ`, in UTC.
    static func timestamp(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let day = Day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        return "\(date(day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }

    /// An RFC 5545 duration in minutes: `-PT15H`, `PT9H30M`, `-P2DT6H`, `PT0M`.
    static func duration(minutes: Int) -> String {
        let sign = minutes < 0 ? "-" : ""
        let total = abs(minutes)
        let (days, hours, rest) = (total / 1440, total % 1440 / 60, total % 60)
        var text = sign + "P"
        if days > 0 { text += "\(days)D" }
        if hours > 0 || rest > 0 || days == 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if rest > 0 || hours == 0 { text += "\(rest)M" }
        }
        return text
    }

    /// TEXT escaping: `\` `;` `,` and line breaks.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            case "\r": continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The line with its `CRLF`, folded into lines of at most 75 octets; a continuation starts with
    /// a space, and no UTF-8 sequence is split.
    static func fold(_ line: String) -> String {
        var result = ""
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > lineLimit {
                result += current + "\r\n"
                current = " "
                octets = 1
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        return result + current + "\r\n"
    }
}
