/// Makes an account and signs it in, after checking the email and password rules.
///
/// ```swift
/// let session = try await signUp(email: "ada@example.com", password: "correct horse battery")
/// ```
public struct SignUp: Sendable {
    private let provider: any AuthenticationProvider

    /// A sign-up through `provider`, which keeps the accounts.
    public init(provider: any AuthenticationProvider) {
        self.provider = provider
    }

    /// - Throws: ``AuthenticationError/invalidEmail(_:)``, ``AuthenticationError/weakPassword(_:)``,
    ///   ``AuthenticationError/emailExists``, ``AuthenticationError/storage(reason:)``.
    /// - Complexity: The provider's. The engine's own accounts read and write the accounts file,
    ///   O(*a*) for *a* accounts, and hash the password with PBKDF2 (600,000 rounds by default).
    public func callAsFunction(email: String, password: String) async throws(AuthenticationError) -> Session {
        let address = try EmailAddress.checked(email)
        if let failure = PasswordRules.failure(in: password, email: email) { throw .weakPassword(failure) }
        return try await provider.signUp(email: address, password: password)
    }
}

/// Signs in an existing account.
public struct SignIn: Sendable {
    private let provider: any AuthenticationProvider

    /// A sign-in through `provider`, which keeps the accounts and the sessions.
    public init(provider: any AuthenticationProvider) {
        self.provider = provider
    }

    /// - Throws: ``AuthenticationError/invalidEmail(_:)`` when the email is not an address,
    ///   ``AuthenticationError/invalidLoginCredentials`` when no account has this email and
    ///   password, ``AuthenticationError/tooManyAttemptsTryLater(retryAt:)``,
    ///   ``AuthenticationError/storage(reason:)``.
    /// - Complexity: The provider's. The engine's own accounts read the accounts file, O(*a*) for *a*
    ///   accounts, and hash the password with PBKDF2 (600,000 rounds by default), even for an
    ///   unknown email.
    public func callAsFunction(email: String, password: String) async throws(AuthenticationError) -> Session {
        try await provider.signIn(email: EmailAddress.checked(email), password: password)
    }
}

/// Signs out.
public struct SignOut: Sendable {
    private let provider: any AuthenticationProvider

    /// A sign-out through `provider`.
    public init(provider: any AuthenticationProvider) {
        self.provider = provider
    }

    /// - Throws: ``AuthenticationError/storage(reason:)``.
    /// - Complexity: The provider's; the engine's own accounts remove one file.
    public func callAsFunction() async throws(AuthenticationError) {
        try await provider.signOut()
    }
}

/// The session signed in now, if any.
public struct CurrentSession: Sendable {
    private let provider: any AuthenticationProvider

    /// Reads the session from `provider`.
    public init(provider: any AuthenticationProvider) {
        self.provider = provider
    }

    /// - Throws: ``AuthenticationError/storage(reason:)``.
    /// - Complexity: The provider's; the engine's own accounts read the session file and the accounts
    ///   file, O(*a*) for *a* accounts.
    public func callAsFunction() async throws(AuthenticationError) -> Session? {
        try await provider.currentSession()
    }
}

extension EmailAddress {
    /// The address in `text`, or ``AuthenticationError/invalidEmail(_:)``.
    static func checked(_ text: String) throws(AuthenticationError) -> EmailAddress {
        do {
            return try EmailAddress(text)
        } catch {
            throw .invalidEmail(error)
        }
    }
}
