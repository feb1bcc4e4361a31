/// `pm show`: prints one project's fields.
struct ShowCommand: ProjectCommand {
    static let configuration = CommandConfiguration(
        name: "show", abstract: "show one project",
        discussion: """
            Prints the project's list and position, deadline (with its time of day and zone), labels, \
            assignees, whether it is archived, timestamps, full id and body; then its checklist, \
            numbered from 1 as pm check takes it, with how much is ticked, and its comments, newest \
            first. An archived project is found too.
            """,
        arguments: [.projectID], options: projectOptions)

    /// The project, as the user named it.
    let id: ProjectIDPrefix
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?
    /// How to print it as JSON; text when `nil`.
    var json: JSONFormat?

    init(id: ProjectIDPrefix, board: String? = nil, json: JSONFormat? = nil) {
        (self.id, self.board, self.json) = (id, board, json)
    }

    private struct Output: Encodable {
        var project: CardObject
        var place: PlaceObject
        var checklist: [ChecklistItemObject]
        var comments: [CommentObject]
        var assignees: [MemberObject]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try await context.readingScreens(onBoard: board)
        let lookup = try await context.lookupWithArchived(on: screens)
        let project = try lookup.project(id)
        let items = try await BoardItems(of: screens)
        let back = try await CardBack(of: project, on: screens)
        if let json {
            let place = lookup.place(of: project)
            let objects = try await context.jsonObjects(on: screens, projectIDs: lookup.shortIDs)
            var card = items.card(
                project, objects: objects, on: lookup.overview.board, checklists: [project.id: back.progress])
            card.project.overdue = lookup.isOverdue(project)
            try context.printJSON(
                Output(
                    project: card, place: PlaceObject(position: place.position, count: place.count),
                    checklist: back.checklistObjects(), comments: back.commentObjects(),
                    assignees: back.assigneeObjects()), json)
            return
        }
        context.print(
            ProjectDetails(
                project: project, lookup: lookup, items: items, back: back, style: context.style,
                calendar: context.tool.engineEnvironment.calendar
            ).lines())
    }
}
