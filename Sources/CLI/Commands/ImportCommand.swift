import Foundation
import ProjectManager

/// `pm import FILE`: puts back what `pm export --json` wrote, into a new store as it was, or into
/// a new board beside what the store holds; `pm import --trello FILE` brings in a board exported
/// from Trello, as a new board.
///
/// ```
/// pm export --json > backup.json
/// pm import backup.json --store new.pmstore          # every board, every id, as it was
/// pm import backup.json --into-new-board Restored    # a copy, with new ids, on a new board
/// pm import --trello launch.json --board Launch      # Trello's lists, cards, labels, checklists…
/// ```
struct ImportCommand: Command {
    static let intoNewBoard = Option(
        "--into-new-board", "NAME", help: "put every project, with new ids, on a new board of this name")
    static let trello = Flag(
        "--trello", help: "FILE is a board exported from Trello (Export as JSON): bring it in as a new board")
    static let board = Option(
        "--board", "NAME", help: "with \(trello.name): the new board's name; the export's own otherwise")

    static let configuration = CommandConfiguration(
        name: "import", abstract: "put back what pm export --json wrote, or bring in a Trello board",
        discussion: """
            Into a new store (one that holds no project and no board but the default one), every \
            board and project comes back as it was: ids, titles, bodies, deadlines, repeat rules, \
            columns and their order, and the dates; so pm export --json then writes the same \
            document. \(intoNewBoard.synopsis) puts every project, with new ids, on a new board of the store \
            instead. \(trello.name) reads a board exported from Trello into a new board (named \
            \(board.synopsis), else as in Trello): its lists, cards, labels, due dates, checklists, \
            comments and archive, and says what it brought and what it could not carry. FILE - reads \
            standard input. One save: pm undo takes it back. A file that is not an export, or a \
            project the rules refuse, is an error naming the place, and nothing is saved.
            """,
        arguments: [
            CommandArgument(
                valueName: "FILE", noun: "a file to import",
                help: "what pm export --json wrote, or with \(trello.name) Trello's export; - for standard input",
                completion: .files)
        ],
        options: [intoNewBoard, trello, board] + JSONFormat.options(help: "print what was imported as JSON"))

    /// What the file is.
    enum Source: Hashable, Sendable {
        /// What `pm export --json` wrote, put on a new board of this name, or, when `nil`, back as it
        /// was into a new store.
        case backup(newBoard: String?)
        /// A Trello board export, brought in as a new board of this name (the export's own when
        /// `nil`).
        case trello(board: String?)
    }

    /// The file, or `-` for standard input.
    var file: String
    /// What the file is, and where it goes.
    var source: Source
    /// How to print what was imported as JSON; text when `nil`.
    var json: JSONFormat?

    init(file: String, newBoard: String? = nil, json: JSONFormat? = nil) {
        (self.file, self.source, self.json) = (file, .backup(newBoard: newBoard), json)
    }

    init(file: String, source: Source, json: JSONFormat? = nil) {
        (self.file, self.source, self.json) = (file, source, json)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        file = arguments.positionals[0]
        json = try JSONFormat.parse(arguments)
        if arguments[Self.trello] {
            if arguments.isGiven(Self.intoNewBoard) {
                throw .usage(
                    "option '\(Self.intoNewBoard.name)' does not go with '\(Self.trello.name)': \(Self.board.synopsis) names the new board"
                )
            }
            source = .trello(board: arguments[Self.board])
        } else {
            if arguments.isGiven(Self.board) {
                throw .usage(
                    "option '\(Self.board.name)' goes with '\(Self.trello.name)'; a backup goes on a new board with \(Self.intoNewBoard.synopsis)"
                )
            }
            source = .backup(newBoard: arguments[Self.intoNewBoard])
        }
    }

    private struct Output: Encodable {
        struct Entry: Encodable {
            var id: String
            var fullID: String
            var title: String
            var createdAt: Date
            var projects: Int
        }

        var boards: [Entry]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let name = file == "-" ? "standard input" : file
        let newBoard: String?
        switch source {
        case .trello(let board):
            try await TrelloImport(file: name, board: board, json: json).run(
                reading: try contents(in: context), in: context)
            return
        case .backup(let board):
            newBoard = board
        }
        let backup = try ImportDocument.backup(reading: try contents(in: context), named: name)
        // The rules, before the store is opened: the message names the project.
        for project in backup.projects where !project.draft.failures.isEmpty {
            throw .runtime(
                "\(name): project \(project.id): "
                    + RepositoryError.invalid(ValidationError(project.draft.failures)).commandLineMessage)
        }
        let screens = try context.screens()
        let directory = try await context.directory(on: screens)
        let boards: [Board]
        if let newBoard {
            try directory.checkFree(newBoard)
            boards = [try await screens.restore(backup, intoNewBoardTitled: newBoard)]
        } else {
            guard directory.boards.allSatisfy({ $0.id == .default }), directory.summaries.allSatisfy({ $0.count == 0 })
            else {
                throw .runtime(
                    "the store is not new: pm import restores into a new store (pm --store NEW.pmstore import \(file)), or onto a new board with \(Self.intoNewBoard.synopsis)"
                )
            }
            boards = try await screens.restore(backup)
        }
        let counts = newBoard == nil ? backup.boards.map(\.projects.count) : [backup.projects.count]
        if let json {
            let objects = JSONObjects(
                projectIDs: ShortIDs(ids: []), boards: directory.boards + boards,
                today: context.tool.engineEnvironment.today())
            try context.printJSON(
                Output(
                    boards: zip(boards, counts).map { board, count in
                        let object = objects.board(board)
                        return Output.Entry(
                            id: object.id, fullID: object.fullID, title: object.title, createdAt: object.createdAt,
                            projects: count)
                    }), json)
            return
        }
        let projects = BoardChanges.projects(counts.reduce(0, +))
        if let board = boards.first, newBoard != nil {
            context.print("imported \(projects) onto the new board '\(TerminalText.sanitized(board.title))'")
        } else {
            context.print("imported \(boards.count == 1 ? "1 board" : "\(boards.count) boards") and \(projects)")
        }
    }

    /// The file's bytes, or standard input's for `-`.
    private func contents(in context: CommandContext) throws(CommandLineError) -> Data {
        if file == "-" { return Data(context.tool.standardInput().utf8) }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw .runtime("cannot read \(file): \((error as NSError).localizedDescription)")
        }
    }
}

/// What `pm import` reads: `pm export --json`'s document (`"version": 1`), or the export of
/// earlier versions (`"format": 1`, full ids in `id`).
struct ImportDocument: Decodable {
    struct ImportedBoard: Decodable {
        var id: String
        var fullID: String?
        var title: String
        var createdAt: Date
        var projects: [ImportedProject]
    }

    struct ImportedProject: Decodable {
        var id: String
        var fullID: String?
        var title: String
        var body: String
        var state: String
        var deadline: String?
        var `repeat`: ImportedRepeat?
        var createdAt: Date
        var updatedAt: Date
    }

    struct ImportedRepeat: Decodable {
        var rule: String
        var start: String
        var exceptions: [String]
    }

    var version: Int?
    var format: Int?
    var boards: [ImportedBoard]

    /// The backup `data` holds, read from the file `name`.
    /// - Throws: ``CommandLineError/runtime(_:)`` naming what does not read.
    static func backup(reading data: Data, named name: String) throws(CommandLineError) -> Backup {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let document: ImportDocument
        do {
            document = try decoder.decode(ImportDocument.self, from: data)
        } catch {
            throw .runtime("\(name) is not what pm export --json writes: \(Self.describe(error))")
        }
        guard document.version == CommandJSON.version || (document.version == nil && document.format == 1) else {
            let found =
                document.version.map { "version \($0)" } ?? document.format.map { "format \($0)" } ?? "no version"
            throw .runtime("\(name) is an export of \(found); this pm reads version \(CommandJSON.version)")
        }
        var entries: [Backup.Entry] = []
        for board in document.boards {
            let id = Board.ID(rawValue: try uuid(board.fullID ?? board.id, in: name, of: "board '\(board.title)'"))
            var projects: [Project] = []
            for project in board.projects {
                projects.append(try project.project(on: id, in: name))
            }
            entries.append(
                Backup.Entry(board: Board(id: id, title: board.title, createdAt: board.createdAt), projects: projects))
        }
        return Backup(boards: entries)
    }

    static func uuid(_ text: String, in name: String, of what: String) throws(CommandLineError) -> UUID {
        guard let uuid = UUID(uuidString: text) else {
            throw .runtime("\(name): the id of \(what) is not a whole id: '\(text)'")
        }
        return uuid
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "it is not JSON" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the document" : String(keys.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) is not what it should be"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : "\(path(context)) does not read"
        @unknown default: return "it does not read"
        }
    }
}

extension ImportDocument.ImportedProject {
    /// The project this entry describes, on the board `board`.
    func project(on board: Board.ID, in name: String) throws(CommandLineError) -> Project {
        let what = "project '\(title)'"
        guard let state = ProjectState(rawValue: state) else {
            throw .runtime("\(name): \(what) stands in '\(self.state)', not todo, doing or done")
        }
        var recurrence: Recurrence?
        do {
            if let rule = self.repeat {
                var exceptions: Set<Day> = []
                for day in rule.exceptions { exceptions.insert(try Day(parsing: day)) }
                recurrence = Recurrence(
                    start: try Day(parsing: rule.start), rule: try RecurrenceRule(parsing: rule.rule),
                    exceptions: exceptions)
            }
            return Project(
                id: Project.ID(rawValue: try ImportDocument.uuid(fullID ?? id, in: name, of: what)), boardID: board,
                title: title, body: body,
                deadline: try deadline.map { (text: String) throws in try Day(parsing: text) },
                recurrence: recurrence, state: state, createdAt: createdAt, updatedAt: updatedAt)
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .runtime("\(name): \(what) does not read: \(error)")
        }
    }
}
