/// A command line, parsed: the command to run, and the store named with `--store` if any.
struct Invocation: Sendable {
    var command: any Command
    /// The path given with `--store`, before the environment is consulted.
    var storePath: String?
    /// Where in the arguments that path is: which argument, and from which of its bytes (after
    /// `--store=`), so that its bytes can be taken as the system gave them.
    var storeArgument: (index: Int, offset: Int)?
    /// Whether output is coloured, as `--color` says.
    var colour: ColourChoice = .auto
    /// Whether `--quiet` asks for nothing on standard output.
    var quiet = false
}

/// Turns `pm`'s arguments into an ``Invocation``, checking everything that can be checked without
/// the store: commands, options, counts of arguments, dates, columns and positions.
///
/// The commands come from ``CommandRegistry``. `--store PATH` (or `--store=PATH`), `--help`/`-h`
/// and `--version` may stand anywhere before a `--`; after `--`, every argument is positional, so
/// `pm add -- --weird title` works.
enum CommandParser {
    /// Parses the arguments that follow the program's name.
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` naming the first problem.
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Invocation {
        var storePath: String?
        var storeArgument: (index: Int, offset: Int)?
        var wantsHelp = false
        var wantsVersion = false
        var colour: ColourChoice?
        var quiet = false
        var rest: [String] = []
        var index = 0
        var afterTerminator = false
        let store = CommandRegistry.storeOption.name
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if afterTerminator {
                rest.append(argument)
            } else if argument == "--" {
                afterTerminator = true
                rest.append(argument)
            } else if CommandRegistry.helpFlag.declaration.spellings.contains(argument) {
                wantsHelp = true
            } else if CommandRegistry.versionFlag.declaration.spellings.contains(argument) {
                wantsVersion = true
            } else if CommandRegistry.quietFlag.declaration.spellings.contains(argument) {
                quiet = true
            } else if argument == CommandRegistry.colorOption.name
                || argument.hasPrefix(CommandRegistry.colorOption.name + "="),
                !Self.declaresItself(argument, command: rest.first)
            {
                let name = CommandRegistry.colorOption.name
                let value: String
                if argument == name {
                    guard index < arguments.count else {
                        throw .usage("option '\(name)' needs a value: auto, always or never")
                    }
                    value = arguments[index]
                    index += 1
                } else {
                    value = String(argument.dropFirst(name.count + 1))
                }
                guard colour == nil else { throw .usage("option '\(name)' is given twice") }
                colour = try CommandRegistry.colorOption.parse(value, name)
            } else if argument == store || argument.hasPrefix(store + "=") {
                let value: String
                if argument == store {
                    guard index < arguments.count else { throw .usage("option '\(store)' needs a path") }
                    value = arguments[index]
                    storeArgument = (index, 0)
                    index += 1
                } else {
                    value = String(argument.dropFirst(store.count + 1))
                    storeArgument = (index - 1, store.utf8.count + 1)
                }
                guard storePath == nil else { throw .usage("option '\(store)' is given twice") }
                guard !value.isEmpty else { throw .usage("option '\(store)' needs a path, not an empty string") }
                storePath = value
            } else {
                rest.append(argument)
            }
        }
        let command: any Command
        if wantsVersion {
            command = VersionCommand()
        } else if wantsHelp {
            command = HelpCommand(
                topic: rest.first.flatMap(CommandRegistry.command(named:)).map { $0.configuration.name })
        } else if let name = rest.first {
            command = try make(name, arguments: rest.dropFirst())
        } else {
            command = HelpCommand(topic: nil)
        }
        return Invocation(
            command: command, storePath: storePath, storeArgument: storeArgument, colour: colour ?? .auto, quiet: quiet)
    }

    /// Whether the command named `command` declares the option `argument` spells (`--color` on
    /// `pm label add NAME --color red`): after the command's name, its own option wins over the
    /// global one of the same name.
    private static func declaresItself(_ argument: String, command: String?) -> Bool {
        guard let command, let type = CommandRegistry.command(named: command) else { return false }
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        return type.configuration.options.contains { $0.spellings.contains(name) }
    }

    /// The command `name` made from its arguments.
    private static func make(_ name: String, arguments: ArraySlice<String>) throws(CommandLineError) -> any Command {
        guard let type = CommandRegistry.command(named: name) else {
            if name.hasPrefix("-"), name.count > 1 {
                let options = CommandRegistry.globalOptions.flatMap(\.spellings)
                throw .usage("unknown option '\(name)'\(Suggestion.didYouMean(name, among: options))")
            }
            throw unknownCommand(name)
        }
        return try type.init(ParsedArguments(arguments, for: type.configuration))
    }

    /// The error for a word that names no command, suggesting the nearest one.
    static func unknownCommand(_ name: String) -> CommandLineError {
        .usage("unknown command '\(name)'\(Suggestion.didYouMean(name, among: CommandRegistry.names))")
    }
}
