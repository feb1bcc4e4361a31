import ProjectManager

/// `pm delete`: deletes a project from its board's screen.
struct DeleteCommand: ProjectCommand {
    static let configuration = CommandConfiguration(
        name: "delete", abstract: "delete a project", discussion: "'pm undo' brings it back.",
        arguments: [.projectID], options: projectOptions)

    /// The project, as the user named it.
    let id: ProjectIDPrefix
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?
    /// How to print what was deleted as JSON; text when `nil`.
    var json: JSONFormat?

    init(id: ProjectIDPrefix, board: String? = nil, json: JSONFormat? = nil) {
        (self.id, self.board, self.json) = (id, board, json)
    }

    private struct Output: Encodable {
        var deleted: ProjectObject
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try await context.screens(onBoard: board)
        let lookup = try await context.lookup(on: screens)
        let project = try lookup.project(id)
        // The board's ids as they were, before the project went.
        let objects = json == nil ? nil : try await context.jsonObjects(on: screens, projectIDs: lookup.shortIDs)
        try await screens.delete(project.id)
        if let json, let objects {
            try context.printJSON(Output(deleted: objects.project(project, on: lookup.overview.board)), json)
            return
        }
        context.print("deleted \(lookup.shortIDs(project.id)): \(TerminalText.sanitized(project.title))")
    }
}
