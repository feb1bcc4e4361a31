/// A command about one project and nothing else, such as `pm show ID [--board NAME]`: it is
/// made from the id and the board to find it on.
protocol ProjectCommand: Command {
    /// The command for the project `id` names on the board `board` names (the current board when
    /// `nil`).
    init(id: ProjectIDPrefix, board: String?, json: JSONFormat?)
}

extension ProjectCommand {
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        self.init(
            id: try ProjectIDPrefix(parsing: arguments.positionals[0]), board: arguments[Option.board()],
            json: try JSONFormat.parse(arguments))
    }

    /// The options of such a command: `--board NAME`, `--json` and `--pretty`.
    static var projectOptions: [any DeclaredOption] { [Option.board()] + JSONFormat.options() }
}
