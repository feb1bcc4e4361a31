/// `pm completion SHELL`: prints a script that completes `pm`'s commands, options and columns.
struct CompletionCommand: Command {
    static let configuration = CommandConfiguration(
        name: "completion", abstract: "print a shell completion script",
        discussion: """
            Load it in your shell's start-up file: source <(pm completion bash) for bash, \
            source <(pm completion zsh) for zsh, pm completion fish | source for fish.
            """,
        arguments: [CommandArgument(
            valueName: "bash|zsh|fish", noun: "a shell (bash, zsh or fish)", help: "the shell to complete in",
            completion: .words(CompletionScript.Shell.allCases.map(\.rawValue)))])

    /// The shell the script is for.
    var shell: CompletionScript.Shell

    init(shell: CompletionScript.Shell) {
        self.shell = shell
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let name = arguments.positionals[0]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw .usage("unknown shell '\(name)': use bash, zsh or fish")
        }
        self.shell = shell
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        context.tool.output.write(CompletionScript(commands: CommandRegistry.commands).script(for: shell))
    }
}
