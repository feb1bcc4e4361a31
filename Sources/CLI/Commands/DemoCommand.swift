/// `pm demo`: the main story on a temporary store (see ``Demo``).
struct DemoCommand: Command {
    static let configuration = CommandConfiguration(
        name: "demo", abstract: "walk through the main story on a temporary store",
        discussion: """
            Adds, moves, edits and completes projects on a temporary store, showing the command \
            for each step and the board after it, then undoes and redoes the last change. Your \
            own store is never touched, and the temporary one is removed at the end.
            """)

    init() {}

    init(_ arguments: ParsedArguments) {}

    func run(in context: CommandContext) async throws(CommandLineError) {
        try await Demo(tool: context.tool).run()
    }
}
