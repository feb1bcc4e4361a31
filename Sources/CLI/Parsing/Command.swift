import ProjectManager

/// One `pm` command: what the user types, its help, the arguments it takes, and what it does.
///
/// A command is a value made from its checked arguments; ``run(in:)`` does the work. The parser,
/// `pm help`, the `did you mean …?` suggestions and shell completion all read the command's
/// ``configuration`` from ``CommandRegistry``, so adding a command is one file and one line there:
/// ```swift
/// struct ShowCommand: Command {
///     static let configuration = CommandConfiguration(
///         name: "show", abstract: "show one project",
///         arguments: [.projectID])
///
///     let id: ProjectIDPrefix
///
///     init(_ arguments: ParsedArguments) throws(CommandLineError) {
///         id = try ProjectIDPrefix(parsing: arguments.positionals[0])
///     }
///
///     func run(in context: CommandContext) async throws(CommandLineError) {
///         let lookup = try await context.lookup(on: context.screens())
///         context.print(/* the project `id` names */)
///     }
/// }
/// ```
protocol Command: Equatable, Sendable {
    /// The command's name, help, arguments and options.
    static var configuration: CommandConfiguration { get }

    /// Checks and types the arguments, before the store is opened.
    ///
    /// The parser has already checked the options against ``configuration`` and the number of
    /// positional arguments against its ``CommandConfiguration/arguments``.
    /// - Throws: ``CommandLineError/usage(_:)`` naming a bad value.
    init(_ arguments: ParsedArguments) throws(CommandLineError)

    /// Does the command's work, writing its results through `context`.
    /// - Throws: ``CommandLineError/runtime(_:)`` when the work failed; nothing is saved then.
    @MainActor
    func run(in context: CommandContext) async throws(CommandLineError)
}

/// What a command declares about itself: everything `pm help`, the parser and completion need.
struct CommandConfiguration: Sendable {
    /// What the user types: `move`.
    var name: String
    /// One line for `pm help`, lowercase and without a full stop: `move a project to a column`.
    var abstract: String
    /// More for `pm help NAME`, in sentences; may be empty.
    var discussion: String = ""
    /// The positional arguments, in order; optional ones come last.
    var arguments: [CommandArgument] = []
    /// The options the command takes besides the global ones (``CommandRegistry/globalOptions``).
    var options: [CommandOption] = []
    /// Said after an unexpected argument, in parentheses: `quote a title that has spaces`.
    var extraArgumentHint: String?
    /// Options the command refuses on purpose, each with why and what to do instead:
    /// `--password` on `pm login`. They are not listed in help.
    var refusedOptions: [String: String] = [:]
    /// Whether a message may repeat an unexpected argument; `false` where one may be a secret (a
    /// password typed after `pm login EMAIL`).
    var echoesExtraArgument = true

    /// The command line, as help shows it: `pm move ID todo|doing|done [--at N]`.
    var synopsis: String {
        let arguments = arguments.map { $0.isOptional ? "[\($0.valueName)]" : $0.valueName }
        let options = options.map { "[\($0.synopsis)]" + ($0.isRepeatable ? "..." : "") }
        return (["pm", name] + arguments + options).joined(separator: " ")
    }
}

/// A positional argument of a command.
struct CommandArgument: Sendable {
    /// How help writes it: `ID`, `TITLE`, `todo|doing|done`.
    var valueName: String
    /// What a message calls it when it is missing: `a project id`.
    var noun: String
    /// One line for `pm help NAME`.
    var help: String
    /// Whether the command runs without it.
    var isOptional = false
    /// What a shell may complete it with.
    var completion: Completion = .none

    /// A project, named by its id or a prefix of it.
    static let projectID = CommandArgument(
        valueName: "ID", noun: "a project id",
        help: "the project: its id, or the first characters of it (at least 4)")
}

/// An option of a command, such as `--due YYYY-MM-DD` or a flag such as `--help`.
struct CommandOption: Sendable {
    /// How the user types it: `--due`.
    var name: String
    /// Other spellings of it: `-h` for `--help`.
    var aliases: [String] = []
    /// How help writes its value (`YYYY-MM-DD`), or `nil` for a flag that takes no value.
    var valueName: String?
    /// One line for help.
    var help: String
    /// What a shell may complete its value with.
    var completion: Completion = .none
    /// Whether it may be given more than once, each value kept: `--label bug --label docs`.
    var isRepeatable = false

    /// An option that takes a value: `--due YYYY-MM-DD` or `--due=YYYY-MM-DD`.
    static func value(
        _ name: String, _ valueName: String, help: String, completion: Completion = .none
    ) -> CommandOption {
        CommandOption(name: name, valueName: valueName, help: help, completion: completion)
    }

    /// An option that takes a value and may be given again: `--label L`, `--label L2`.
    static func repeatable(_ name: String, _ valueName: String, help: String) -> CommandOption {
        CommandOption(name: name, valueName: valueName, help: help, isRepeatable: true)
    }

    /// An option that is given or not, and takes no value: `--json`.
    static func flag(_ name: String, aliases: [String] = [], help: String) -> CommandOption {
        CommandOption(name: name, aliases: aliases, valueName: nil, help: help)
    }

    /// Whether it is a flag, taking no value.
    var isFlag: Bool { valueName == nil }

    /// How help writes it: `--due YYYY-MM-DD`, `--help`.
    var synopsis: String {
        valueName.map { "\(name) \($0)" } ?? name
    }

    /// Every spelling: the name, then the aliases.
    var spellings: [String] { [name] + aliases }
}

/// What a shell's completion offers for an argument or an option's value.
enum Completion: Sendable {
    /// Nothing: the user types the value.
    case none
    /// One of these words.
    case words([String])
    /// A file's path.
    case files
    /// A command's name.
    case commands
}
