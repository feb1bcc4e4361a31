import ProjectManager

/// `pm delete`: deletes a project from its board's screen.
struct DeleteCommand: ProjectCommand {
    static let configuration = CommandConfiguration(
        name: "delete", abstract: "delete a project", discussion: "'pm undo' brings it back.",
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
        let screens = try await context.screens(onBoard: board)
        let lookup = try await context.lookup(on: screens)
        let project = try lookup.project(id)
        try await screens.delete(project.id)
        context.print("deleted \(lookup.shortIDs(project.id)): \(TerminalText.sanitized(project.title))")
    }
}
