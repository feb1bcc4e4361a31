/// What `pm help` and `pm help COMMAND` print, written from ``CommandRegistry`` and wrapped to the
/// terminal's width (else `$COLUMNS`, else 80).
enum HelpText {
    /// The narrowest width help is wrapped to, however narrow the terminal.
    static let minimumWidth = 40

    /// `pm help`: every command with its abstract, the global options, and how ids, deadlines,
    /// colour, undo and the exit status work, in lines of at most `width` characters (a word
    /// longer than a line stands alone).
    static func general(width: Int) -> String {
        let width = max(width, minimumWidth)
        var lines = wrapped(
            "pm: keep projects on boards of lists: To Do, Doing, Done and lists of your own.", width: width)
        lines += ["", "Usage:"]
        for command in CommandRegistry.commands {
            lines += synopsisRow(
                command.configuration, abstract: command.configuration.abstract, column: 27, width: width)
        }
        lines += ["", "Options:"]
        lines += optionRows(CommandRegistry.globalOptions, column: 15, width: width)
        lines += row("--", "every argument after it is positional: pm add -- -5 push-ups", column: 15, width: width)
        lines.append("")
        for paragraph in notes { lines += wrapped(paragraph, width: width) }
        return (lines + [""]).joined(separator: "\n")
    }

    /// `pm help NAME`: the command's synopsis, what it does, and each argument and option, in
    /// lines of at most `width` characters.
    static func usage(of command: any Command.Type, width: Int) -> String {
        let width = max(width, minimumWidth)
        let configuration = command.configuration
        var lines = wrapped(parts: ["Usage:"] + configuration.synopsisParts, width: width, indent: 4)
        lines += [""] + wrapped(sentence(configuration.abstract), width: width)
        if !configuration.discussion.isEmpty { lines += wrapped(configuration.discussion, width: width) }
        let options = configuration.options + CommandRegistry.globalOptions
        let titles = configuration.arguments.map(\.valueName) + options.map(optionTitle)
        let column = min(4 + (titles.map(\.count).max() ?? 0), width / 2)
        if !configuration.arguments.isEmpty {
            lines += ["", "Arguments:"]
            for argument in configuration.arguments {
                lines += row(
                    argument.valueName, argument.help + (argument.isOptional ? " (optional)" : ""), column: column,
                    width: width)
            }
        }
        lines += ["", "Options:"] + optionRows(options, column: column, width: width)
        return (lines + [""]).joined(separator: "\n")
    }

    /// What `pm help` says after the options, a paragraph each.
    static let notes = [
        """
        IDs: the first characters of an id are enough when no other id starts with them, as in git \
        (at least 4). A deadline is a calendar day; a project is overdue, marked '!', when that day \
        has passed and it is not done.
        """,
        "Colour is used only on a terminal, and never when NO_COLOR is set, unless --color says otherwise.",
        """
        Undo and redo reach back across runs: the store keeps both. A new change after an undo ends \
        what can be redone. With nothing to undo or redo, pm says so and exits 1.
        """,
        "Every command that reads or changes the store takes --json (and --pretty): one JSON object, described in Docs/CLI.md.",
        "Exit status: 0 done, 1 failed (nothing saved), 2 bad command line, 141 output's reader went away.",
    ]

    // MARK: - Layout

    static func optionTitle(_ option: CommandOption) -> String {
        ([option.synopsis] + option.aliases).joined(separator: ", ")
    }

    private static func optionRows(_ options: [CommandOption], column: Int, width: Int) -> [String] {
        options.flatMap {
            row(optionTitle($0), $0.help + ($0.isRequired ? " (required)" : ""), column: column, width: width)
        }
    }

    /// A command's synopsis, wrapped at its parts, then its abstract from `column`.
    private static func synopsisRow(_ configuration: CommandConfiguration, abstract: String, column: Int, width: Int)
        -> [String]
    {
        let synopsis = wrapped(parts: configuration.synopsisParts, width: width - 2, indent: 6).map { "  " + $0 }
        if synopsis.count == 1, synopsis[0].count < column + 1 {
            return row(configuration.synopsis, abstract, column: column, width: width)
        }
        guard width - column - 2 >= 24 else {
            return synopsis + wrapped(abstract, width: width - 6).map { "      " + $0 }
        }
        let indent = String(repeating: " ", count: column + 2)
        return synopsis + wrapped(abstract, width: width - column - 2).map { indent + $0 }
    }

    /// `title` indented by two, then `text` from `column` (on the next line when `title` reaches
    /// it), wrapped to `width`.
    private static func row(_ title: String, _ text: String, column: Int, width: Int) -> [String] {
        let text = text.replacingOccurrences(of: "\n", with: " ")
        guard width - column - 2 >= 24 else {
            // Too narrow for two columns: the text under the title.
            return ["  " + title] + wrapped(text, width: width - 6).map { "      " + $0 }
        }
        let indent = String(repeating: " ", count: column + 2)
        let textLines = wrapped(text, width: width - column - 2)
        let head = "  " + title
        let first =
            head.count < column + 1
            ? [head + String(repeating: " ", count: column + 2 - head.count) + (textLines.first ?? "")]
            : [head, indent + (textLines.first ?? "")]
        return first + textLines.dropFirst().map { indent + $0 }
    }

    /// `text` with a capital letter and a full stop.
    private static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    /// `text` broken into lines of at most `width` characters, at spaces.
    static func wrapped(_ text: String, width: Int) -> [String] {
        wrapped(parts: text.split(separator: " ").map(String.init), width: width, indent: 0)
    }

    /// `parts` joined by spaces into lines of at most `width` characters, the lines after the
    /// first indented by `indent`; a part longer than a line stands alone.
    static func wrapped(parts: [String], width: Int, indent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in parts {
            if !line.isEmpty, line.count + 1 + part.count > width {
                lines.append(line)
                // Less indent for a part that would not fit after all of it.
                line = String(repeating: " ", count: min(indent, max(0, width - part.count)))
            }
            line += (line.allSatisfy { $0 == " " } ? "" : " ") + part
        }
        return lines + (line.allSatisfy { $0 == " " } ? [] : [line])
    }
}
