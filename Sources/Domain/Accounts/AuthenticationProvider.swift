import Foundation

/// The port to whatever checks who a user is: local accounts in a file, Firebase Auth, Sign in
/// with Apple. It keeps the current session, so that a user stays signed in across launches.
///
/// The use cases (``SignUp``, ``SignIn``, ``SignOut``, ``CurrentSession``) check the rules first;
/// a provider receives an address that follows them.
public protocol AuthenticationProvider: Sendable {
    /// Makes an account for `email` with `password`, signs it in, and returns the session.
    /// - Throws: ``AuthenticationError/emailExists``, ``AuthenticationError/storage(reason:)``.
    func signUp(email: EmailAddress, password: String) async throws(AuthenticationError) -> Session

    /// Signs in the account with `email` and `password`, and returns the session.
    /// - Throws: ``AuthenticationError/invalidLoginCredentials`` for an unknown email or a wrong
    ///   password alike, ``AuthenticationError/tooManyAttemptsTryLater(retryAt:)``,
    ///   ``AuthenticationError/storage(reason:)``.
    func signIn(email: EmailAddress, password: String) async throws(AuthenticationError) -> Session

    /// Ends the current session, if any.
    /// - Throws: ``AuthenticationError/storage(reason:)`` when the session cannot be removed.
    func signOut() async throws(AuthenticationError)

    /// The session signed in now, or `nil` when none is, or when it has expired.
    /// - Throws: ``AuthenticationError/storage(reason:)`` when the session cannot be read.
    func currentSession() async throws(AuthenticationError) -> Session?

    /// The account of `email` on this provider, or `nil` when none has it: how a board's owner
    /// finds the account to make a member.
    /// - Throws: ``AuthenticationError/storage(reason:)``.
    func account(email: EmailAddress) async throws(AuthenticationError) -> Account?

    /// The account of `id` on this provider, or `nil` when none has it: how a front end names a
    /// board's members, a card's assignees and a comment's author by their email.
    /// - Throws: ``AuthenticationError/storage(reason:)``.
    func account(id: Account.ID) async throws(AuthenticationError) -> Account?
}

extension AuthenticationProvider {
    /// No account: a provider written before boards had members finds none.
    /// - Throws: ``AuthenticationError/storage(reason:)``.
    public func account(email: EmailAddress) async throws(AuthenticationError) -> Account? { nil }

    /// No account: a provider written before boards had members finds none.
    /// - Throws: ``AuthenticationError/storage(reason:)``.
    public func account(id: Account.ID) async throws(AuthenticationError) -> Account? { nil }
}
