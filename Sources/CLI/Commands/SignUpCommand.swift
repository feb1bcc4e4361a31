import ProjectManager

/// `pm signup EMAIL`: makes an account and signs it in, through the sign-up form.
struct SignUpCommand: AccountCommand {
    static let configuration = accountConfiguration(
        name: "signup", abstract: "make an account and sign in",
        discussion: """
            Asks for the password twice on the terminal, without showing it, or reads it from \
            standard input with \(AccountInput.option.name); never from an argument. The email needs one @ and \
            a domain with a dot; the password at least 8 characters, not your email and not a common \
            one. The account is kept beside the store (STORE.accounts/, mode 0600): a salted hash, \
            never the password. The session lasts until pm logout.
            """)
    static let confirmsPassword = true

    static let hashingNotice = "Hashing the password: slow on purpose, so that it is hard to guess…"

    let input: AccountInput
    var json: JSONFormat?

    init(input: AccountInput, json: JSONFormat? = nil) {
        self.input = input
        self.json = json
    }

    func submit(on screens: Screens, password: String, confirmation: String) async throws(CommandLineError) -> Session {
        try await screens.signUp(email: input.email, password: password, confirmation: confirmation)
    }
}
