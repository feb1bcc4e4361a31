import ProjectManager

/// `pm add`: fills in the create form and saves it, then prints the new project's short id.
struct AddCommand: Command {
    static let body = Option("--body", "TEXT", help: "what the project is about; - reads it from standard input")
    static let due = Option(
        "--due", "YYYY-MM-DD", help: "the day it is due; with \(repeatRule.name), the first day of the schedule"
    ) { text, name throws(CommandLineError) in try Day.deadline(parsing: text, option: name) }
    static let repeatRule = Option(
        "--repeat", "RULE", help: "repeat by this RRULE, e.g. FREQ=MONTHLY;BYDAY=2SU,4SU"
    ) { text, name throws(CommandLineError) in try RecurrenceRule.repeatRule(parsing: text, option: name) }
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "add", abstract: "add a project to To Do and print its id",
        discussion: """
            It goes on the current board (see pm board use), or on the board \(board.name) names. A TITLE \
            of - reads the title from standard input (its line break left out), and so does \(body.name) - \
            for the body: echo "Call the venue" | pm add -.
            """,
        arguments: [
            CommandArgument(
                valueName: "TITLE", noun: "a title",
                help: "the project's title, one line; - reads it from standard input")
        ],
        options: [body, due, repeatRule, board] + JSONFormat.options(help: "print the project added as JSON"),
        extraArgumentHint: "quote a title that has spaces")

    /// The new project's fields.
    var draft: ProjectDraft
    /// The board to add it to, by name; the current board when `nil`.
    var board: String?
    /// How to print the project added as JSON; its short id as text when `nil`.
    var json: JSONFormat?
    /// Which field standard input gives: `pm add -`, `--body -`.
    var fromInput: StandardInputField?

    init(draft: ProjectDraft, board: String? = nil, json: JSONFormat? = nil, fromInput: StandardInputField? = nil) {
        self.draft = draft
        self.board = board
        self.json = json
        self.fromInput = fromInput
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        json = try JSONFormat.parse(arguments)
        draft = ProjectDraft(title: arguments.positionals[0], body: arguments[Self.body] ?? "")
        draft.deadline = try arguments[Self.due]
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
        try context.validate(draft)
        let screens = try await context.screens(onBoard: board)
        let project = try await screens.create(draft)
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
