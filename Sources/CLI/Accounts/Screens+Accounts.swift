import ProjectManager

// MARK: - Sign-up and sign-in

extension Screens {
    /// Types `email`, `password` and `confirmation` into the sign-up form and presses Sign up.
    ///
    /// - Returns: The session of the new account, signed in.
    /// - Throws: ``CommandLineError/runtime(_:)``: the form's messages for every field that is not
    ///   fine (`Password: Invalid password format: use at least 8 characters.`), or its error.
    func signUp(email: String, password: String, confirmation: String) async throws(CommandLineError) -> Session {
        let fine: Set<AccountPhrase> = [.email(.valid), .password(.valid), .confirmation(.matches)]
        return try await submit(
            factory.makeSignUp(), events: [.email(email), .password(password), .confirmation(confirmation), .submit],
            fine: fine, failure: "not signed up")
    }

    /// Types `email` and `password` into the sign-in form and presses Sign in.
    ///
    /// - Returns: The session.
    /// - Throws: ``CommandLineError/runtime(_:)``: the form's messages for the fields it refuses, or
    ///   its error, which is the same for an unknown email and a wrong password.
    func signIn(email: String, password: String) async throws(CommandLineError) -> Session {
        try await submit(
            factory.makeSignIn(), events: [.email(email), .password(password), .submit],
            fine: [.email(.valid)], failure: "not signed in")
    }

    /// The text of an account phrase, as the forms write it.
    func text(_ phrase: AccountPhrase) -> String {
        factory.localizer(.account(phrase))
    }

    /// Runs an account form on `events`; the messages of `fine` phrases are left out of a failure.
    private func submit<Mode: AccountFormMode>(
        _ form: AccountFormViewModel<Mode>, events: [AccountFormViewModel<Mode>.Event],
        fine: Set<AccountPhrase>, failure: String
    ) async throws(CommandLineError) -> Session {
        let output = open(form, AccountFormViewModel<Mode>.Input.init, events: events)
        let sessions = await output.session.collected()
        let messages = await output.messages.collected()
        try Self.check(await output.errors.collected())
        if let session = sessions.last { return session }
        let shown = messages.last ?? AccountFieldMessages()
        let fineTexts = Set(fine.map(text))
        let said = output.fields.compactMap { field, label in
            shown[field].flatMap { fineTexts.contains($0) ? nil : "\(label): \($0)" }
        }
        throw .runtime(said.isEmpty ? failure : "\(failure): \(said.joined(separator: " "))")
    }
}
