import Foundation
import ProjectManager

/// The boards a command reads: the one `--board NAME` names, or all of them.
@MainActor
struct BoardSelection {
    /// Each chosen board with its projects.
    let boards: [(board: Board, projects: [Project])]

    /// The viewer's boards, or the one `name` finds, with their projects as their board screens
    /// read them.
    static func read(named name: String?, in context: CommandContext) async throws(CommandLineError) -> BoardSelection {
        let screens = try context.readingScreens()
        let directory = try await context.directory(on: screens)
        let boards = try name.map { (name: String) throws(CommandLineError) in [try directory.board(name)] } ?? directory.boards
        var result: [(Board, [Project])] = []
        for board in boards {
            result.append((board, try await screens.on(board.id).overview().projects))
        }
        return BoardSelection(boards: result)
    }

    /// Every chosen project, board by board.
    var projects: [Project] { boards.flatMap(\.projects) }
}

/// `pm export --ics` or `--json`: writes the projects as an iCalendar feed, or every board and
/// project as JSON, on standard output.
struct ExportCommand: Command {
    static let ics = Flag("--ics", help: "write iCalendar (RFC 5545)")
    static let json = Flag.json(help: "write every board and project as JSON")
    static let board = Option.board(help: "export the board of this title only")

    static let configuration = CommandConfiguration(
        name: "export", abstract: "write the projects as a calendar feed (\(ics.name)) or as JSON (\(json.name))",
        discussion: """
            \(ics.name) writes RFC 5545 text (.ics) that calendar apps subscribe to: each project with a \
            deadline a VTODO due on its day, a repeating one an all-day VEVENT with its RRULE and EXDATE, \
            each with a reminder at 09:00 the day before. \(json.name) writes \
            each board with its projects, column by column in order, with stable keys: a backup or \
            a feed for scripts (the store itself is binary). Redirect either to a file: \
            pm export \(ics.name) > projects.ics
            """,
        options: [ics, json, board])

    /// What the export writes.
    enum Format: Sendable { case ics, json }

    var format: Format
    var board: String?

    init(format: Format = .ics, board: String? = nil) {
        self.format = format
        self.board = board
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let (ics, json) = (Self.ics.name, Self.json.name)
        switch (arguments[Self.ics], arguments[Self.json]) {
        case (true, false): format = .ics
        case (false, true): format = .json
        case (true, true): throw .usage("pm export writes one format: give \(ics) or \(json), not both")
        case (false, false): throw .usage("pm export needs a format: pm export \(ics) or pm export \(json)")
        }
        board = arguments[Self.board]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let selection = try await BoardSelection.read(named: board, in: context)
        guard format == .ics else {
            context.tool.output.write(try ExportDocument(selection).json())
            return
        }
        let items = selection.projects.compactMap { project -> CalendarFeed.Item? in
            guard let deadline = project.deadline else { return nil }
            // iCalendar's text holds no control characters: stored ones are left out.
            return CalendarFeed.Item(
                id: project.id, title: TerminalText.withoutControls(project.title),
                body: TerminalText.withoutControls(project.body),
                schedule: project.recurrence.map(CalendarFeed.Item.Schedule.repeating) ?? .due(deadline),
                isDone: project.state == .done, updatedAt: project.updatedAt)
        }
        let name = selection.boards.count == 1 ? selection.boards[0].board.title : "Projects"
        context.tool.output.write(CalendarFeed(name: TerminalText.withoutControls(name), items: items).text)
    }
}

/// What `pm export --json` writes: each board with its projects, column by column, in order.
struct ExportDocument: Encodable {
    struct ExportedBoard: Encodable {
        let id: String
        let title: String
        let createdAt: Date
        let projects: [ExportedProject]
    }

    struct ExportedProject: Encodable {
        let id: String
        let title: String
        let body: String
        let deadline: String?
        /// How a repeating project repeats; left out for one that does not.
        let `repeat`: ExportedRecurrence?
        let state: String
        /// The project's index in its column, from 0.
        let position: Int
        let createdAt: Date
        let updatedAt: Date
    }

    /// A repeating project's schedule: its RRULE, its first day and the days skipped.
    struct ExportedRecurrence: Encodable {
        let rule: String
        let start: String
        let exceptions: [String]

        init(_ recurrence: Recurrence) {
            rule = recurrence.rule.description
            start = recurrence.start.description
            exceptions = recurrence.exceptions.sorted().map(\.description)
        }
    }

    let format = 1
    let boards: [ExportedBoard]

    init(_ selection: BoardSelection) {
        boards = selection.boards.map { board, projects in
            var positions: [ProjectState: Int] = [:]
            return ExportedBoard(
                id: board.id.description, title: board.title, createdAt: board.createdAt,
                projects: projects.map { project in
                    let position = positions[project.state, default: 0]
                    positions[project.state] = position + 1
                    return ExportedProject(
                        id: project.id.description, title: project.title, body: project.body,
                        deadline: project.deadline?.description, repeat: project.recurrence.map(ExportedRecurrence.init),
                        state: project.state.rawValue, position: position,
                        createdAt: project.createdAt, updatedAt: project.updatedAt)
                })
        }
    }

    /// The document as pretty-printed JSON with sorted keys and ISO 8601 dates, ending in a newline.
    func json() throws(CommandLineError) -> String {
        try CommandJSON.text(self, pretty: true) + "\n"
    }
}
