import ProjectManager

/// `pm history`: prints what happened on the board, newest first, each entry after its time.
///
/// ```
/// 2026-03-15 12:30  Moved 'Write report' from To Do to Doing
/// 2026-03-15 12:00  Added 'Write report' to To Do
/// ```
struct HistoryCommand: Command {
    static let limit = Option("--limit", "N", help: "list at most N entries") { text, name throws(CommandLineError) in
        guard text.allSatisfy(\.isASCII), let limit = Int(text), limit >= 1 else {
            throw .usage("bad \(name) '\(text)': give a whole number of entries, 1 or more")
        }
        return limit
    }
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "history", abstract: "list what happened, newest first",
        discussion: "Each entry follows its time, YYYY-MM-DD HH:MM in your time zone.",
        options: [limit, board] + JSONFormat.options(help: "print the board and its entries as JSON"))

    /// The most entries to list; all when `nil`.
    var limit: Int?
    /// The board whose history it is, by name; the current board when `nil`.
    var board: String?
    /// How to print the history as JSON; text when `nil`.
    var json: JSONFormat?

    init(limit: Int?, board: String? = nil, json: JSONFormat? = nil) {
        self.limit = limit
        self.board = board
        self.json = json
    }

    private struct Output: Encodable {
        var board: BoardObject
        var entries: [EntryObject]
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        json = try JSONFormat.parse(arguments)
        limit = try arguments[Self.limit]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, shown) = try await context.open(board: board, readOnly: true)
        let history = try await screens.history(limit: limit)
        if let json {
            let objects = try await context.jsonObjects(on: screens, projectIDs: ShortIDs(ids: []))
            try context.printJSON(
                Output(board: objects.board(shown), entries: history.entries.map(EntryObject.init)), json)
            return
        }
        guard !history.entries.isEmpty else {
            context.print(history.emptyText)
            return
        }
        let timeWidth = history.entries.map { TerminalText.width(of: $0.time) }.max() ?? 0
        context.print(
            history.entries.map { entry in
                context.style.apply(.muted, to: TerminalText.padded(entry.time, to: timeWidth)) + "  "
                    + TerminalText.sanitized(entry.text)
                    + (entry.author.map { context.style.apply(.muted, to: "  by " + TerminalText.sanitized($0)) } ?? "")
            })
    }
}
