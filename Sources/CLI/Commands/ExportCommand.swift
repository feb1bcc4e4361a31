import Foundation
import ProjectManager

/// The boards a command reads: the one `--board NAME` names, or all of them.
@MainActor
struct BoardSelection {
    /// Each chosen board with its projects.
    let boards: [(board: Board, projects: [Project])]

    static func read(named name: String?, from screens: Screens) async throws(CommandLineError) -> BoardSelection {
        let engine = screens.engine
        var boards = try await attempt { () async throws(RepositoryError) in try await engine.listBoards() }
        if let name {
            guard let match = boards.first(where: { $0.title == name }) else {
                let names = boards.map { "'\(TerminalText.sanitized($0.title))'" }.joined(separator: ", ")
                throw .runtime("no board is named '\(TerminalText.sanitized(name))': the boards are \(names)")
            }
            boards = [match]
        }
        var result: [(Board, [Project])] = []
        for board in boards {
            let overview = try await attempt { () async throws(RepositoryError) in try await engine.fetchBoard(board.id) }
            result.append((board, overview.projects))
        }
        return BoardSelection(boards: result)
    }

    /// Every chosen project, board by board.
    var projects: [Project] { boards.flatMap(\.projects) }
}

/// `pm export --ics`: writes the dated projects as an iCalendar feed on standard output.
struct ExportCommand: Command {
    static let configuration = CommandConfiguration(
        name: "export", abstract: "write the dated projects as a calendar feed",
        discussion: """
            Writes RFC 5545 text (.ics) that calendar apps subscribe to: each project with a deadline \
            a VTODO due on its day, with a reminder at 09:00 the day before. Redirect it to a file: \
            pm export --ics > projects.ics
            """,
        options: [
            .flag("--ics", help: "write iCalendar (RFC 5545), the one format there is"),
            .value("--board", "NAME", help: "export the board of this title only"),
        ])

    var board: String?

    init(board: String? = nil) { self.board = board }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard arguments.flag("--ics") else { throw .usage("pm export needs a format: pm export --ics") }
        board = arguments.value("--board")
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let selection = try await BoardSelection.read(named: board, from: try context.readingScreens())
        let items = selection.projects.compactMap { project -> CalendarFeed.Item? in
            guard let deadline = project.deadline else { return nil }
            return CalendarFeed.Item(
                id: project.id, title: project.title, body: project.body, schedule: .due(deadline),
                isDone: project.state == .done, updatedAt: project.updatedAt)
        }
        let name = selection.boards.count == 1 ? selection.boards[0].board.title : "Projects"
        context.tool.output.write(CalendarFeed(name: name, items: items).text)
    }
}
