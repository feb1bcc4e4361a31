/// A command that only reads, and takes nothing but `--json`: `pm boards`, `pm whoami`.
protocol JSONReadCommand: Command {
    /// Whether to print JSON.
    var json: Bool { get set }

    init()
}

extension JSONReadCommand {
    /// The command, printing JSON or not.
    init(json: Bool) {
        self.init()
        self.json = json
    }

    init(_ arguments: ParsedArguments) {
        self.init(json: arguments[Flag.json()])
    }
}
