/// What `pm help` and `pm help COMMAND` print, written from ``CommandRegistry``.
enum HelpText {
    /// The width help's prose is wrapped to.
    static let width = 78

    /// `pm help`: every command with its abstract, the global options, and how ids, deadlines,
    /// colour, undo and the exit status work.
    static var general: String {
        var lines = ["pm: keep projects on a board with three columns, To Do, Doing and Done.", "", "Usage:"]
        for command in CommandRegistry.commands {
            lines += row(command.configuration.synopsis, command.configuration.abstract, column: 27)
        }
        lines += ["", "Options:"]
        lines += optionRows(CommandRegistry.globalOptions, column: 15)
        lines += row("--", "every argument after it is positional: pm add -- -5 push-ups", column: 15)
        return (lines + ["", notes, ""]).joined(separator: "\n")
    }

    /// `pm help NAME`: the command's synopsis, what it does, and each argument and option.
    static func usage(of command: any Command.Type) -> String {
        let configuration = command.configuration
        var lines = ["Usage: \(configuration.synopsis)", "", sentence(configuration.abstract)]
        if !configuration.discussion.isEmpty { lines += wrapped(configuration.discussion) }
        let options = configuration.options + CommandRegistry.globalOptions
        let column = 4 + ((configuration.arguments.map(\.valueName) + options.map(optionTitle)).map(\.count).max() ?? 0)
        if !configuration.arguments.isEmpty {
            lines += ["", "Arguments:"]
            for argument in configuration.arguments {
                lines += row(argument.valueName, argument.help + (argument.isOptional ? " (optional)" : ""), column: column)
            }
        }
        lines += ["", "Options:"] + optionRows(options, column: column)
        return (lines + [""]).joined(separator: "\n")
    }

    /// What `pm help` says after the options.
    static let notes = """
        IDs: the first characters of an id are enough when no other id starts with
        them, as in git (at least 4). A deadline is a calendar day; a project is
        overdue, marked '!', when that day has passed and it is not done.
        Colour is used only on a terminal, and never when NO_COLOR is set.
        Undo and redo reach back across runs: the store keeps both. A new change after
        an undo ends what can be redone. With nothing to undo or redo, pm says so and
        exits 1.
        Exit status: 0 done, 1 failed (nothing saved), 2 bad command line.
        """

    // MARK: - Layout

    private static func optionTitle(_ option: CommandOption) -> String {
        ([option.synopsis] + option.aliases).joined(separator: ", ")
    }

    private static func optionRows(_ options: [CommandOption], column: Int) -> [String] {
        options.flatMap { row(optionTitle($0), $0.help, column: column) }
    }

    /// `title` indented by two, then `text` from `column` (on the next line when `title` reaches
    /// it); each further line of `text` also starts at `column`.
    private static func row(_ title: String, _ text: String, column: Int) -> [String] {
        let indent = String(repeating: " ", count: column + 2)
        let textLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let head = "  " + title
        let first = head.count < column + 1
            ? [head + String(repeating: " ", count: column + 2 - head.count) + (textLines.first ?? "")]
            : [head, indent + (textLines.first ?? "")]
        return first + textLines.dropFirst().map { indent + $0 }
    }

    /// `text` with a capital letter and a full stop.
    private static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    /// `text` broken into lines of at most ``width`` characters, at spaces.
    private static func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}
