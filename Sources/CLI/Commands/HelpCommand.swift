/// `pm help`: the usage of every command, or of one.
struct HelpCommand: Command {
    static let configuration = CommandConfiguration(
        name: "help", abstract: "show this help, or a command's (also --help, -h)",
        arguments: [CommandArgument(
            valueName: "COMMAND", noun: "a command", help: "the command to explain", isOptional: true,
            completion: .commands)])

    /// The command to explain, by name; `nil` for all of them.
    var topic: String?

    init(topic: String?) {
        self.topic = topic
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        if let topic = arguments.positional(0), CommandRegistry.command(named: topic) == nil {
            throw CommandParser.unknownCommand(topic)
        }
        topic = arguments.positional(0)
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        context.tool.output.write(topic.flatMap(CommandRegistry.command(named:)).map(HelpText.usage(of:)) ?? HelpText.general)
    }
}
