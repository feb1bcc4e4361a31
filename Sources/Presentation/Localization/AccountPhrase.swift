import ProjectManagerDomain

/// The text of the sign-up and sign-in screens, as a key with its arguments.
public enum AccountPhrase: Hashable, Sendable {
    /// The sign-up screen's title, and its submit button.
    case signUp
    /// The sign-in screen's title, and its submit button.
    case signIn
    /// The button that signs out.
    case signOut
    /// A field's name.
    case field(AccountField)
    /// What the email field says: required, the rule it breaks, or that it can be used.
    case email(FieldCheck<EmailFailure>)
    /// What the password field says on the sign-up form.
    case password(FieldCheck<PasswordFailure>)
    /// What the confirmation field says.
    case confirmation(ConfirmationCheck)
    /// What the password field says on the sign-in form when it is empty.
    case passwordRequired
    /// Who is signed in: "Signed in as ada@example.com".
    case signedIn(as: EmailAddress)
    /// Nobody is signed in.
    case signedOut
    /// Why signing up or in failed, and what to do.
    case failure(AuthenticationError)
}

/// A field of the sign-up and sign-in forms.
public enum AccountField: Hashable, Sendable, CaseIterable {
    /// The `email` address, the `password`, and its `confirmation` (sign-up only).
    case email, password, confirmation
}
