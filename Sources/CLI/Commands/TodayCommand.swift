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
    static let json = Flag.json(help: "print the summary as JSON")
    static let board = Option.board(help: "the board of this name only")

    static let configuration = CommandConfiguration(
        name: "today", abstract: "list what is overdue, due today and due this week",
        discussion: """
            Every board's projects that are not done and are overdue or due today, then the \
            favourites' (pm star) deadlines of the next 7 days, by deadline, in your time zone (TZ); \
            PM_NOW (an ISO 8601 time) stands in for the clock. \(json.name) prints the summary a widget reads, \
            with nextChange, the next midnight, when it next changes.
            """,
        options: [json, board])

    var json: Bool
    /// The one board to list, by name; every board when `nil`.
    var board: String?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        json = arguments[Self.json]
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
        if json {
            context.print(try CommandJSON.line(summary))
            return
        }
        let boards = Dictionary(summary.boards.map { ($0.boardID, $0.title) }, uniquingKeysWith: { first, _ in first })
        let shortIDs = ShortIDs(ids: (summary.overdue + summary.dueToday + summary.upcoming).map(\.id))
        var lines: [String] = []
        for (heading, items, role) in [
            ("Overdue", summary.overdue, OutputStyle.Role.overdue), ("Today", summary.dueToday, .plain),
            ("Favourites, next \(TodaySummary.upcomingDays) days", summary.upcoming, .plain),
        ] {
            lines.append(context.style.apply(.heading, to: heading))
            if items.isEmpty { lines.append("  " + context.style.apply(.muted, to: "(none)")) }
            for item in items {
                lines.append("  " + context.style.apply(role, to: item.deadline.description) + "  "
                    + context.style.apply(.identifier, to: shortIDs(item.id)) + "  " + TerminalText.sanitized(item.title)
                    + "  " + context.style.apply(.muted, to: "(\(TerminalText.sanitized(boards[item.boardID] ?? "")))"))
            }
        }
        context.print(lines)
    }
}
