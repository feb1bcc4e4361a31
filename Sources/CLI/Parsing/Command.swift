import ProjectManager

/// One `pm` command: what the user types, its help, the arguments it takes, and what it does.
///
/// A command is a value made from its checked arguments; ``run(in:)`` does the work. The parser,
/// `pm help`, the `did you mean …?` suggestions and shell completion all read the command's
/// ``configuration`` from ``CommandRegistry``, so adding a command is one file and one line there:
/// ```swift
/// struct ShowCommand: Command {
///     static let board = Option.board()
///     static let configuration = CommandConfiguration(
///         name: "show", abstract: "show one project",
///         arguments: [.projectID], options: [board])
///
///     let id: ProjectIDPrefix
///     var board: String?
///
///     init(_ arguments: ParsedArguments) throws(CommandLineError) {
///         id = try ProjectIDPrefix(parsing: arguments.positionals[0])
///         board = arguments[Self.board]      // read through the declaration, never by its name
///     }
///
///     func run(in context: CommandContext) async throws(CommandLineError) {
///         let lookup = try await context.lookup(on: context.readingScreens(onBoard: board))
///         context.print(/* the project `id` names on it */)
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
///
/// Each option is declared once, as a static ``Option`` or ``Flag`` of the command, listed here
/// and read back through the same declaration (``ParsedArguments/subscript(_:)-(Option<String>)``).
struct CommandConfiguration: Sendable {
    /// What the user types: `move`.
    var name: String
    /// One line for `pm help`, lowercase and without a full stop: `move a project to a column`.
    var abstract: String
    /// More for `pm help NAME`, in sentences; may be empty.
    var discussion: String = ""
    /// The positional arguments, in order; optional ones come last.
    var arguments: [CommandArgument] = []
    /// The options the command takes besides the global ones (``CommandRegistry/globalOptions``),
    /// as their declarations (``Option``, ``Flag``) describe them.
    var options: [CommandOption]
    /// Said after an unexpected argument, in parentheses: `quote a title that has spaces`.
    var extraArgumentHint: String?
    /// Options the command refuses on purpose, each with why and what to do instead:
    /// `--password` on `pm login`. They are not listed in help.
    var refusedOptions: [String: String]
    /// Whether a message may repeat an unexpected argument; `false` where one may be a secret (a
    /// password typed after `pm login EMAIL`).
    var echoesExtraArgument: Bool

    /// A configuration; `options` are the command's declared options, in help's order.
    init(
        name: String, abstract: String, discussion: String = "", arguments: [CommandArgument] = [],
        options: [any DeclaredOption] = [], extraArgumentHint: String? = nil, refusedOptions: [String: String] = [:],
        echoesExtraArgument: Bool = true
    ) {
        (self.name, self.abstract, self.discussion, self.arguments) = (name, abstract, discussion, arguments)
        self.options = options.map(\.declaration)
        (self.extraArgumentHint, self.refusedOptions, self.echoesExtraArgument) =
            (extraArgumentHint, refusedOptions, echoesExtraArgument)
    }

    /// The command line, as help shows it: `pm move ID todo|doing|done [--at N]`.
    var synopsis: String {
        synopsisParts.joined(separator: " ")
    }

    /// The synopsis in the parts help may wrap it between: `pm`, `move`, `ID`, `[--at N]`; a
    /// required option stands without brackets.
    var synopsisParts: [String] {
        let arguments = arguments.map { $0.isOptional ? "[\($0.valueName)]" : $0.valueName }
        let options = options.map {
            ($0.isRequired ? $0.synopsis : "[\($0.synopsis)]") + ($0.isRepeatable ? "..." : "")
        }
        return ["pm", name] + arguments + options
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
        help: "the project: its id, or the first characters of it (at least 4)", completion: .projectIDs)
}
