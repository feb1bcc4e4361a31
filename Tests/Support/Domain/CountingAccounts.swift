import ProjectManagerDomain
import Synchronization

/// An authentication provider that passes every call on and counts how often the session is
/// read: the tests that check who is signed in is read once per command, or per snapshot.
public final class CountingAccounts: AuthenticationProvider {
    /// The provider it passes the calls on to.
    public let accounts: any AuthenticationProvider
    private let count = Mutex(0)

    public init(_ accounts: any AuthenticationProvider) {
        self.accounts = accounts
    }

    /// How many times the session was read.
    public var reads: Int { count.withLock { $0 } }

    public func signUp(email: EmailAddress, password: String) async throws(AuthenticationError) -> Session {
        try await accounts.signUp(email: email, password: password)
    }

    public func signIn(email: EmailAddress, password: String) async throws(AuthenticationError) -> Session {
        try await accounts.signIn(email: email, password: password)
    }

    public func signOut() async throws(AuthenticationError) {
        try await accounts.signOut()
    }

    public func account(email: EmailAddress) async throws(AuthenticationError) -> Account? {
        try await accounts.account(email: email)
    }

    public func account(id: Account.ID) async throws(AuthenticationError) -> Account? {
        try await accounts.account(id: id)
    }

    public func currentSession() async throws(AuthenticationError) -> Session? {
        count.withLock { $0 += 1 }
        return try await accounts.currentSession()
    }
}
