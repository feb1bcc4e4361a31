import ProjectManagerDomain

/// What the sign-up and sign-in forms hold as the user types.
public struct AccountDraft: Hashable, Sendable {
    /// The email field, as typed.
    public var email = ""
    /// The password field, as typed.
    public var password = ""
    /// The password typed again; only the sign-up form has this field.
    public var confirmation = ""

    /// A draft; empty by default, as the form opens.
    public init(email: String = "", password: String = "", confirmation: String = "") {
        self.email = email
        self.password = password
        self.confirmation = confirmation
    }
}

/// What differs between the sign-up and the sign-in form: their fields, what each field says, and
/// what submitting does. ``AccountFormViewModel`` does the rest.
public protocol AccountFormMode: Sendable {
    /// The form's title and its submit button.
    var title: AccountPhrase { get }
    /// The form's fields, in order.
    var fields: [AccountField] { get }
    /// What each field says for `draft`; a field with nothing to say is absent.
    func messages(for draft: AccountDraft) -> [AccountField: AccountPhrase]
    /// Whether `draft` may be submitted.
    func canSubmit(_ draft: AccountDraft) -> Bool
    /// Signs up or in with `draft`.
    /// - Throws: The ``AuthenticationError`` of ``SignUp`` or ``SignIn``.
    func submit(_ draft: AccountDraft) async throws(AuthenticationError) -> Session
}

/// The sign-up form: email, password and confirmation, checked as Krello's truth table says.
public struct SignUpMode: AccountFormMode {
    private let signUp: SignUp

    /// The sign-up form's mode, signing up through `signUp`.
    public init(signUp: SignUp) {
        self.signUp = signUp
    }

    public var title: AccountPhrase { .signUp }
    public var fields: [AccountField] { [.email, .password, .confirmation] }

    public func messages(for draft: AccountDraft) -> [AccountField: AccountPhrase] {
        let check = SignUpCheck(email: draft.email, password: draft.password, confirmation: draft.confirmation)
        return [
            .email: .email(check.email), .password: .password(check.password),
            .confirmation: .confirmation(check.confirmation),
        ]
    }

    public func canSubmit(_ draft: AccountDraft) -> Bool {
        SignUpCheck(email: draft.email, password: draft.password, confirmation: draft.confirmation).canSubmit
    }

    public func submit(_ draft: AccountDraft) async throws(AuthenticationError) -> Session {
        try await signUp(email: draft.email, password: draft.password)
    }
}

/// The sign-in form: an email that is an address, and a password that is not empty. It says
/// nothing of a password's rules, which an older account may predate.
public struct SignInMode: AccountFormMode {
    private let signIn: SignIn

    /// The sign-in form's mode, signing in through `signIn`.
    public init(signIn: SignIn) {
        self.signIn = signIn
    }

    public var title: AccountPhrase { .signIn }
    public var fields: [AccountField] { [.email, .password] }

    public func messages(for draft: AccountDraft) -> [AccountField: AccountPhrase] {
        var messages: [AccountField: AccountPhrase] = [:]
        let email = SignUpCheck.check(email: draft.email)
        if email != .valid { messages[.email] = .email(email) }
        if draft.password.isEmpty { messages[.password] = .passwordRequired }
        return messages
    }

    public func canSubmit(_ draft: AccountDraft) -> Bool {
        SignUpCheck.check(email: draft.email) == .valid && !draft.password.isEmpty
    }

    public func submit(_ draft: AccountDraft) async throws(AuthenticationError) -> Session {
        try await signIn(email: draft.email, password: draft.password)
    }
}
