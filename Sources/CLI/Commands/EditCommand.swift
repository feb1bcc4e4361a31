import ProjectManager

/// `pm edit`: applies the edit to the project's fields, validates them, and saves them through the
/// project's form.
struct EditCommand: Command {
    static let configuration = CommandConfiguration(
        name: "edit", abstract: "change a project's title, body, deadline or repeat rule",
        discussion: """
            At least one option is needed; --due none removes the deadline, --repeat none stops the \
            project repeating. A repeating project's deadline is its next occurrence; a new --due \
            starts its schedule again from that day.
            """,
        arguments: [.projectID],
        options: [
            .value("--title", "TITLE", help: "the new title"),
            .value("--body", "TEXT", help: "the new body"),
            .value("--due", "YYYY-MM-DD|none", help: "the new deadline, or none for no deadline"),
            .value("--repeat", "RULE|none", help: "the new RRULE, or none to stop repeating"),
            .board,
        ],
        extraArgumentHint: "quote a title that has spaces")

    /// The project, as the user named it.
    var id: ProjectIDPrefix
    /// The fields to change.
    var edit: ProjectEdit
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(id: ProjectIDPrefix, edit: ProjectEdit, board: String? = nil) {
        self.id = id
        self.edit = edit
        self.board = board
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        id = try ProjectIDPrefix(parsing: arguments.positionals[0])
        board = arguments.value(CommandOption.board.name)
        edit = ProjectEdit(title: arguments.value("--title"), body: arguments.value("--body"))
        if let due = arguments.value("--due") {
            edit.deadline = .some(try Day.deadline(parsing: due, allowsNone: true))
        }
        if let rule = arguments.value("--repeat") {
            edit.repeatRule = .some(try RecurrenceRule.repeatRule(parsing: rule, allowsNone: true))
        }
        guard !edit.isEmpty else {
            throw .usage("'pm \(Self.configuration.name)' needs something to change: --title, --body, --due or --repeat")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try await context.screens(onBoard: board)
        let lookup = try await context.lookup(on: screens)
        let project = try lookup.project(id)
        try context.validate(edit.applied(to: project.draft))
        let saved = try await screens.update(project.id, with: edit)
        context.print("edited \(lookup.shortIDs(saved.id)): \(TerminalText.sanitized(saved.title))")
    }
}
