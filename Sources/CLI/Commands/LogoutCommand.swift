import ProjectManager

/// `pm logout`: ends the session.
struct LogoutCommand: Command {
    static let configuration = CommandConfiguration(
        name: "logout", abstract: "sign out",
        discussion: "Ends the session; pm then shows the boards of no account, as before any sign-up.")

    init() {}

    init(_ arguments: ParsedArguments) {}

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.readingScreens()
        let session = try await screens.signOut()
        guard let session else {
            context.print(screens.text(.signedOut))
            return
        }
        context.print("signed out: \(TerminalText.sanitized(session.account.email.description))")
    }
}
