/// `pm undo`: reverts the last change, even one an earlier run made.
struct UndoCommand: Command {
    static let configuration = CommandConfiguration(
        name: "undo", abstract: "revert the last add, edit, move or delete",
        discussion: """
            Undo reaches back across runs: the store keeps the last 100 steps. With nothing to \
            undo, pm says so and exits 1.
            """)

    init() {}

    init(_ arguments: ParsedArguments) {}

    func run(in context: CommandContext) async throws(CommandLineError) {
        try await context.step(.undo, command: Self.configuration.name, done: "undid")
    }
}
