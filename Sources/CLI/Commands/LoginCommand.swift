import ProjectManager

/// `pm login EMAIL`: signs in to an account, through the sign-in form.
struct LoginCommand: AccountCommand {
    static let configuration = accountConfiguration(
        name: "login", abstract: "sign in to your account",
        discussion: """
            Asks for the password on the terminal, without showing it, or reads it from standard \
            input with \(AccountInput.option.name); never from an argument. A wrong password and an unknown \
            email get the same answer; after 5 failures for one email, sign-ins wait, 30 seconds \
            and then twice as long each time. Once signed in, pm shows your boards until pm logout.
            """)
    static let confirmsPassword = false

    static let hashingNotice = "Checking the password: slow on purpose, so that it is hard to guess…"

    let input: AccountInput
    var json: JSONFormat?

    init(input: AccountInput, json: JSONFormat? = nil) {
        self.input = input
        self.json = json
    }

    func submit(on screens: Screens, password: String, confirmation: String) async throws(CommandLineError) -> Session {
        try await screens.signIn(email: input.email, password: password)
    }
}
