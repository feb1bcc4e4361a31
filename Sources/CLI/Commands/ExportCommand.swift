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
        try await read(named: name, in: context, on: context.readingScreens())
    }

    /// The viewer's boards, or the one `name` finds, with their projects, read through `screens`.
    static func read(
        named name: String?, in context: CommandContext, on screens: Screens
    ) async throws(CommandLineError) -> BoardSelection {
        var result: [(Board, [Project])] = []
        for board in try await boards(named: name, in: context, on: screens) {
            result.append((board, try await screens.on(board.id).overview().projects))
        }
        return BoardSelection(boards: result)
    }

    /// The viewer's boards, or the one `name` finds, read through `screens`.
    static func boards(
        named name: String?, in context: CommandContext, on screens: Screens
    ) async throws(CommandLineError) -> [Board] {
        let directory = try await context.directory(on: screens)
        return try name.map { (name: String) throws(CommandLineError) in [try directory.board(name)] }
            ?? directory.boards
    }

    /// Every chosen project, board by board.
    var projects: [Project] { boards.flatMap(\.projects) }
}

/// `pm export --ics` or `--json`: writes the projects as an iCalendar feed, or every board whole
/// (lists, labels, projects, checklists and comments) as JSON, on standard output.
struct ExportCommand: Command {
    static let ics = Flag("--ics", help: "write iCalendar (RFC 5545)")
    static let json = JSONFormat.flag(help: "write every board, list, label and card as JSON, for pm import")
    static let board = Option.board(help: "export the board of this title only")
    static let partial = Flag(
        "--partial", help: "with --json, from a damaged store: write what can be read (the warning says what cannot)")

    static let configuration = CommandConfiguration(
        name: "export", abstract: "write the projects as a calendar feed (\(ics.name)) or as JSON (\(json.name))",
        discussion: """
            \(ics.name) writes RFC 5545 text (.ics) that calendar apps subscribe to: each project with a \
            deadline a VTODO due on its day, a repeating one an all-day VEVENT with its RRULE and EXDATE, \
            each with a reminder at 09:00 the day before. \(json.name) writes \
            each board with its lists and labels, and its projects list by list in order (archived \
            ones too), each with its checklist and comments, with stable keys: a backup or a feed \
            for scripts (the store itself is binary). From a store whose objects cannot all be read \
            (damage: pm doctor), \(json.name) writes nothing unless \(partial.name) asks for what can be \
            read. Redirect either to a file: pm export \(ics.name) > projects.ics
            """,
        options: [ics, json, JSONFormat.pretty, board, partial])

    /// What the export writes.
    enum Format: Hashable, Sendable {
        case ics
        case json(JSONFormat)
    }

    var format: Format
    var board: String?
    /// Whether a backup of a damaged store is written with what can be read.
    var partial = false

    init(format: Format = .ics, board: String? = nil) {
        self.format = format
        self.board = board
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let (ics, json) = (Self.ics.name, Self.json.name)
        switch (arguments[Self.ics], try JSONFormat.parse(arguments)) {
        case (true, nil): format = .ics
        case (false, let format?): self.format = .json(format)
        case (true, _?): throw .usage("pm export writes one format: give \(ics) or \(json), not both")
        case (false, nil): throw .usage("pm export needs a format: pm export \(ics) or pm export \(json)")
        }
        board = arguments[Self.board]
        partial = arguments[Self.partial]
        if partial, case .ics = format {
            throw .usage("\(Self.partial.name) goes with \(json): pm export \(json) \(Self.partial.name)")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.readingScreens()
        if case .json(let json) = format {
            let boards = try await BoardSelection.boards(named: board, in: context, on: screens)
            let backup = try await screens.backup(of: boards.map(\.id))
            let objects = try await context.jsonObjects(on: screens, projectIDs: ShortIDs(backup.projects))
            // A backup that silently lacks what could not be read is worse than none.
            if !partial, let damage = context.damageWarnings.first {
                context.reportedWarnings()
                throw .runtime(
                    "no backup written: \(damage.commandLineMessage); pm export \(Self.json.name) \(Self.partial.name) writes what can be read"
                )
            }
            try context.printJSON(ExportDocument(backup, objects: objects), json)
            return
        }
        let selection = try await BoardSelection.read(named: board, in: context, on: screens)
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

/// What `pm export --json` writes, and `pm import` reads back: each board with its lists in
/// order, its labels, and its projects list by list, each list's cards in order, then its
/// archived ones; each project with its list, labels, checklist and comments.
struct ExportDocument: Encodable {
    /// A board with what is on it.
    struct ExportedBoard: Encodable {
        var id: String
        var fullID: String
        var title: String
        var createdAt: Date
        var lists: [BackupListObject]
        var labels: [BackupLabelObject]
        var projects: [ExportedProject]
    }

    var boards: [ExportedBoard]

    init(_ backup: Backup, objects: JSONObjects) {
        boards = backup.boards.map { entry in
            let object = objects.board(entry.board)
            return ExportedBoard(
                id: object.id, fullID: object.fullID, title: object.title, createdAt: object.createdAt,
                lists: (entry.lists ?? BoardList.standard(on: entry.board.id)).map(BackupListObject.init),
                labels: entry.labels.map(BackupLabelObject.init),
                projects: entry.projects.map { project in
                    ExportedProject(
                        objects.project(project, on: entry.board), of: project,
                        checklist: entry.checklist(of: project.id), comments: entry.comments(of: project.id))
                })
        }
    }
}
