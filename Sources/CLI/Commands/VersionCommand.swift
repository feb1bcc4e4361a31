/// `pm version`, or `pm --version`: prints `pm`'s version.
struct VersionCommand: Command {
    static let configuration = CommandConfiguration(name: "version", abstract: "print pm's version (also --version)")

    init() {}

    init(_ arguments: ParsedArguments) {}

    func run(in context: CommandContext) async throws(CommandLineError) {
        context.print("pm \(CommandRegistry.version)")
    }
}
