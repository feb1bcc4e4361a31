/// One command's arguments, split into positionals and options and checked against its
/// ``CommandConfiguration``: every option is one it declares, given once, with its value; the number
/// of positionals is what it takes.
struct ParsedArguments: Sendable, Equatable {
    /// The positional arguments, in order; at least the command's required ones.
    var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The command, for messages.
    private let command: String
    /// The names of the options the command declares: the only ones it may read.
    private let declared: Set<String>

    /// The value of `option`, typed by its declaration; `nil` when it was not given.
    /// - Throws: ``CommandLineError/usage(_:)`` when the declaration refuses the text given.
    subscript<Value>(option: Option<Value, CommandLineError>) -> Value? {
        // Not one subscript generic over the failure: Swift 6.3's SILGen crashes on a getter that
        // throws a generic error type.
        get throws(CommandLineError) {
            guard let text = texts(of: option).first else { return nil }
            return try option.parse(text, option.name)
        }
    }

    /// The value of `option`, whose declaration takes any text; `nil` when it was not given.
    subscript<Value>(option: Option<Value, Never>) -> Value? {
        texts(of: option).first.map { option.parse($0, option.name) }
    }

    /// Whether `flag` was given.
    subscript(flag: Flag) -> Bool {
        checkDeclared(flag)
        return flags.contains(flag.name)
    }

    /// Every value of a repeatable `option` (such as `--label`), in order, typed by its declaration.
    /// - Throws: What the declaration throws for a text given.
    func all<Value, Failure>(_ option: Option<Value, Failure>) throws(Failure) -> [Value] {
        var all: [Value] = []
        for text in texts(of: option) { all.append(try option.parse(text, option.name)) }
        return all
    }

    /// Whether `option`, a flag or an option with a value, was given.
    func isGiven(_ option: any DeclaredOption) -> Bool {
        checkDeclared(option)
        return flags.contains(option.name) || values[option.name] != nil
    }

    /// The positional argument at `index`, or `nil` for an optional one that was not given.
    func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    private func texts(of option: some DeclaredOption) -> [String] {
        checkDeclared(option)
        return values[option.name] ?? []
    }

    /// A command reads only the options its configuration declares, so that whatever it reads is
    /// in its help, its completion and its suggestions.
    private func checkDeclared(_ option: some DeclaredOption) {
        precondition(
            declared.contains(option.name),
            "\(command) reads \(option.name), which its configuration does not declare")
    }

    /// Splits `arguments` for the command `configuration` describes. An option takes its value as
    /// `--name value` or `--name=value`; after `--` every argument is positional.
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` for an unknown option (with the nearest one it
    ///   may stand for), a missing value, an option given twice, a missing or an extra argument.
    init(_ arguments: ArraySlice<String>, for configuration: CommandConfiguration) throws(CommandLineError) {
        let command = "pm \(configuration.name)"
        self.command = command
        declared = Set(configuration.options.map(\.name))
        var index = arguments.startIndex
        var afterTerminator = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if afterTerminator || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                afterTerminator = true
                continue
            }
            var spelling = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                spelling = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if let reason = configuration.refusedOptions[spelling] {
                throw .usage("'\(command)' takes no \(spelling): \(reason)")
            }
            guard let option = configuration.options.first(where: { $0.spellings.contains(spelling) }) else {
                let known =
                    configuration.options.flatMap(\.spellings) + CommandRegistry.globalOptions.flatMap(\.spellings)
                throw .usage(
                    "unknown option '\(spelling)' for '\(command)'\(Suggestion.didYouMean(spelling, among: known))")
            }
            guard option.isRepeatable || (!values.keys.contains(option.name) && !flags.contains(option.name)) else {
                throw .usage("option '\(option.name)' is given twice")
            }
            if option.isFlag {
                guard inlineValue == nil else { throw .usage("option '\(option.name)' takes no value") }
                flags.insert(option.name)
            } else if let inlineValue {
                values[option.name, default: []].append(inlineValue)
            } else {
                guard index < arguments.endIndex else { throw .usage("option '\(option.name)' needs a value") }
                values[option.name, default: []].append(arguments[index])
                index += 1
            }
        }
        try checkCount(for: configuration, command: command)
    }

    private func checkCount(for configuration: CommandConfiguration, command: String) throws(CommandLineError) {
        let required = configuration.arguments.filter { !$0.isOptional }
        if positionals.count < required.count {
            throw .usage("'\(command)' needs \(Self.list(required.map(\.noun)))")
        }
        if let missing = configuration.options.first(where: { $0.isRequired && !isGiven($0) }) {
            throw .usage("'\(command)' needs \(missing.synopsis)")
        }
        if positionals.count > configuration.arguments.count {
            let extra = positionals[configuration.arguments.count]
            let hint = configuration.extraArgumentHint.map { " (\($0))" } ?? ""
            let shown = configuration.echoesExtraArgument ? "unexpected argument '\(extra)'" : "an unexpected argument"
            throw .usage("\(shown) for '\(command)'\(hint)")
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
