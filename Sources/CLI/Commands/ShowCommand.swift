/// `pm show`: prints one project's fields.
struct ShowCommand: ProjectCommand {
    static let configuration = CommandConfiguration(
        name: "show", abstract: "show one project",
        discussion: "Prints the project's column and position, deadline, timestamps, full id and body.",
        arguments: [.projectID])

    /// The project, as the user named it.
    let id: ProjectIDPrefix

    func run(in context: CommandContext) async throws(CommandLineError) {
        let lookup = try await context.lookup(on: context.readingScreens())
        let project = try lookup.project(id)
        context.print(ProjectDetails(
            project: project, lookup: lookup, style: context.style,
            calendar: context.tool.engineEnvironment.calendar).lines())
    }
}
