import ProjectManager

/// `pm skip`: skips the next occurrence of a repeating project ("not this one") from its board's
/// screen.
struct SkipCommand: ProjectCommand {
    static let configuration = CommandConfiguration(
        name: "skip", abstract: "skip the next occurrence of a repeating project",
        discussion: """
            The day the project is due becomes an exception of its repeat rule (an EXDATE) and the \
            project is due on the occurrence after it; when none is left, it is done. 'pm undo' puts \
            the occurrence back.
            """,
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
        let skipped = project.deadline.map { " \($0)" } ?? ""
        let change = try await screens.skipOccurrence(of: project.id)
        let next = change.project.state == .done || change.project.deadline == nil
            ? "no occurrence is left, so it is done"
            : "next \(change.project.deadline?.description ?? "")"
        context.print("skipped \(lookup.shortIDs(project.id))\(skipped): \(next)")
    }
}
