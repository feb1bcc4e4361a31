import Foundation
import ProjectManager

/// `pm today`: what is overdue, due today and due in the next 7 days, on every board, as the today
/// screen (and a widget) shows it.
///
/// ```
/// Overdue
///   2026-03-14  3f2a9c1e  Late report  (Projects)
/// Today
///   2026-03-15  7b1d0e44  Pay rent  (Projects)
/// ```
struct TodayCommand: Command {
    static let json = JSONFormat.flag(help: "print the summary as JSON")
    static let board = Option.board(help: "the board of this name only")

    static let configuration = CommandConfiguration(
        name: "today", abstract: "list what is overdue, due today and due this week",
        discussion: """
            Every board's projects that are not done and are overdue or due today, then the \
            favourites' (pm star) deadlines of the next 7 days, by deadline, in your time zone (TZ); \
            PM_NOW (an ISO 8601 time) stands in for the clock. \(json.name) prints the summary a widget reads, \
            with nextChange, the next midnight, when it next changes.
            """,
        options: [json, JSONFormat.pretty, board])

    var json: JSONFormat?
    /// The one board to list, by name; every board when `nil`.
    var board: String?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        json = try JSONFormat.parse(arguments)
        board = arguments[Self.board]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.readingScreens()
        var summary = try await screens.today().summary
        if let board {
            let id = try await context.directory(on: screens).board(board).id
            summary.overdue.removeAll { $0.boardID != id }
            summary.dueToday.removeAll { $0.boardID != id }
            summary.upcoming.removeAll { $0.boardID != id }
            summary.boards.removeAll { $0.boardID != id }
        }
        let shortIDs = ShortIDs(ids: (summary.overdue + summary.dueToday + summary.upcoming).map(\.id))
        if let json {
            try context.printJSON(try await Output(summary, shortIDs: shortIDs, in: context, on: screens), json)
            return
        }
        let boards = Dictionary(summary.boards.map { ($0.boardID, $0.title) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for (heading, items, role) in [
            ("Overdue", summary.overdue, OutputStyle.Role.overdue), ("Today", summary.dueToday, .plain),
            ("Favourites, next \(TodaySummary.upcomingDays) days", summary.upcoming, .plain),
        ] {
            lines.append(context.style.apply(.heading, to: heading))
            if items.isEmpty { lines.append("  " + context.style.apply(.muted, to: "(none)")) }
            for item in items {
                lines.append(
                    "  " + context.style.apply(role, to: item.deadline.description) + "  "
                        + context.style.apply(.identifier, to: shortIDs(item.id)) + "  "
                        + TerminalText.sanitized(item.title)
                        + "  "
                        + context.style.apply(.muted, to: "(\(TerminalText.sanitized(boards[item.boardID] ?? "")))"))
            }
        }
        context.print(lines)
    }

    /// What `--json` prints: each item the project whole, with the day it is due there (a
    /// repeating one's later occurrences are due after its deadline).
    struct Output: Encodable {
        struct Item: Encodable {
            var due: String
            var project: ProjectObject
        }

        struct BoardCount: Encodable {
            var board: BoardObject
            var overdue: Int
            var dueToday: Int
            var upcoming: Int
        }

        var today: String
        var nextChange: Date
        var overdue: [Item]
        var dueToday: [Item]
        var upcoming: [Item]
        var boards: [BoardCount]

        @MainActor
        init(_ summary: TodaySummary, shortIDs: ShortIDs, in context: CommandContext, on screens: Screens)
            async throws(CommandLineError)
        {
            let selection = try await BoardSelection.read(named: nil, in: context, on: screens)
            let objects = JSONObjects(projectIDs: shortIDs, boards: selection.boards.map(\.board), today: summary.today)
            let projects = Dictionary(selection.projects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            func items(_ items: [TodaySummary.Item]) -> [Item] {
                items.compactMap { item in
                    projects[item.id].map { Item(due: item.deadline.description, project: objects.project($0)) }
                }
            }
            today = summary.today.description
            nextChange = summary.nextChange
            overdue = items(summary.overdue)
            dueToday = items(summary.dueToday)
            upcoming = items(summary.upcoming)
            boards = summary.boards.compactMap { count in
                objects.boards[count.boardID].map {
                    BoardCount(
                        board: objects.board($0), overdue: count.overdue, dueToday: count.dueToday,
                        upcoming: count.upcoming)
                }
            }
        }
    }
}
