import ProjectManager

/// `pm member`: the board's owner adds an account to its members, or takes one off.
///
/// ```
/// pm member add bob@example.com      # Bob sees the board, and may be assigned its cards
/// pm member remove bob@example.com   # and off every card he was assigned to
/// ```
/// Only the board's owner may; the account is found by its email among the store's accounts
/// (`pm signup` makes one). Each change is one undo step.
struct MemberCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "member", abstract: "add a member to a board, or remove one (its owner only)",
        discussion: """
            add EMAIL makes the account of that email a member of the board: it sees the board, uses it \
            and may be assigned its cards, but neither changes its members nor deletes it. remove EMAIL \
            takes it off the members and off every card it was assigned to. Only the board's owner, \
            signed in, may; a board made signed out belongs to no account and has no members. The \
            account must exist among the store's accounts (pm signup EMAIL). pm members lists them.
            """,
        arguments: [
            CommandArgument(
                valueName: Action.names.joined(separator: "|"),
                noun: "what to do (\(Action.names.joined(separator: " or ")))", help: "what to do",
                completion: .words(Action.names)),
            CommandArgument(
                valueName: "EMAIL", noun: "an account's email", help: "the account, by its email",
                completion: .members),
        ],
        options: [board])

    /// The words that name what `pm member` does.
    enum Action: String, CaseIterable, Sendable {
        case add, remove

        /// The words, in help's order.
        static let names = allCases.map(\.rawValue)
    }

    /// Whether to add the account or remove it.
    var action: Action
    /// The account's email.
    var email: EmailAddress
    /// The board, by name; the current board when `nil`.
    var board: String?

    init(_ action: Action, email: EmailAddress, board: String? = nil) {
        (self.action, self.email, self.board) = (action, email, board)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let word = arguments.positionals[0]
        guard let action = Action(rawValue: word) else {
            throw .usage(
                "unknown action '\(word)' for 'pm member': use add or remove"
                    + Suggestion.didYouMean(word, among: Action.names).replacing(": did", with: "; did"))
        }
        self.action = action
        email = try Self.email(parsing: arguments.positionals[1])
        board = arguments[Self.board]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: board, readOnly: false)
        let name = TerminalText.sanitized(board.title)
        let viewer = try await screens.session()?.account.id
        guard let owner = board.owner else {
            throw .runtime(
                "board '\(name)' belongs to no account, so it has no members: signed in, pm board new NAME makes a board you can share"
            )
        }
        guard viewer == owner else {
            let names = try await AccountNames(of: [owner], on: screens)
            throw .runtime(
                "only the board's owner changes its members: board '\(name)' is \(TerminalText.sanitized(names.name(of: owner)))'s"
            )
        }
        let account = try await Self.account(email, on: screens)
        let shown = TerminalText.sanitized(account.email.description)
        guard account.id != owner else {
            context.print("nothing changed: \(shown) owns board '\(name)'")
            return
        }
        let adding = action == .add
        guard board.members.contains(account.id) != adding else {
            context.print("nothing changed: \(shown) is \(adding ? "already" : "not") a member of board '\(name)'")
            return
        }
        _ = try await screens.setMember(account.id, member: adding)
        context.print(
            adding
                ? "added \(shown) to the members of board '\(name)': they see it and may be assigned its cards"
                : "removed \(shown) from the members of board '\(name)', and from every card assigned to them")
    }

    /// The address `text` gives.
    /// - Throws: ``CommandLineError/usage(_:)`` when it is not one.
    static func email(parsing text: String) throws(CommandLineError) -> EmailAddress {
        do {
            return try EmailAddress(text)
        } catch {
            throw .usage("'\(text)' is not an email address, such as ada@example.com")
        }
    }

    /// The account of `email` among the store's accounts.
    /// - Throws: ``CommandLineError/runtime(_:)`` when none has it.
    @MainActor
    static func account(_ email: EmailAddress, on screens: Screens) async throws(CommandLineError) -> Account {
        guard let account = try await screens.account(email: email) else {
            throw .runtime(
                "no account has the email '\(TerminalText.sanitized(email.description))': pm signup EMAIL makes one")
        }
        return account
    }
}
