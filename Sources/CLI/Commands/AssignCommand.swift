import ProjectManager

/// `pm assign`: assigns a project to the board's owner or one of its members, by email.
///
/// ```
/// pm assign 3f2a bob@example.com
/// pm unassign 3f2a bob@example.com
/// ```
struct AssignCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "assign", abstract: "assign a project to the board's owner or a member",
        discussion: """
            The account, found by its email among the store's accounts, must be the board's owner or one \
            of its members (pm members lists them; pm member add EMAIL adds one). A project may have \
            several assignees; pm show lists them, and pm unassign ID EMAIL takes one off.
            """,
        arguments: [
            .projectID,
            CommandArgument(
                valueName: "EMAIL", noun: "an account's email", help: "the account, by its email",
                completion: .members),
        ],
        options: [board])

    /// The project, as the user named it.
    var id: ProjectIDPrefix
    /// The account's email.
    var email: EmailAddress
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(id: ProjectIDPrefix, email: EmailAddress, board: String? = nil) {
        (self.id, self.email, self.board) = (id, email, board)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        id = try ProjectIDPrefix(parsing: arguments.positionals[0])
        email = try MemberCommand.email(parsing: arguments.positionals[1])
        board = arguments[Self.board]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        try await Self.assign(id, to: email, assigned: true, onBoard: board, in: context)
    }

    /// Assigns the project `id` names to the account of `email` (`assigned`), or takes the
    /// assignment off, and says so.
    @MainActor
    static func assign(
        _ id: ProjectIDPrefix, to email: EmailAddress, assigned: Bool, onBoard board: String?,
        in context: CommandContext
    ) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: board, readOnly: false)
        let lookup = try await context.lookupWithArchived(on: screens)
        let project = try lookup.project(id)
        let account = try await MemberCommand.account(email, on: screens)
        let card = lookup.describe(project)
        let shown = TerminalText.sanitized(account.email.description)
        let name = TerminalText.sanitized(board.title)
        if assigned, !board.mayBeAssigned(account.id) {
            throw .runtime(
                board.owner == nil
                    ? "board '\(name)' belongs to no account: its cards are assigned to no one"
                    : "\(shown) is not a member of board '\(name)': its owner adds members (pm member add EMAIL)")
        }
        guard project.assignees.contains(account.id) != assigned else {
            context.print("nothing changed: \(card) is \(assigned ? "already" : "not") assigned to \(shown)")
            return
        }
        _ = try await screens.assign(project.id, to: account.id, assigned: assigned)
        context.print(assigned ? "assigned \(card) to \(shown)" : "unassigned \(shown) from \(card)")
    }
}

/// `pm unassign`: takes an account off a project's assignees.
struct UnassignCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "unassign", abstract: "take an assignee off a project",
        discussion: "The account stays a member of the board; pm assign ID EMAIL assigns it again.",
        arguments: AssignCommand.configuration.arguments, options: [board])

    /// The project, as the user named it.
    var id: ProjectIDPrefix
    /// The account's email.
    var email: EmailAddress
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(id: ProjectIDPrefix, email: EmailAddress, board: String? = nil) {
        (self.id, self.email, self.board) = (id, email, board)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        id = try ProjectIDPrefix(parsing: arguments.positionals[0])
        email = try MemberCommand.email(parsing: arguments.positionals[1])
        board = arguments[Self.board]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        try await AssignCommand.assign(id, to: email, assigned: false, onBoard: board, in: context)
    }
}
