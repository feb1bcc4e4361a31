import ProjectManager

/// `pm signup EMAIL` or `pm login EMAIL`: a command that fills in an account form with the email
/// and a password read as ``AccountInput`` says, and submits it.
protocol AccountCommand: Command {
    /// Whether the form asks for the password a second time, to confirm it.
    static var confirmsPassword: Bool { get }
    /// What `pm` says on a terminal while the password is hashed, when that takes a moment.
    static var hashingNotice: String { get }

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
            options: [AccountInput.option]
                + JSONFormat.options(help: "print the session as JSON, as pm whoami --json does"),
            extraArgumentHint: AccountInput.whyNotAnArgument,
            refusedOptions: AccountInput.refusedOptions, echoesExtraArgument: false)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        self.init(input: AccountInput(arguments), json: try JSONFormat.parse(arguments))
    }

    /// Signs up or in, then opens the board list, which makes the account's first board on its
    /// first sign-in, so that the board commands have one.
    ///
    /// The form works on the store read, unlocked: the password is hashed (most of a second, far
    /// more in a debug build) before the store is opened for writing, so that another `pm` may
    /// change the store meanwhile. Only the first board takes the store's lock, for a moment.
    @MainActor
    func run(in context: CommandContext) async throws(CommandLineError) {
        let form = try context.readingScreens()
        let labels = (form.text(.field(.password)), form.text(.field(.confirmation)))
        let typed = try input.readPassword(in: context, labels: labels, confirming: Self.confirmsPassword)
        let session = try await context.saying(Self.hashingNotice) { () async throws(CommandLineError) in
            try await submit(on: form, password: typed.password, confirmation: typed.confirmation)
        }
        if let json {
            try context.printJSON(SessionObject(session), json)
        } else {
            context.print(TerminalText.sanitized(form.text(.signedIn(as: session.account.email))))
        }
        // The session is saved, so signing in succeeded; the board list, as it first appears, makes
        // the account's first board. Without it, `pm board new` makes one.
        var failure: String?
        do throws(CommandLineError) {
            let screens = try context.screens()
            failure = await screens.makeFirstBoard()?.commandLineMessage
        } catch {
            switch error {
            case .usage(let message), .runtime(let message): failure = message
            }
        }
        if let failure {
            context.warn(
                "signed in, but the account's first board could not be made (pm board new NAME makes one): \(failure)")
        }
    }
}
