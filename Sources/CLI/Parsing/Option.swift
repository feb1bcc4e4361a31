/// An option of a command, such as `--due YYYY-MM-DD` or a flag such as `--help`, as help, the
/// parser, the suggestions and completion see it.
///
/// It is made only by declaring an ``Option`` or a ``Flag``, which a command also reads its value
/// back with: each option is spelt once, in its declaration.
struct CommandOption: Sendable, Equatable {
    /// How the user types it: `--due`.
    let name: String
    /// Other spellings of it: `-h` for `--help`.
    let aliases: [String]
    /// How help writes its value (`YYYY-MM-DD`), or `nil` for a flag that takes no value.
    let valueName: String?
    /// One line for help.
    let help: String
    /// What a shell may complete its value with.
    let completion: Completion
    /// Whether it may be given more than once, each value kept: `--label bug --label docs`.
    let isRepeatable: Bool
    /// Whether the command needs it: the parser refuses the command line without it, and help
    /// shows it without brackets.
    let isRequired: Bool

    fileprivate init(
        name: String, aliases: [String] = [], valueName: String?, help: String, completion: Completion = .none,
        isRepeatable: Bool = false, isRequired: Bool = false
    ) {
        (self.name, self.aliases, self.valueName, self.help) = (name, aliases, valueName, help)
        (self.completion, self.isRepeatable, self.isRequired) = (completion, isRepeatable, isRequired)
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

/// An option or a flag a command declares: what its configuration lists, and what it reads back.
protocol DeclaredOption: Sendable {
    /// The option as help, the parser and completion see it.
    var declaration: CommandOption { get }
}

extension CommandOption: DeclaredOption {
    /// The option itself: a configuration's options can be asked about again (``ParsedArguments/isGiven(_:)``).
    var declaration: CommandOption { self }
}

extension DeclaredOption {
    /// How the user types it: `--due`.
    var name: String { declaration.name }
    /// How help writes it: `--due YYYY-MM-DD`.
    var synopsis: String { declaration.synopsis }
}

/// An option that takes a value, declared once with how its text becomes a `Value`.
///
/// The declaration is a command's static property; the command lists it in its configuration and
/// reads it back by the property, so a misspelt option does not compile:
/// ```swift
/// static let at = Option("--at", "N", help: "its position in the column, from 1") { text, name throws(CommandLineError) in
///     guard let position = Int(text), position >= 1 else { throw .usage("bad \(name) '\(text)'") }
///     return position
/// }
/// static let toBoard = Option("--to-board", "NAME", help: "the board to move it to, by name")
///
/// position = try arguments[Self.at]        // Int?, checked
/// targetBoard = arguments[Self.toBoard]    // String?, as typed: nothing to check, nothing to try
/// ```
/// `Failure` is what reading the value may throw: ``CommandLineError`` for a value that is
/// checked, `Never` for text taken as it is.
struct Option<Value: Sendable, Failure: Error>: DeclaredOption {
    let declaration: CommandOption
    /// Turns the text given into a value; it is given the option's name, for its messages.
    let parse: @Sendable (_ text: String, _ name: String) throws(Failure) -> Value

    /// An option `--name VALUE` (or `--name=VALUE`) whose text `parse` checks and types.
    /// - Parameters:
    ///   - repeatable: Whether it may be given again, each value kept.
    ///   - required: Whether the command needs it.
    init(
        _ name: String, _ valueName: String, help: String, completion: Completion = .none, repeatable: Bool = false,
        required: Bool = false, parse: @escaping @Sendable (_ text: String, _ name: String) throws(Failure) -> Value
    ) {
        declaration = CommandOption(
            name: name, valueName: valueName, help: help, completion: completion, isRepeatable: repeatable,
            isRequired: required)
        self.parse = parse
    }
}

extension Option where Value == String, Failure == Never {
    /// An option whose value is the text as given.
    init(_ name: String, _ valueName: String, help: String, completion: Completion = .none, repeatable: Bool = false) {
        self.init(name, valueName, help: help, completion: completion, repeatable: repeatable) { text, _ in text }
    }
}

/// An option that is given or not, and takes no value: `--json`.
struct Flag: DeclaredOption {
    let declaration: CommandOption

    init(_ name: String, aliases: [String] = [], help: String) {
        declaration = CommandOption(name: name, aliases: aliases, valueName: nil, help: help)
    }
}

/// What a shell's completion offers for an argument or an option's value.
enum Completion: Sendable, Equatable {
    /// Nothing: the user types the value.
    case none
    /// One of these words.
    case words([String])
    /// A file's path.
    case files
    /// A command's name.
    case commands
    /// The ids of the projects on the board (the current one, or the `--board` on the line), with
    /// their titles: `pm completion ids` lists them.
    case projectIDs
    /// The viewer's boards' names (`pm completion boards`), and these words too.
    case boards(andWords: [String] = [])
    /// The names of the board's lists that are not archived (`pm completion lists`, the current
    /// board or the `--board` on the line), and these words too.
    case lists(andWords: [String] = [])
    /// The names of the board's labels (`pm completion labels`).
    case labels
    /// The emails of the board's owner and members (`pm completion members`).
    case members
}

// MARK: - Options many commands take

extension Option where Value == String, Failure == Never {
    /// `--board NAME`: the board a command reads or changes, instead of the current one.
    static func board(
        help: String = "the board, by name, instead of the current one (pm boards lists them)"
    ) -> Option<String, Never> {
        Option("--board", "NAME", help: help, completion: .boards())
    }
}

extension Flag {
    /// `--json`: print JSON with stable keys instead of text.
    static func json(help: String = "print JSON") -> Flag {
        Flag("--json", help: help)
    }
}
