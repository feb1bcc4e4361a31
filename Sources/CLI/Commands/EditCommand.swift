import ProjectManager

/// `pm edit`: applies the edit to the project's fields, validates them, and saves them through the
/// project's form.
struct EditCommand: Command {
    static let title = Option("--title", "TITLE", help: "the new title; - reads it from standard input")
    static let body = Option("--body", "TEXT", help: "the new body; - reads it from standard input")
    static let due = Option(
        "--due", "YYYY-MM-DD|none",
        help: "the new deadline; \"YYYY-MM-DD HH:MM\" for a time of day in $TZ; none for no deadline"
    ) { text, name throws(CommandLineError) -> DueArgument? in
        if text.lowercased() == "none" { return nil }
        return try DueArgument(parsing: text, option: name, remedy: " (or none to remove the deadline)")
    }
    static let repeatRule = Option(
        "--repeat", "RULE|none", help: "the new RRULE, or none to stop repeating"
    ) { text, name throws(CommandLineError) in try RecurrenceRule.repeatRuleOrNone(parsing: text, option: name) }
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "edit", abstract: "change a project's title, body, deadline or repeat rule",
        discussion: """
            At least one option is needed; \(due.name) none removes the deadline and its time, \(due.name) \
            "2026-12-24 14:00" makes it due at 14:00 in the zone TZ names, \(due.name) 2026-12-24 over the whole day; \(repeatRule.name) none stops the \
            project repeating. A repeating project's deadline is its next occurrence; a new \(due.name) \
            starts its schedule again from that day.
            """,
        arguments: [.projectID],
        options: [title, body, due, repeatRule, board] + JSONFormat.options(help: "print the project as saved as JSON"),
        extraArgumentHint: "quote a title that has spaces")

    /// The project, as the user named it.
    var id: ProjectIDPrefix
    /// The fields to change.
    var edit: ProjectEdit
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?
    /// How to print the project as saved as JSON; text when `nil`.
    var json: JSONFormat?
    /// Which field standard input gives: `--title -`, `--body -`.
    var fromInput: StandardInputField?
    /// The new due date when it has a time of day, read in the user's zone when it runs.
    var dueTime: DueArgument?

    init(id: ProjectIDPrefix, edit: ProjectEdit, board: String? = nil, json: JSONFormat? = nil) {
        self.id = id
        self.edit = edit
        self.board = board
        self.json = json
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        id = try ProjectIDPrefix(parsing: arguments.positionals[0])
        json = try JSONFormat.parse(arguments)
        board = arguments[Self.board]
        edit = ProjectEdit(title: arguments[Self.title], body: arguments[Self.body])
        if let due = try arguments[Self.due] {
            edit.deadline = .some(due?.day)
            dueTime = due?.time == nil ? nil : due
        }
        edit.repeatRule = try arguments[Self.repeatRule]
        fromInput = try StandardInputField(title: edit.title, body: edit.body, option: Self.body.name)
        guard !edit.isEmpty else {
            let names = ([Self.title, Self.body, Self.due, Self.repeatRule] as [any DeclaredOption]).map(\.name)
            throw .usage(
                "'pm \(Self.configuration.name)' needs something to change: "
                    + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""))
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try await context.screens(onBoard: board)
        let lookup = try await context.lookup(on: screens)
        let project = try lookup.project(id)
        var edit = edit
        switch fromInput {
        case .title: edit.title = StandardInputField.read(in: context)
        case .body: edit.body = StandardInputField.read(in: context)
        case nil: break
        }
        if edit.deadline != nil {
            // A day alone is due over the whole day; none takes the time off with the day.
            edit.dueTime = .some(try dueTime?.dueTime(in: context.tool.engineEnvironment.timeZone))
        }
        try context.validate(edit.applied(to: project.draft))
        let saved = try await screens.update(project.id, with: edit)
        if let json {
            let objects = try await context.jsonObjects(on: screens, projectIDs: lookup.shortIDs)
            try context.printJSON(ProjectOutput(project: objects.project(saved, on: lookup.overview.board)), json)
            return
        }
        context.print("edited \(lookup.shortIDs(saved.id)): \(TerminalText.sanitized(saved.title))")
    }
}
