import ProjectManager

/// `pm undo` or `pm redo` `[--board NAME]`: one step back or forward in a board's history,
/// through the history screen.
protocol HistoryStepCommand: Command {
    /// The event the history screen gets.
    static var event: HistoryViewModel.Event { get }
    /// What the command printed entries start with: `undid`, `redid`.
    static var done: String { get }

    /// The board whose history it is, by name; the current board when `nil`.
    var board: String? { get }
    /// How to print the entries as JSON; text when `nil`.
    var json: JSONFormat? { get }

    init(board: String?, json: JSONFormat?)
}

extension HistoryStepCommand {
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        self.init(board: arguments[Option.board()], json: try JSONFormat.parse(arguments))
    }

    @MainActor
    func run(in context: CommandContext) async throws(CommandLineError) {
        try await context.step(
            Self.event, onBoard: board, command: Self.configuration.name, done: Self.done, json: json)
    }
}
