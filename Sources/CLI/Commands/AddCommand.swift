import ProjectManager

/// `pm add`: fills in the create form and saves it, then prints the new project's short id.
struct AddCommand: Command {
    static let body = Option("--body", "TEXT", help: "what the project is about; - reads it from standard input")
    static let due = Option(
        "--due", "YYYY-MM-DD",
        help: """
            the day it is due; "YYYY-MM-DD HH:MM" for a time of day in $TZ; with \(repeatRule.name), the first \
            day of the schedule
            """
    ) { text, name throws(CommandLineError) in try DueArgument(parsing: text, option: name) }
    static let repeatRule = Option(
        "--repeat", "RULE", help: "repeat by this RRULE, e.g. FREQ=MONTHLY;BYDAY=2SU,4SU"
    ) { text, name throws(CommandLineError) in try RecurrenceRule.repeatRule(parsing: text, option: name) }
    static let list = Option(
        "--list", "NAME", help: "the list to add it to, by name (pm lists shows them); else To Do",
        completion: .lists())
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "add", abstract: "add a project to To Do, or to a list, and print its id",
        discussion: """
            It goes last in To Do (the board's first open list of that stage), or last in the list \
            \(list.name) names, on the current board (see pm board use), or on the board \(board.name) names. \
            \(due.name) "2026-12-24 14:00" makes it due at 14:00 in the zone TZ names (the system's when unset), \
            kept with the zone's name; \(due.name) 2026-12-24 makes it due over the whole day. A TITLE \
            of - reads the title from standard input (its line break left out), and so does \(body.name) - \
            for the body: echo "Call the venue" | pm add -.
            """,
        arguments: [
            CommandArgument(
                valueName: "TITLE", noun: "a title",
                help: "the project's title, one line; - reads it from standard input")
        ],
        options: [body, due, repeatRule, list, board] + JSONFormat.options(help: "print the project added as JSON"),
        extraArgumentHint: "quote a title that has spaces")

    /// The new project's fields.
    var draft: ProjectDraft
    /// The board to add it to, by name; the current board when `nil`.
    var board: String?
    /// The list to add it to, by name; To Do when `nil`.
    var list: ListName?
    /// The time of day it is due at, read in the user's zone when it runs.
    var dueTime: DueArgument?
    /// How to print the project added as JSON; its short id as text when `nil`.
    var json: JSONFormat?
    /// Which field standard input gives: `pm add -`, `--body -`.
    var fromInput: StandardInputField?

    init(
        draft: ProjectDraft, board: String? = nil, list: ListName? = nil, json: JSONFormat? = nil,
        fromInput: StandardInputField? = nil
    ) {
        self.draft = draft
        self.board = board
        self.list = list
        self.json = json
        self.fromInput = fromInput
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        json = try JSONFormat.parse(arguments)
        draft = ProjectDraft(title: arguments.positionals[0], body: arguments[Self.body] ?? "")
        let due = try arguments[Self.due]
        draft.deadline = due?.day
        dueTime = due?.time == nil ? nil : due
        list = arguments[Self.list].map(ListName.init)
        draft.repeatRule = try arguments[Self.repeatRule]
        fromInput = try StandardInputField(title: draft.title, body: arguments[Self.body], option: Self.body.name)
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        var draft = draft
        switch fromInput {
        case .title: draft.title = StandardInputField.read(in: context)
        case .body: draft.body = StandardInputField.read(in: context)
        case nil: break
        }
        draft.dueTime = try dueTime?.dueTime(in: context.tool.engineEnvironment.timeZone)
        try context.validate(draft)
        let (screens, found) = try await context.open(board: board, readOnly: false)
        var listID: BoardList.ID?
        if let list { listID = try await screens.lists().map(\.list).list(named: list, onBoard: found.title).id }
        let project = try await screens.create(draft, inList: listID)
        let shortIDs = ShortIDs(try await screens.board())
        if let json {
            try context.printJSON(
                ProjectOutput(
                    project: try await context.jsonObjects(on: screens, projectIDs: shortIDs).project(project)), json)
            return
        }
        context.print(shortIDs(project.id))
    }
}

/// What `pm add --json` and `pm edit --json` print: the project as saved.
struct ProjectOutput: Encodable {
    var project: ProjectObject
}

/// The field of a project that standard input gives, when an argument is `-`: `pm add -`,
/// `pm add TITLE --body -`, `pm edit ID --title -`.
enum StandardInputField: Hashable, Sendable {
    case title
    case body

    /// The field `-` stands for, if any.
    /// - Throws: ``CommandLineError/usage(_:)`` when both are `-`: standard input is read once.
    init?(title: String?, body: String?, option: String) throws(CommandLineError) {
        switch (title == "-", body == "-") {
        case (true, true): throw .usage("standard input gives one field: the title (-) or \(option) -, not both")
        case (true, false): self = .title
        case (false, true): self = .body
        case (false, false): return nil
        }
    }

    /// All of standard input, without the line break that ends it (`echo` writes one).
    @MainActor
    static func read(in context: CommandContext) -> String {
        var text = context.tool.standardInput()
        if text.hasSuffix("\n") { text.removeLast() }
        if text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}
