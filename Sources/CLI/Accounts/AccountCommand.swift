import ProjectManager

/// `pm signup EMAIL` or `pm login EMAIL`: a command that fills in an account form with the email
/// and a password read as ``AccountInput`` says, and submits it.
protocol AccountCommand: Command {
    /// Whether the form asks for the password a second time, to confirm it.
    static var confirmsPassword: Bool { get }

    /// The email, and where the password comes from.
    var input: AccountInput { get }
    /// How to print the session as JSON; text when `nil`.
    var json: JSONFormat? { get }

    init(input: AccountInput, json: JSONFormat?)

    /// Submits the form with the email and the typed password.
    @MainActor
    func submit(on screens: Screens, password: String, confirmation: String) async throws(CommandLineError) -> Session
}

extension AccountCommand {
    /// The configuration of an account command: the email argument, `--password-stdin`, and every
    /// way of giving the password as an argument refused.
    static func accountConfiguration(name: String, abstract: String, discussion: String) -> CommandConfiguration {
        CommandConfiguration(
            name: name, abstract: abstract, discussion: discussion, arguments: [AccountInput.email],
            options: [AccountInput.option] + JSONFormat.options(help: "print the session as JSON, as pm whoami --json does"),
            extraArgumentHint: AccountInput.whyNotAnArgument,
            refusedOptions: AccountInput.refusedOptions, echoesExtraArgument: false)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        self.init(input: AccountInput(arguments), json: try JSONFormat.parse(arguments))
    }

    /// Signs up or in, then opens the board list, which makes the account's first board on its
    /// first sign-in, so that the board commands have one.
    @MainActor
    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.screens()
        let labels = (screens.text(.field(.password)), screens.text(.field(.confirmation)))
        let typed = try input.readPassword(in: context, labels: labels, confirming: Self.confirmsPassword)
        let session = try await submit(on: screens, password: typed.password, confirmation: typed.confirmation)
        if let json {
            try context.printJSON(SessionObject(session), json)
        } else {
            context.print(TerminalText.sanitized(screens.text(.signedIn(as: session.account.email))))
        }
        // The session is saved, so signing in succeeded; the board list, as it first appears, makes
        // the account's first board. Without it, `pm board new` makes one.
        if let error = await screens.makeFirstBoard() {
            context.warn("signed in, but the account's first board could not be made (pm board new NAME makes one): \(error.commandLineMessage)")
        }
    }
}
