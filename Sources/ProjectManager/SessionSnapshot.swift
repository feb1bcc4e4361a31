import Foundation

/// Who is signed in, read once from another provider and then answered from memory: for a front
/// end whose work is short, such as one run of a command-line tool, so that the session and the
/// accounts are read once however many use cases ask who the viewer is.
///
/// Every use case goes through the viewer's scope, and each asks the provider for the current
/// session; over `LocalAuthenticationProvider` that is two files read each time. Wrapped in a
/// snapshot, the first question reads them, and every later one is answered with that answer:
/// ```swift
/// let accounts = SessionSnapshot(LocalAccountSettings().accounts(besideStoreAt: storeURL))
/// let engine = try ProjectManagerEngine.persistent(at: storeURL, authentication: accounts)
/// try await engine.moveProject(id, toBoard: work, in: .doing)   // reads the session once
/// ```
/// Signing up, in and out go to the wrapped provider, and the snapshot then holds the session they
/// made (or none); finding an account by email or id goes to it too, each time. A session that expires while the snapshot lives is still answered: make a new
/// snapshot for each piece of work, never one for the life of an app.
public actor SessionSnapshot: AuthenticationProvider {
    private let provider: any AuthenticationProvider
    /// The session as read or as last set; `nil` until the first question. A read in flight is
    /// shared by the questions asked while it runs.
    private var session: Task<Result<Session?, AuthenticationError>, Never>?

    /// A snapshot of `provider`'s session, read when first asked.
    public init(_ provider: any AuthenticationProvider) {
        self.provider = provider
    }

    public func signUp(email: EmailAddress, password: String) async throws(AuthenticationError) -> Session {
        let session = try await provider.signUp(email: email, password: password)
        remember(session)
        return session
    }

    public func signIn(email: EmailAddress, password: String) async throws(AuthenticationError) -> Session {
        let session = try await provider.signIn(email: email, password: password)
        remember(session)
        return session
    }

    public func signOut() async throws(AuthenticationError) {
        try await provider.signOut()
        remember(nil)
    }

    /// The session the wrapped provider gave when first asked, or the one signing up, in or out
    /// made since.
    /// - Throws: What the wrapped provider threw; the next question asks it again.
    public func currentSession() async throws(AuthenticationError) -> Session? {
        let read = session ?? startReading()
        switch await read.value {
        case .success(let session):
            return session
        case .failure(let error):
            if self.session == read { self.session = nil }
            throw error
        }
    }

    /// The wrapped provider's account of `email`, read each time it is asked.
    /// - Throws: What the wrapped provider threw.
    public func account(email: EmailAddress) async throws(AuthenticationError) -> Account? {
        try await provider.account(email: email)
    }

    /// The wrapped provider's account of `id`, read each time it is asked.
    /// - Throws: What the wrapped provider threw.
    public func account(id: Account.ID) async throws(AuthenticationError) -> Account? {
        try await provider.account(id: id)
    }

    private func startReading() -> Task<Result<Session?, AuthenticationError>, Never> {
        let provider = provider
        let read = Task { () -> Result<Session?, AuthenticationError> in
            do throws(AuthenticationError) {
                return .success(try await provider.currentSession())
            } catch {
                return .failure(error)
            }
        }
        session = read
        return read
    }

    private func remember(_ session: Session?) {
        self.session = Task { .success(session) }
    }
}
