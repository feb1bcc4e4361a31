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
        options: [limit, board])

    /// The most entries to list; all when `nil`.
    var limit: Int?
    /// The board whose history it is, by name; the current board when `nil`.
    var board: String?

    init(limit: Int?, board: String? = nil) {
        self.limit = limit
        self.board = board
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        limit = try arguments[Self.limit]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let history = try await context.readingScreens(onBoard: board).history(limit: limit)
        guard !history.entries.isEmpty else {
            context.print(history.emptyText)
            return
        }
        let timeWidth = history.entries.map { TerminalText.width(of: $0.time) }.max() ?? 0
        context.print(history.entries.map { entry in
            context.style.apply(.muted, to: TerminalText.padded(entry.time, to: timeWidth)) + "  "
                + TerminalText.sanitized(entry.text)
        })
    }
}
