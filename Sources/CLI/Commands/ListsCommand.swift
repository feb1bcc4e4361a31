import ProjectManager

/// `pm lists`: a board's lists in order, with each one's stage, card count and limit.
///
/// ```
/// $ pm lists
/// To Do    open    2
/// Review   active  4/3  ! over limit
/// Done     done    1
/// ```
struct ListsCommand: Command {
    static let archived = Flag("--archived", help: "list the archived lists too, marked archived")
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "lists", abstract: "list a board's lists, with their stages, counts and limits",
        discussion: """
            Each line is a list, in the board's order: its name, its stage (open, active or done), how \
            many cards it holds (and its limit, as 4/3), and '! over limit' when it holds more than \
            its limit. \(archived.name) adds the archived lists, marked archived.
            """,
        options: [archived, board] + JSONFormat.options(help: "print the lists as JSON"))

    /// Whether archived lists are listed too.
    var includesArchived = false
    /// The board, by name; the current board when `nil`.
    var board: String?
    /// How to print the lists as JSON; text when `nil`.
    var json: JSONFormat?

    init(includesArchived: Bool = false, board: String? = nil, json: JSONFormat? = nil) {
        (self.includesArchived, self.board, self.json) = (includesArchived, board, json)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        includesArchived = arguments[Self.archived]
        board = arguments[Self.board]
        json = try JSONFormat.parse(arguments)
    }

    /// What `--json` prints: the board and its lists.
    private struct Output: Encodable {
        var board: BoardObject
        var lists: [ListObject]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: board, readOnly: true)
        let entries = try await screens.lists(archived: includesArchived)
        if let json {
            let items = BoardItems(lists: entries.map(\.list), labels: [])
            let objects = try await context.jsonObjects(on: screens, projectIDs: ShortIDs(ids: []))
            try context.printJSON(
                Output(board: objects.board(board), lists: entries.map { items.object($0.list, count: $0.count) }),
                json)
            return
        }
        let names = entries.map { TerminalText.sanitized($0.list.title) }
        let nameWidth = names.map { TerminalText.width(of: $0) }.max() ?? 0
        let counts = entries.map { entry in "\(entry.count)" + (entry.list.limit.map { "/\($0)" } ?? "") }
        let countWidth = counts.map(\.count).max() ?? 0
        context.print(
            zip(entries, zip(names, counts)).map { entry, text in
                var line =
                    TerminalText.padded(text.0, to: nameWidth) + "  "
                    + TerminalText.padded(entry.list.stage.stageWord, to: 6) + "  "
                    + TerminalText.padded(text.1, to: countWidth)
                if entry.isOverLimit { line += "  " + context.style.apply(.overdue, to: "! over limit") }
                if entry.list.isArchived { line += "  " + context.style.apply(.muted, to: "archived") }
                while line.last == " " { line.removeLast() }
                return line
            })
    }
}
