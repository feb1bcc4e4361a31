import ProjectManager

/// `pm members`: who may use a board: its owner, then its members, by email.
///
/// ```
/// $ pm members
/// ada@example.com  owner
/// bob@example.com  member
/// ```
struct MembersCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "members", abstract: "list a board's owner and members",
        discussion: """
            Each line is an account that may use the board, by its email: its owner first, then its \
            members in the order they were added. A board made signed out belongs to no account and \
            has none. pm member add EMAIL adds one (the owner only).
            """,
        options: [board] + JSONFormat.options(help: "print the owner and members as JSON"))

    /// The board, by name; the current board when `nil`.
    var board: String?
    /// How to print them as JSON; text when `nil`.
    var json: JSONFormat?

    init(board: String? = nil, json: JSONFormat? = nil) {
        (self.board, self.json) = (board, json)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        json = try JSONFormat.parse(arguments)
    }

    /// What `--json` prints: the board, its owner (`null` for none) and its members.
    private struct Output: Encodable {
        var board: BoardObject
        @Null var owner: MemberObject?
        var members: [MemberObject]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: board, readOnly: true)
        let names = try await AccountNames(of: [board.owner] + board.members, on: screens)
        if let json {
            let objects = try await context.jsonObjects(on: screens, projectIDs: ShortIDs(ids: []))
            try context.printJSON(
                Output(
                    board: objects.board(board), owner: board.owner.map(names.object),
                    members: board.members.map(names.object)), json)
            return
        }
        guard let owner = board.owner else {
            context.print(
                "board '\(TerminalText.sanitized(board.title))' belongs to no account and has no members: "
                    + "signed in, pm board new NAME makes a board you can share")
            return
        }
        let rows = [(owner, "owner")] + board.members.map { ($0, "member") }
        let emails = rows.map { TerminalText.sanitized(names.name(of: $0.0)) }
        let width = emails.map { TerminalText.width(of: $0) }.max() ?? 0
        context.print(
            zip(rows, emails).map { row, email in
                TerminalText.padded(email, to: width) + "  " + context.style.apply(.muted, to: row.1)
            })
    }
}
