/// `pm show`: prints one project's fields.
struct ShowCommand: ProjectCommand {
    static let configuration = CommandConfiguration(
        name: "show", abstract: "show one project",
        discussion: "Prints the project's column and position, deadline, timestamps, full id and body.",
        arguments: [.projectID], options: [Option.board()])

    /// The project, as the user named it.
    let id: ProjectIDPrefix
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(id: ProjectIDPrefix, board: String? = nil) {
        self.id = id
        self.board = board
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let lookup = try await context.lookup(on: context.readingScreens(onBoard: board))
        let project = try lookup.project(id)
        context.print(ProjectDetails(
            project: project, lookup: lookup, style: context.style,
            calendar: context.tool.engineEnvironment.calendar).lines())
    }
}
