import ProjectManager

/// `pm comments`: a project's comments, newest first, each with its number, time and author.
///
/// ```
/// $ pm comments 3f2a
/// 1  2026-03-15 12:00  ada@example.com
///    Booked for Friday.
/// 2  2026-03-10 09:30  Jane Doe
///    From Trello.
/// ```
struct CommentsCommand: ProjectCommand {
    static let configuration = CommandConfiguration(
        name: "comments", abstract: "list a project's comments, newest first",
        discussion: """
            Each comment is its number (what pm comment edit and delete take), its time, its author (the \
            email of the account that wrote it, the name of an imported comment's author, or nobody for \
            one written signed out), then its text, line by line. An archived project is found too.
            """,
        arguments: [.projectID], options: projectOptions)

    /// The project, as the user named it.
    let id: ProjectIDPrefix
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?
    /// How to print the comments as JSON; text when `nil`.
    var json: JSONFormat?

    init(id: ProjectIDPrefix, board: String? = nil, json: JSONFormat? = nil) {
        (self.id, self.board, self.json) = (id, board, json)
    }

    /// What `--json` prints: the project and its comments, newest first.
    private struct Output: Encodable {
        var project: ProjectObject
        var comments: [CommentObject]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try await context.readingScreens(onBoard: board)
        let lookup = try await context.lookupWithArchived(on: screens)
        let project = try lookup.project(id)
        let back = try await CardBack(of: project, on: screens, checklist: false)
        if let json {
            let objects = try await context.jsonObjects(on: screens, projectIDs: lookup.shortIDs)
            var object = objects.project(project, on: lookup.overview.board)
            object.overdue = lookup.isOverdue(project)
            try context.printJSON(Output(project: object, comments: back.commentObjects()), json)
            return
        }
        guard !back.comments.isEmpty else {
            context.print(
                "no comments on \(lookup.describe(project)): pm comment \(lookup.shortIDs(project.id)) TEXT posts one")
            return
        }
        context.print(back.commentLines(style: context.style, calendar: context.tool.engineEnvironment.calendar))
    }
}
