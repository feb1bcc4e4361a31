/// `pm completion SHELL`: prints a script that completes `pm`'s commands, options, columns, ids
/// and board names; `pm completion ids|boards`: the ids and names the scripts complete.
struct CompletionCommand: Command {
    static let board = Option.board(
        help:
            "ids, lists, labels, members: the board whose projects, lists, labels or members to print, instead of the current one"
    )

    static let configuration = CommandConfiguration(
        name: "completion", abstract: "print a shell completion script",
        discussion: """
            Load it in your shell's start-up file: source <(pm completion bash) for bash, \
            source <(pm completion zsh) for zsh, pm completion fish | source for fish. The scripts \
            complete ids and board names by asking pm completion ids (each short id of the board, a tab, \
            its title), pm completion boards (each board's name), pm completion lists (the names of the board's \
            open lists), pm completion labels (its labels' names) and pm completion members (the emails of its \
            owner and members), with the --store and \(board.name) on the line.
            """,
        arguments: [
            CommandArgument(
                valueName: "bash|zsh|fish|ids|boards|lists|labels|members", noun: "a shell (bash, zsh or fish)",
                help: "the shell to complete in, or the list to print",
                completion: .words(CompletionScript.Shell.allCases.map(\.rawValue) + List.allCases.map(\.rawValue)))
        ],
        options: [board])

    /// What the scripts ask for.
    enum List: String, CaseIterable, Sendable {
        case ids, boards, lists, labels, members
    }

    /// What to print.
    enum Output: Hashable, Sendable {
        case script(CompletionScript.Shell)
        case list(List, board: String?)
    }

    var output: Output

    init(shell: CompletionScript.Shell) {
        output = .script(shell)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let name = arguments.positionals[0]
        if let shell = CompletionScript.Shell(rawValue: name) {
            guard !arguments.isGiven(Self.board) else {
                throw .usage(
                    "option '\(Self.board.name)' goes with 'pm completion ids', 'lists', 'labels' or 'members'")
            }
            output = .script(shell)
        } else if let list = List(rawValue: name) {
            output = .list(list, board: arguments[Self.board])
        } else {
            throw .usage("unknown shell '\(name)': use bash, zsh or fish")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        switch output {
        case .script(let shell):
            context.tool.output.write(CompletionScript(commands: CommandRegistry.commands).script(for: shell))
        case .list(.ids, let board):
            let lookup = try await context.lookup(on: context.readingScreens(onBoard: board))
            context.print(
                lookup.overview.projects.map { project in
                    lookup.shortIDs(project.id) + "\t" + TerminalText.sanitized(project.title)
                })
        case .list(.lists, let board):
            let screens = try await context.readingScreens(onBoard: board)
            context.print(try await screens.lists().map { TerminalText.sanitized($0.list.title) })
        case .list(.labels, let board):
            let screens = try await context.readingScreens(onBoard: board)
            context.print(try await screens.labels().map { TerminalText.sanitized($0.displayName) })
        case .list(.members, let board):
            let (screens, found) = try await context.open(board: board, readOnly: true)
            let names = try await AccountNames(of: [found.owner] + found.members, on: screens)
            context.print(
                ([found.owner].compactMap(\.self) + found.members).compactMap(names.email).map {
                    TerminalText.sanitized($0)
                })
        case .list(.boards, _):
            let directory = try await context.directory(on: context.readingScreens())
            context.print(directory.boards.map { TerminalText.sanitized($0.title) })
        }
    }
}
