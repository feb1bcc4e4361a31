/// `pm redo`: repeats what the last undo reverted.
struct RedoCommand: Command {
    static let configuration = CommandConfiguration(
        name: "redo", abstract: "repeat what the last undo reverted",
        discussion: """
            A new change after an undo ends what can be redone. With nothing to redo, pm says so \
            and exits 1.
            """)

    init() {}

    init(_ arguments: ParsedArguments) {}

    func run(in context: CommandContext) async throws(CommandLineError) {
        try await context.step(.redo, command: Self.configuration.name, done: "redid")
    }
}
