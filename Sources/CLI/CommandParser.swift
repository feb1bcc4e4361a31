import ProjectManager

/// Turns `pm`'s arguments into an ``Invocation``, checking everything that can be checked without
/// the store: commands, options, counts of arguments, dates, columns and positions.
///
/// `--store PATH` (or `--store=PATH`) and `--help`/`-h` may stand anywhere before a `--`; after
/// `--`, every argument is positional, so `pm add -- --weird title` works.
enum CommandParser {
    /// The commands, as the user types them.
    static let commandNames = [
        "demo", "add", "board", "show", "edit", "move", "delete", "history", "undo", "redo", "help",
    ]

    /// Parses the arguments that follow the program's name.
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` naming the first problem.
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Invocation {
        var storePath: String?
        var wantsHelp = false
        var rest: [String] = []
        var index = 0
        var afterTerminator = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if afterTerminator {
                rest.append(argument)
            } else if argument == "--" {
                afterTerminator = true
                rest.append(argument)
            } else if argument == "--help" || argument == "-h" {
                wantsHelp = true
            } else if argument == "--store" || argument.hasPrefix("--store=") {
                let value: String
                if argument == "--store" {
                    guard index < arguments.count else { throw .usage("option '--store' needs a path") }
                    value = arguments[index]
                    index += 1
                } else {
                    value = String(argument.dropFirst("--store=".count))
                }
                guard storePath == nil else { throw .usage("option '--store' is given twice") }
                guard !value.isEmpty else { throw .usage("option '--store' needs a path, not an empty string") }
                storePath = value
            } else {
                rest.append(argument)
            }
        }
        let command: Command
        if wantsHelp {
            command = .help
        } else if let name = rest.first {
            command = try parseCommand(name, arguments: rest.dropFirst())
        } else {
            command = .help
        }
        return Invocation(command: command, storePath: storePath)
    }

    // MARK: - Commands

    private static func parseCommand(_ name: String, arguments: ArraySlice<String>) throws(CommandLineError) -> Command {
        switch name {
        case "demo":
            try ScannedArguments(arguments, command: name, options: []).expectPositionals(0, command: name)
            return .demo
        case "board":
            try ScannedArguments(arguments, command: name, options: []).expectPositionals(0, command: name)
            return .board
        case "help":
            let scanned = try ScannedArguments(arguments, command: name, options: [])
            if let topic = scanned.positionals.first, !commandNames.contains(topic) {
                throw .usage("unknown command '\(topic)'")
            }
            try scanned.expectPositionals(0...1, command: name)
            return .help
        case "add":
            let scanned = try ScannedArguments(arguments, command: name, options: ["--body", "--due"])
            try scanned.expectPositionals(1, command: name, missing: "a title")
            var draft = ProjectDraft(title: scanned.positionals[0], body: scanned.options["--body"] ?? "")
            if let due = scanned.options["--due"] {
                draft.deadline = try parseDeadline(due, allowsNone: false)
            }
            return .add(draft)
        case "show", "delete":
            let scanned = try ScannedArguments(arguments, command: name, options: [])
            try scanned.expectPositionals(1, command: name, missing: "a project id")
            let id = try ProjectIDPrefix(parsing: scanned.positionals[0])
            return name == "show" ? .show(id) : .delete(id)
        case "edit":
            let scanned = try ScannedArguments(arguments, command: name, options: ["--title", "--body", "--due"])
            try scanned.expectPositionals(1, command: name, missing: "a project id")
            let id = try ProjectIDPrefix(parsing: scanned.positionals[0])
            var edit = ProjectEdit(title: scanned.options["--title"], body: scanned.options["--body"])
            if let due = scanned.options["--due"] {
                edit.deadline = .some(try parseDeadline(due, allowsNone: true))
            }
            guard !edit.isEmpty else {
                throw .usage("'pm edit' needs something to change: --title, --body or --due")
            }
            return .edit(id, edit)
        case "move":
            let scanned = try ScannedArguments(arguments, command: name, options: ["--at"])
            try scanned.expectPositionals(2, command: name, missing: "a project id and a column (todo, doing or done)")
            let id = try ProjectIDPrefix(parsing: scanned.positionals[0])
            let state = try parseState(scanned.positionals[1])
            let position = try scanned.options["--at"].map { (text: String) throws(CommandLineError) -> Int in
                try parsePosition(text)
            }
            return .move(id, to: state, position: position)
        case "history":
            let scanned = try ScannedArguments(arguments, command: name, options: ["--limit"])
            try scanned.expectPositionals(0, command: name)
            let limit = try scanned.options["--limit"].map { (text: String) throws(CommandLineError) -> Int in
                try parseLimit(text)
            }
            return .history(limit: limit)
        case "undo", "redo":
            try ScannedArguments(arguments, command: name, options: []).expectPositionals(0, command: name)
            return name == "undo" ? .undo : .redo
        default:
            if name.hasPrefix("-"), name.count > 1 {
                throw .usage("unknown option '\(name)'")
            }
            throw .usage("unknown command '\(name)'")
        }
    }

    // MARK: - Values

    /// A deadline argument: a `YYYY-MM-DD` day that exists, or, when `allowsNone`, `none` for no
    /// deadline.
    static func parseDeadline(_ text: String, allowsNone: Bool) throws(CommandLineError) -> Day? {
        if allowsNone, text.lowercased() == "none" { return nil }
        do {
            return try Day(parsing: text)
        } catch {
            let remedy = allowsNone ? " (or none to remove the deadline)" : ""
            throw .usage("bad --due: \(error.description)\(remedy)")
        }
    }

    /// A column argument: `todo`, `doing` or `done`, in any case.
    static func parseState(_ text: String) throws(CommandLineError) -> ProjectState {
        guard let state = ProjectState(rawValue: text.lowercased()) else {
            throw .usage("unknown column '\(text)': use todo, doing or done")
        }
        return state
    }

    /// A position argument: a whole number from 1, the top of the column.
    static func parsePosition(_ text: String) throws(CommandLineError) -> Int {
        guard text.allSatisfy(\.isASCII), let position = Int(text) else {
            throw .usage("bad --at '\(text)': give a whole number, 1 for the top of the column")
        }
        guard position >= 1 else {
            throw .usage("bad --at '\(text)': positions count from 1, the top of the column")
        }
        return position
    }

    /// A `--limit` argument: a whole number of entries from 1.
    static func parseLimit(_ text: String) throws(CommandLineError) -> Int {
        guard text.allSatisfy(\.isASCII), let limit = Int(text), limit >= 1 else {
            throw .usage("bad --limit '\(text)': give a whole number of entries, 1 or more")
        }
        return limit
    }
}

/// One command's arguments split into positionals and option values.
private struct ScannedArguments {
    var positionals: [String] = []
    var options: [String: String] = [:]

    /// Splits `arguments`; each of `options` takes a value, as `--name value` or `--name=value`.
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` for an unknown option, a missing value, or an option
    ///   given twice.
    init(_ arguments: ArraySlice<String>, command: String, options known: Set<String>) throws(CommandLineError) {
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
            let name: String
            let value: String
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
                guard known.contains(name) else { throw Self.unknown(name, command: command) }
            } else {
                name = argument
                guard known.contains(name) else { throw Self.unknown(name, command: command) }
                guard index < arguments.endIndex else { throw .usage("option '\(name)' needs a value") }
                value = arguments[index]
                index += 1
            }
            guard options[name] == nil else { throw .usage("option '\(name)' is given twice") }
            options[name] = value
        }
    }

    private static func unknown(_ name: String, command: String) -> CommandLineError {
        .usage("unknown option '\(name)' for 'pm \(command)'")
    }

    func expectPositionals(_ count: Int, command: String, missing: String = "") throws(CommandLineError) {
        try expectPositionals(count...count, command: command, missing: missing)
    }

    func expectPositionals(_ range: ClosedRange<Int>, command: String, missing: String = "") throws(CommandLineError) {
        if positionals.count < range.lowerBound {
            throw .usage("'pm \(command)' needs \(missing)")
        }
        if positionals.count > range.upperBound {
            let extra = positionals[range.upperBound]
            let hint = command == "add" || command == "edit" ? " (quote a title that has spaces)" : ""
            throw .usage("unexpected argument '\(extra)' for 'pm \(command)'\(hint)")
        }
    }
}
