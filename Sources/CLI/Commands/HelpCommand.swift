/// `pm help`: the usage of every command, or of one; or the manual page.
struct HelpCommand: Command {
    static let man = Flag("--man", help: "print the manual page, in roff: pm help --man | man -l -")

    static let configuration = CommandConfiguration(
        name: "help", abstract: "show this help, or a command's (also --help, -h)",
        discussion:
            "Help is wrapped to the terminal's width (else $COLUMNS, else 80). \(man.name) prints the manual page instead.",
        arguments: [
            CommandArgument(
                valueName: "COMMAND", noun: "a command", help: "the command to explain", isOptional: true,
                completion: .commands)
        ],
        options: [man])

    /// The command to explain, by name; `nil` for all of them.
    var topic: String?
    /// Whether to print the manual page.
    var manual = false

    init(topic: String?, manual: Bool = false) {
        self.topic = topic
        self.manual = manual
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        if let topic = arguments.positional(0), CommandRegistry.command(named: topic) == nil {
            throw CommandParser.unknownCommand(topic)
        }
        topic = arguments.positional(0)
        manual = arguments[Self.man]
        if manual, let topic { throw .usage("\(Self.man.name) prints the whole manual: leave out '\(topic)'") }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        if manual {
            context.tool.output.write(ManPage.text)
            return
        }
        let width = context.tool.width
        context.tool.output.write(
            topic.flatMap(CommandRegistry.command(named:)).map { HelpText.usage(of: $0, width: width) }
                ?? HelpText.general(width: width))
    }
}
