/// The manual page `pm help --man` prints: roff for `man(1)`, written from ``CommandRegistry`` as
/// help is, so that it lists every command and option there is.
///
/// ```sh
/// pm help --man > ~/.local/share/man/man1/pm.1 && man pm
/// pm help --man | man -l -
/// ```
enum ManPage {
    /// The page, in roff (`man(7)` macros).
    static var text: String {
        var lines = [
            #".TH PM 1 "" "pm \#(CommandRegistry.version)" "User Commands""#,
            ".SH NAME",
            #"pm \- keep projects on boards of lists: To Do, Doing, Done and lists of your own"#,
            ".SH SYNOPSIS",
            ".B pm",
            #".I COMMAND"#,
            #"[\fIARGUMENT\fR]... [\fIOPTION\fR]..."#,
            ".SH DESCRIPTION",
        ]
        lines += paragraphs(
            "pm keeps projects on boards of lists (To Do, Doing, Done, and lists of the user's own, with labels and an archive), in a store file that later runs read back, with the history of every change and undo and redo that reach back across runs."
        )
        lines.append(".SH COMMANDS")
        for command in CommandRegistry.commands {
            let configuration = command.configuration
            lines += [".SS " + quoted(configuration.name), ".B " + escaped(configuration.synopsis), ".PP"]
            lines.append(
                escaped(configuration.abstract.prefix(1).uppercased() + configuration.abstract.dropFirst() + "."))
            if !configuration.discussion.isEmpty { lines.append(escaped(configuration.discussion)) }
            for argument in configuration.arguments {
                lines += [
                    ".TP", #"\fI"# + escaped(argument.valueName) + #"\fR"#,
                    escaped(argument.help + (argument.isOptional ? " (optional)" : "")),
                ]
            }
            lines += options(configuration.options)
        }
        lines.append(".SH OPTIONS")
        lines += paragraphs("These stand anywhere on the command line, before a --.")
        lines += options(CommandRegistry.globalOptions)
        lines += [".TP", #".B \-\-"#, "Every argument after it is positional: pm add \\-\\- \\-5 push\\-ups."]
        lines.append(".SH ENVIRONMENT")
        for (name, text) in environment {
            lines += [".TP", ".B " + name, escaped(text)]
        }
        lines.append(".SH EXIT STATUS")
        for (status, text) in [
            ("0", "The command did its work."), ("1", "It failed; nothing was saved. One line on standard error."),
            ("2", "The command line is wrong. A line, then a hint, on standard error."),
            ("141", "The reader of standard output went away; nothing is said."),
        ] {
            lines += [".TP", ".B " + status, escaped(text)]
        }
        lines.append(".SH NOTES")
        for note in HelpText.notes { lines += paragraphs(note) }
        lines += [".SH SEE ALSO", "Docs/CLI.md in the ProjectManager sources."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The variables `pm` reads.
    static let environment: [(String, String)] = [
        ("PM_STORE", "The store file, unless --store names one."),
        (
            "XDG_DATA_HOME",
            "Else the store is $XDG_DATA_HOME/projectmanager/projects.pmstore, or ~/.local/share/projectmanager/projects.pmstore."
        ),
        ("NO_COLOR", "Set and not empty: no colour, unless --color=always."),
        ("TERM", "dumb: no colour, unless --color=always."),
        ("COLUMNS", "The width when standard output is not a terminal that says its own; else 80."),
        ("TZ", "The time zone deadlines and times are read in."),
        ("PM_NOW", "An ISO 8601 time that stands in for the clock: 2026-03-15T09:00:00Z."),
        (
            "PM_GITHUB_API_URL, PM_GITHUB_URL, PM_GITHUB_CLIENT_ID",
            "Which GitHub, and the OAuth app of its device flow."
        ),
    ]

    private static func options(_ options: [CommandOption]) -> [String] {
        options.flatMap { option in
            [
                ".TP", ".B " + escaped(HelpText.optionTitle(option)),
                escaped(
                    option.help.replacingOccurrences(of: "\n", with: " ")
                        + (option.isRequired ? " (required)" : "")),
            ]
        }
    }

    private static func paragraphs(_ text: String) -> [String] {
        [".PP", escaped(text)]
    }

    /// `text` as roff text: backslashes and hyphens escaped, each character beyond ASCII written
    /// `\[uXXXX]` (so that any `troff` reads it), and a line that would start with a control
    /// character made safe.
    static func escaped(_ text: some StringProtocol) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += #"\e"#
            case "-": escaped += #"\-"#
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += #"\[u"# + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? #"\&"# + escaped : escaped
    }

    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }
}
