/// One command's arguments, split into positionals and options and checked against its
/// ``CommandConfiguration``: every option is one it declares, given once, with its value; the number
/// of positionals is what it takes.
struct ParsedArguments: Sendable, Equatable {
    /// The positional arguments, in order; at least the command's required ones.
    var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// The value of option `name` (such as `--due`), or `nil` when it was not given.
    func value(_ name: String) -> String? { values[name]?.first }

    /// Every value of a repeatable option `name` (such as `--label`), in order.
    func values(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether flag `name` (such as `--json`) was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The positional argument at `index`, or `nil` for an optional one that was not given.
    func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// Splits `arguments` for the command `configuration` describes. An option takes its value as
    /// `--name value` or `--name=value`; after `--` every argument is positional.
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` for an unknown option (with the nearest one it
    ///   may stand for), a missing value, an option given twice, a missing or an extra argument.
    init(_ arguments: ArraySlice<String>, for configuration: CommandConfiguration) throws(CommandLineError) {
        let command = "pm \(configuration.name)"
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
                let known = configuration.options.flatMap(\.spellings) + CommandRegistry.globalOptions.flatMap(\.spellings)
                throw .usage("unknown option '\(spelling)' for '\(command)'\(Suggestion.didYouMean(spelling, among: known))")
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
