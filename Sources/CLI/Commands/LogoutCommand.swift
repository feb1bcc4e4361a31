import ProjectManager

/// `pm logout`: ends the session.
struct LogoutCommand: Command {
    static let configuration = CommandConfiguration(
        name: "logout", abstract: "sign out",
        discussion: "Ends the session; pm then shows the boards of no account, as before any sign-up.",
        options: JSONFormat.options(help: "print the account signed out (null: none was) as JSON"))

    /// How to print the account signed out as JSON; text when `nil`.
    var json: JSONFormat?

    init(json: JSONFormat? = nil) {
        self.json = json
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        json = try JSONFormat.parse(arguments)
    }

    private struct Output: Encodable {
        @Null var signedOut: AccountObject?
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.readingScreens()
        let session = try await screens.signOut()
        if let json {
            try context.printJSON(Output(signedOut: session.map { AccountObject($0.account) }), json)
            return
        }
        guard let session else {
            context.print(screens.text(.signedOut))
            return
        }
        context.print("signed out: \(TerminalText.sanitized(session.account.email.description))")
    }
}
