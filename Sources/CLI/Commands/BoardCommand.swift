/// `pm board`: draws the board as the board screen shows it.
struct BoardCommand: Command {
    static let configuration = CommandConfiguration(
        name: "board", abstract: "show the board",
        discussion: """
            Draws the three columns side by side, fitted to the terminal's width (else $COLUMNS, \
            else 80). Overdue deadlines start with '!'.
            """)

    init() {}

    init(_ arguments: ParsedArguments) {}

    func run(in context: CommandContext) async throws(CommandLineError) {
        context.print(try await context.boardRenderer(on: context.readingScreens()).lines())
    }
}
