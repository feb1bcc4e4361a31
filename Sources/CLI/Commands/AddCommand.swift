import ProjectManager

/// `pm add`: fills in the create form and saves it, then prints the new project's short id.
struct AddCommand: Command {
    static let configuration = CommandConfiguration(
        name: "add", abstract: "add a project to To Do and print its id",
        arguments: [CommandArgument(valueName: "TITLE", noun: "a title", help: "the project's title, one line")],
        options: [
            .value("--body", "TEXT", help: "what the project is about"),
            .value("--due", "YYYY-MM-DD", help: "the day it is due"),
        ],
        extraArgumentHint: "quote a title that has spaces")

    /// The new project's fields.
    var draft: ProjectDraft

    init(draft: ProjectDraft) {
        self.draft = draft
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        draft = ProjectDraft(title: arguments.positionals[0], body: arguments.value("--body") ?? "")
        if let due = arguments.value("--due") {
            draft.deadline = try Day.deadline(parsing: due, allowsNone: false)
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        try context.validate(draft)
        let screens = try context.screens()
        let project = try await screens.create(draft)
        context.print(ShortIDs(try await screens.board())(project.id))
    }
}
