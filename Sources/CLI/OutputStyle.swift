/// How the tool decorates what it prints: ANSI colours when standard output is a terminal and the
/// user has not set `NO_COLOR`, plain text otherwise.
struct OutputStyle: Sendable {
    /// What a piece of text is, which decides how it looks.
    enum Role: Sendable {
        case plain
        /// A column header or a title.
        case heading
        /// A project's short id.
        case identifier
        /// A deadline that has passed.
        case overdue
        /// A remark such as "(empty)".
        case muted
        /// The characters a search matched.
        case match
    }

    /// Whether ANSI escape sequences are written.
    let usesColour: Bool

    /// Decides from `--color`, where the output goes and the process environment, following
    /// [no-color.org](https://no-color.org): with `auto`, a set, non-empty `NO_COLOR` turns colour
    /// off, and so does `TERM=dumb`; `always` and `never` are the user's word for this run, which
    /// overrides both.
    init(outputIsTerminal: Bool, environment: [String: String], choice: ColourChoice = .auto) {
        switch choice {
        case .always:
            usesColour = true
        case .never:
            usesColour = false
        case .auto:
            let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
            let dumb = environment["TERM"] == "dumb"
            usesColour = outputIsTerminal && !noColour && !dumb
        }
    }

    /// `text` in the look of `role`; the text's width in cells does not change.
    func apply(_ role: Role, to text: String) -> String {
        guard usesColour, !text.isEmpty, let code = Self.code(for: role) else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    private static func code(for role: Role) -> String? {
        switch role {
        case .plain: nil
        case .heading: "1"
        case .identifier: "33"
        case .overdue: "1;31"
        case .muted: "2"
        case .match: "1;4"
        }
    }
}

/// What `--color` asks for.
enum ColourChoice: String, CaseIterable, Sendable {
    /// Colour on a terminal, unless `NO_COLOR` or `TERM=dumb` says otherwise.
    case auto
    /// Colour wherever the output goes: into a pager (`pm board --color=always | less -R`).
    case always
    /// No colour.
    case never
}
