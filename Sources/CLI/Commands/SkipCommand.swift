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
        arguments: [.projectID], options: projectOptions)

    /// The project, as the user named it.
    let id: ProjectIDPrefix
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?
    /// How to print what was skipped as JSON; text when `nil`.
    var json: JSONFormat?

    init(id: ProjectIDPrefix, board: String? = nil, json: JSONFormat? = nil) {
        (self.id, self.board, self.json) = (id, board, json)
    }

    private struct Output: Encodable {
        /// The day skipped.
        @Null var skipped: String?
        /// The project as saved: due on its next occurrence, or done.
        var project: ProjectObject
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try await context.screens(onBoard: board)
        let lookup = try await context.lookup(on: screens)
        let project = try lookup.project(id)
        let skipped = project.deadline.map { " \($0)" } ?? ""
        let change = try await screens.skipOccurrence(of: project.id)
        if let json {
            let objects = try await context.jsonObjects(on: screens, projectIDs: lookup.shortIDs)
            try context.printJSON(
                Output(
                    skipped: project.deadline?.description,
                    project: objects.project(change.project, on: lookup.overview.board)), json)
            return
        }
        let next =
            change.project.state == .done || change.project.deadline == nil
            ? "no occurrence is left, so it is done"
            : "next \(change.project.deadline?.description ?? "")"
        context.print("skipped \(lookup.shortIDs(project.id))\(skipped): \(next)")
    }
}
