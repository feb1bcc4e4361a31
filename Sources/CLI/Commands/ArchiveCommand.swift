import ProjectManager

/// `pm archive`: takes a project off its board into the board's archive, where `pm restore`
/// finds it again (Trello's archive, kinder than deleting).
struct ArchiveCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "archive", abstract: "archive a project: off the board, kept, restorable",
        discussion: """
            The project leaves its list and the board; pm archived lists the board's archived projects, \
            pm show ID still shows one, and pm restore ID puts it back, last in its list.
            """,
        arguments: [.projectID], options: [board])

    /// The project, as the user named it.
    var id: ProjectIDPrefix
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(id: ProjectIDPrefix, board: String? = nil) {
        (self.id, self.board) = (id, board)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        id = try ProjectIDPrefix(parsing: arguments.positionals[0])
        board = arguments[Self.board]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        try await Self.archive(id, archived: true, onBoard: board, in: context)
    }

    /// Archives the project `id` names on the board `board` names (`archived`), or restores it,
    /// and says so.
    @MainActor
    static func archive(
        _ id: ProjectIDPrefix, archived: Bool, onBoard board: String?, in context: CommandContext
    ) async throws(CommandLineError) {
        let screens = try await context.screens(onBoard: board)
        let lookup = try await context.lookupWithArchived(on: screens)
        let project = try lookup.project(id)
        let change = try await screens.archive(project.id, archived: archived)
        let shown = lookup.shortIDs(project.id)
        let title = TerminalText.sanitized(project.title)
        guard change.isChanged else {
            context.print("nothing changed: \(shown) is \(archived ? "already archived" : "not archived")")
            return
        }
        guard !archived else {
            context.print("archived \(shown): \(title) (pm restore \(shown) puts it back)")
            return
        }
        let list = try await screens.lists().first { $0.id == change.project.listID }
        let place = list.map { " to \(TerminalText.sanitized($0.list.title)) (\($0.count) of \($0.count))" } ?? ""
        context.print("restored \(shown)\(place): \(title)")
    }
}

/// `pm restore`: puts an archived project back, last in its list.
struct RestoreCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "restore", abstract: "put an archived project back on its board",
        discussion: "It goes last in the list it stood in (pm archived lists the archived projects).",
        arguments: [.projectID], options: [board])

    /// The project, as the user named it.
    var id: ProjectIDPrefix
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(id: ProjectIDPrefix, board: String? = nil) {
        (self.id, self.board) = (id, board)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        id = try ProjectIDPrefix(parsing: arguments.positionals[0])
        board = arguments[Self.board]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        try await ArchiveCommand.archive(id, archived: false, onBoard: board, in: context)
    }
}

/// `pm archived`: the board's archived projects, list by list.
struct ArchivedCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "archived", abstract: "list a board's archived projects",
        discussion: "Each line is an archived project: its short id, its title, and the list it stood in.",
        options: [board] + JSONFormat.options(help: "print the archived projects as JSON"))

    /// The board, by name; the current board when `nil`.
    var board: String?
    /// How to print them as JSON; text when `nil`.
    var json: JSONFormat?

    init(board: String? = nil, json: JSONFormat? = nil) {
        (self.board, self.json) = (board, json)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        json = try JSONFormat.parse(arguments)
    }

    /// What `--json` prints: the board and its archived projects, as cards.
    private struct Output: Encodable {
        var board: BoardObject
        var projects: [CardObject]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: board, readOnly: true)
        let lookup = try await context.lookupWithArchived(on: screens)
        let items = try await BoardItems(of: screens)
        if let json {
            let objects = try await context.jsonObjects(on: screens, projectIDs: lookup.shortIDs)
            let checklists = try await screens.checklistProgress(of: lookup.archived.map(\.id))
            try context.printJSON(
                Output(
                    board: objects.board(board),
                    projects: lookup.archived.map {
                        items.card($0, objects: objects, on: board, checklists: checklists)
                    }
                ), json)
            return
        }
        guard !lookup.archived.isEmpty else {
            context.print("nothing archived on board '\(TerminalText.sanitized(board.title))'")
            return
        }
        context.print(
            lookup.archived.map { project in
                let list =
                    items.list(project.listID).map { TerminalText.sanitized($0.title) } ?? project.state.columnTitle
                return context.style.apply(.identifier, to: lookup.shortIDs(project.id)) + "  "
                    + TerminalText.sanitized(project.title) + "  " + context.style.apply(.muted, to: "(in \(list))")
            })
    }
}
