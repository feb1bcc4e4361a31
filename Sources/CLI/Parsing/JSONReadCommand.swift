/// A command that only reads, and takes nothing but `--json` and `--pretty`: `pm boards`,
/// `pm whoami`.
protocol JSONReadCommand: Command {
    /// How to print JSON; text when `nil`.
    var json: JSONFormat? { get set }

    init()
}

extension JSONReadCommand {
    /// The command, printing JSON as `json` says, or text.
    init(json: JSONFormat?) {
        self.init()
        self.json = json
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        self.init(json: try JSONFormat.parse(arguments))
    }
}
