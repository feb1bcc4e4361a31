import Foundation
import ProjectManager

/// `pm reminders`: lists the reminders due in the next days, soonest first, with their local time.
///
/// ```
/// 2026-03-19 09:00  Pay rent (due 2026-03-20)  3f2a9c1e
/// ```
struct RemindersCommand: Command {
    static let days = Option(
        "--days", "N", help: "list the reminders of the next N days (7 unless told)"
    ) { text, name throws(CommandLineError) in
        guard text.allSatisfy(\.isASCII), let days = Int(text), (1...3_660).contains(days) else {
            throw .usage("bad \(name) '\(text)': give a whole number of days from 1 to 3660")
        }
        return days
    }
    static let board = Option.board(help: "the board of this title only")
    static let json = JSONFormat.flag(help: "print the reminders as JSON")

    static let configuration = CommandConfiguration(
        name: "reminders", abstract: "list the reminders due in the next days",
        discussion: """
            Each project with a deadline that is not done reminds you at 09:00 the day before, in your \
            time zone (TZ); a repeating one, the day before each occurrence from its next one. The time pm takes for now is PM_NOW when set, an ISO 8601 instant.
            """,
        options: [days, board, json, JSONFormat.pretty])

    var days: Int
    var board: String?
    var json: JSONFormat?

    init(days: Int = 7, board: String? = nil, json: JSONFormat? = nil) {
        (self.days, self.board, self.json) = (days, board, json)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        days = try arguments[Self.days] ?? 7
        board = arguments[Self.board]
        json = try JSONFormat.parse(arguments)
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let environment = context.tool.engineEnvironment
        let selection = try await BoardSelection.read(named: board, in: context)
        let projects = selection.projects
        let sources = projects.compactMap { ReminderSource($0) }
        let now = environment.now()
        let end = now.addingTimeInterval(TimeInterval(days) * 86_400)
        // At most one reminder a day for each project.
        let reminders = ReminderReconciliation.reminders(
            for: sources, after: now, through: end, calendar: environment.calendar,
            limit: max(sources.count * (days + 2), 1))
        let shortIDs = ShortIDs(projects)
        let localizer = Localizer(
            locale: Locale(identifier: "en_US"), calendar: environment.calendar, timeZone: environment.timeZone,
            dateStyle: .numeric)
        if let json {
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = environment.timeZone
            let objects = JSONObjects(
                projectIDs: shortIDs, boards: selection.boards.map(\.board), today: environment.today())
            let byID = Dictionary(projects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            try context.printJSON(
                RemindersJSON(
                    days: days, timeZone: environment.timeZone.identifier,
                    reminders: reminders.compactMap { reminder in
                        byID[reminder.projectID].map { project in
                            RemindersJSON.Reminder(
                                project: objects.project(project), due: reminder.dueDay.description,
                                fireAt: formatter.string(from: reminder.fireDate),
                                local: localizer.time(reminder.fireDate))
                        }
                    }), json)
            return
        }
        guard !reminders.isEmpty else {
            context.print("no reminders in the next \(days) day\(days == 1 ? "" : "s")")
            return
        }
        context.print(
            reminders.map { reminder in
                context.style.apply(.muted, to: localizer.time(reminder.fireDate)) + "  "
                    + TerminalText.sanitized(reminder.title) + " (due \(reminder.dueDay))  "
                    + shortIDs(reminder.projectID)
            })
    }
}

/// What `pm reminders --json` prints.
private struct RemindersJSON: Encodable {
    /// One reminder: the project, the day it is due, and when it reminds.
    struct Reminder: Encodable {
        var project: ProjectObject
        var due: String
        /// ISO 8601 with the zone's offset.
        var fireAt: String
        /// `YYYY-MM-DD HH:MM` in the zone.
        var local: String
    }

    var days: Int
    var timeZone: String
    var reminders: [Reminder]
}
