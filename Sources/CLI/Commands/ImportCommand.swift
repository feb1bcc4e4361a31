import Foundation
import ProjectManager

/// `pm import FILE`: puts back what `pm export --json` wrote, into a new store as it was, or into
/// a new board beside what the store holds: boards, lists, labels, projects, checklists and
/// comments; `pm import --trello FILE` brings in a board exported from Trello, as a new board.
///
/// ```
/// pm export --json > backup.json
/// pm import backup.json --store new.pmstore          # every board, every id, as it was
/// pm import backup.json --into-new-board Restored    # a copy, with new ids, on a new board
/// pm import --trello launch.json --board Launch      # Trello's lists, cards, labels, checklists…
/// ```
struct ImportCommand: Command {
    static let intoNewBoard = Option(
        "--into-new-board", "NAME", help: "put every list and project, with new ids, on a new board of this name")
    static let trello = Flag(
        "--trello", help: "FILE is a board exported from Trello (Export as JSON): bring it in as a new board")
    static let board = Option(
        "--board", "NAME", help: "with \(trello.name): the new board's name; the export's own otherwise")

    static let configuration = CommandConfiguration(
        name: "import", abstract: "put back what pm export --json wrote, or bring in a Trello board",
        discussion: """
            Into a new store (one that holds no project and no board but the default one), every \
            board and project comes back as it was: ids, titles, bodies, deadlines and due times, \
            repeat rules, lists and their order, labels, archived cards and lists, checklists, \
            comments, and the dates; so pm export --json then writes the same document. An export \
            of a pm from before lists puts each project in its column's list. \
            \(intoNewBoard.synopsis) puts every list and project, with new ids, on a new board of the \
            store instead. \(trello.name) reads a board exported from Trello into a new board (named \
            \(board.synopsis), else as in Trello): its lists, cards, labels, due dates, checklists, \
            comments and archive, and says what it brought and what it could not carry. FILE - reads \
            standard input. One save: pm undo takes it back. A file that is not an export, or a \
            value the rules refuse, is an error naming it, and nothing is saved.
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
        let backup = try ImportDocument.backup(
            reading: try contents(in: context), named: name, makeID: context.tool.engineEnvironment.makeID)
        // The rules, before the store is opened: the message names the value.
        do {
            try backup.validate()
        } catch {
            throw .runtime(
                "\(name): \(ImportDocument.describe(error.place, in: backup)): "
                    + RepositoryError.invalid(ValidationError(error.failures)).commandLineMessage)
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
        let data = try read(in: context)
        guard !data.isEmpty else {
            throw .runtime("\(file == "-" ? "standard input" : file) is empty: nothing to import")
        }
        return data
    }

    private func read(in context: CommandContext) throws(CommandLineError) -> Data {
        if file == "-" { return Data(context.tool.standardInput().utf8) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
            throw .runtime("cannot read \(file): there is no such file")
        }
        guard !isFolder.boolValue else { throw .runtime("cannot read \(file): it is a folder, not a file") }
        // Read as a stream: a device, a pipe or a process substitution (`<(…)`) has no size to read up to.
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
            defer { try? handle.close() }
            return try handle.readToEnd() ?? Data()
        } catch {
            throw .runtime("cannot read \(file): \((error as NSError).localizedDescription)")
        }
    }
}

/// What `pm import` reads: `pm export --json`'s document (`"version": 1`), or the export of
/// earlier versions (`"format": 1`, full ids in `id`). A document without `lists` (from before
/// lists) has each project land in its column's list, and no labels, checklists or comments.
struct ImportDocument: Decodable {
    struct ImportedBoard: Decodable {
        var id: String
        var fullID: String?
        var title: String
        var createdAt: Date
        var lists: [ImportedList]?
        var labels: [ImportedLabel]?
        var projects: [ImportedProject]
    }

    struct ImportedList: Decodable {
        var fullID: String
        var title: String
        var stage: String
        var limit: Int?
        var archived: Bool
    }

    struct ImportedLabel: Decodable {
        var fullID: String
        var name: String
        var colour: String
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
        var list: String?
        var dueTime: ImportedDueTime?
        var labels: [String]?
        var assignees: [String]?
        var archived: Bool?
        var checklist: [ImportedItem]?
        var comments: [ImportedComment]?
    }

    struct ImportedDueTime: Decodable {
        var hour: Int
        var minute: Int
        var timeZone: String
    }

    struct ImportedItem: Decodable {
        var text: String
        var done: Bool
    }

    struct ImportedComment: Decodable {
        var text: String
        var author: String?
        var authorName: String?
        var createdAt: Date
        var editedAt: Date?
    }

    struct ImportedRepeat: Decodable {
        var rule: String
        var start: String
        var exceptions: [String]
        /// The occurrences done; absent in an export written before they were kept.
        var completions: [String]?
        /// The day occurrences are owed from; absent (or `null`) in an export written before it
        /// was kept.
        var owedFrom: String?
    }

    var version: Int?
    var format: Int?
    var boards: [ImportedBoard]

    /// The backup `data` holds, read from the file `name`; its checklist items and comments, which
    /// the document writes without ids, get ids of `makeID`.
    /// - Throws: ``CommandLineError/runtime(_:)`` naming what does not read.
    static func backup(
        reading data: Data, named name: String, makeID: () -> UUID
    ) throws(CommandLineError) -> Backup {
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
            entries.append(try board.entry(in: name, makeID: makeID))
        }
        return Backup(boards: entries)
    }

    /// Where `place` is in `backup`, in words: its id, or a checklist item's or comment's number
    /// on its project (`comment 2 of project 3f2a…`), which the document writes without ids.
    static func describe(_ place: EntityReference?, in backup: Backup) -> String {
        for entry in backup.boards {
            for project in entry.projects {
                if let index = entry.checklist(of: project.id).firstIndex(where: { .checklistItem($0.id) == place }) {
                    return "checklist item \(index + 1) of project \(project.id)"
                }
                if let index = entry.comments(of: project.id).firstIndex(where: { .comment($0.id) == place }) {
                    return "comment \(index + 1) of project \(project.id)"
                }
            }
        }
        return place?.description ?? "the backup"
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
                var completions: Set<Day> = []
                for day in rule.completions ?? [] { completions.insert(try Day(parsing: day)) }
                recurrence = Recurrence(
                    start: try Day(parsing: rule.start), rule: try RecurrenceRule(parsing: rule.rule),
                    exceptions: exceptions, completions: completions)
                recurrence?.owedFrom = try rule.owedFrom.map { (text: String) throws in try Day(parsing: text) }
            }
            var time: DueTime?
            if let dueTime {
                guard let valid = DueTime(hour: dueTime.hour, minute: dueTime.minute, timeZone: dueTime.timeZone) else {
                    throw CommandLineError.runtime(
                        "\(name): \(what) is due at \(dueTime.hour):\(dueTime.minute) in '\(dueTime.timeZone)', not a time"
                    )
                }
                time = valid
            }
            return Project(
                id: Project.ID(rawValue: try ImportDocument.uuid(fullID ?? id, in: name, of: what)), boardID: board,
                title: title, body: body,
                deadline: try deadline.map { (text: String) throws in try Day(parsing: text) },
                recurrence: recurrence, state: state,
                list: try list.map { (text: String) throws in
                    BoardList.ID(rawValue: try ImportDocument.uuid(text, in: name, of: "the list of \(what)"))
                },
                createdAt: createdAt, updatedAt: updatedAt, dueTime: time,
                labels: try (labels ?? []).map { (text: String) throws in
                    Label.ID(rawValue: try ImportDocument.uuid(text, in: name, of: "a label of \(what)"))
                },
                assignees: try (assignees ?? []).map { (text: String) throws in
                    Account.ID(rawValue: try ImportDocument.uuid(text, in: name, of: "an assignee of \(what)"))
                },
                isArchived: archived ?? false)
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .runtime("\(name): \(what) does not read: \(error)")
        }
    }
}

extension ImportDocument.ImportedBoard {
    /// The board, its lists, labels and projects, with their checklists and comments (their ids
    /// of `makeID`).
    func entry(in name: String, makeID: () -> UUID) throws(CommandLineError) -> Backup.Entry {
        let what = "board '\(title)'"
        let id = Board.ID(rawValue: try ImportDocument.uuid(fullID ?? self.id, in: name, of: what))
        var lists: [BoardList]?
        if let imported = self.lists {
            var made: [BoardList] = []
            var rank = Rank.initial
            for list in imported {
                guard let stage = ProjectState(rawValue: list.stage) else {
                    throw .runtime(
                        "\(name): the list '\(list.title)' of \(what) is of stage '\(list.stage)', not todo, doing or done"
                    )
                }
                made.append(
                    BoardList(
                        id: BoardList.ID(
                            rawValue: try ImportDocument.uuid(list.fullID, in: name, of: "the list '\(list.title)'")),
                        boardID: id, title: list.title, stage: stage, rank: rank, limit: list.limit,
                        isArchived: list.archived))
                rank = .after(rank)
            }
            lists = made
        }
        var labels: [Label] = []
        for label in self.labels ?? [] {
            guard let colour = LabelColour(rawValue: label.colour) else {
                throw .runtime(
                    "\(name): the label '\(label.name)' of \(what) is of colour '\(label.colour)', not one of Trello's")
            }
            labels.append(
                Label(
                    id: Label.ID(
                        rawValue: try ImportDocument.uuid(label.fullID, in: name, of: "the label '\(label.name)'")),
                    boardID: id, name: label.name, colour: colour))
        }
        var projects: [Project] = []
        var checklists: [Project.ID: [ChecklistItem]] = [:]
        var comments: [Project.ID: [Comment]] = [:]
        for imported in self.projects {
            let project = try imported.project(on: id, in: name)
            projects.append(project)
            if let items = imported.checklist, !items.isEmpty {
                checklists[project.id] = items.map { item in
                    ChecklistItem(
                        id: ChecklistItem.ID(rawValue: makeID()), projectID: project.id, boardID: id, text: item.text,
                        isDone: item.done)
                }
            }
            if let said = imported.comments, !said.isEmpty {
                var made: [Comment] = []
                for comment in said {
                    let author = try comment.author.map { (text: String) throws(CommandLineError) in
                        Account.ID(
                            rawValue: try ImportDocument.uuid(
                                text, in: name, of: "a comment's author on project '\(project.title)'"))
                    }
                    made.append(
                        Comment(
                            id: Comment.ID(rawValue: makeID()), projectID: project.id, boardID: id, author: author,
                            authorName: comment.authorName, text: comment.text, createdAt: comment.createdAt,
                            editedAt: comment.editedAt))
                }
                comments[project.id] = made
            }
        }
        return Backup.Entry(
            board: Board(id: id, title: title, createdAt: createdAt), lists: lists, labels: labels, projects: projects,
            checklists: checklists, comments: comments)
    }
}
