import Foundation
import ProjectManagerDomain

/// Local accounts, in a folder of `0600` files or in memory: each account's email and salted
/// PBKDF2-HMAC-SHA256 hash (600,000 rounds, a 16-byte random salt per account, compared in
/// constant time), never its password; the session, so that a user stays signed in across
/// launches; and the failed sign-ins per email, so that restarting does not reset the backoff.
///
/// ```swift
/// let accounts = try LocalAuthenticationProvider(folder: storeFolder.appendingPathComponent("accounts"))
/// let session = try await accounts.signUp(email: EmailAddress("ada@example.com"), password: "correct horse")
/// // Next launch:
/// try await accounts.currentSession()?.account.email   // ada@example.com
/// ```
/// A wrong password and an unknown email take the same time and give the same error. Calls from
/// two processes at once are kept apart by a lock file; the loser gets a storage error saying to
/// try again.
public actor LocalAuthenticationProvider: AuthenticationProvider {
    /// The folder whose lock file keeps processes apart; `nil` in memory.
    private let folder: StorePath?
    private let environment: EngineEnvironment
    private let rounds: Int
    private let sessionLifetime: TimeInterval?
    private let backoff: SignInBackoff
    private let fileSystem: any FileSystem
    private let records: Records

    /// Where the accounts, the session and the sign-in failures are kept. Each record's slot is
    /// made when it is used: made as the provider opens, their generic types would cost a new
    /// process a lookup of each one's conformances before its first screen.
    private enum Records: Sendable {
        case files(in: StorePath)
        case memory(
            accounts: MemorySlot<AccountFiles.Accounts>, session: MemorySlot<AccountFiles.StoredSession>,
            failures: MemorySlot<AccountFiles.Failures>)
    }

    private var accounts: any RecordSlot<AccountFiles.Accounts> {
        switch records {
        case .files(let folder): file(folder, "accounts.json")
        case .memory(let accounts, _, _): accounts
        }
    }

    private var session: any RecordSlot<AccountFiles.StoredSession> {
        switch records {
        case .files(let folder): file(folder, "session.json")
        case .memory(_, let session, _): session
        }
    }

    private var failures: any RecordSlot<AccountFiles.Failures> {
        switch records {
        case .files(let folder): file(folder, "sign-in-failures.json")
        case .memory(_, _, let failures): failures
        }
    }

    private func file<Value>(_ folder: StorePath, _ name: String) -> PrivateFile<Value> {
        PrivateFile(path: folder.appending(component: StorePath(name)), fileSystem: fileSystem)
    }

    /// Keeps accounts in `folder`, made `0700` on the first change; reading makes no file.
    ///
    /// - Parameters:
    ///   - environment: The clock that stamps sessions and times the backoff, and the account ids.
    ///   - rounds: PBKDF2 rounds for new passwords; OWASP's 600,000 unless a test asks for fewer.
    ///     A stored hash keeps the rounds it was made with.
    ///   - sessionLifetime: How long a session lasts; `nil` keeps it until sign-out.
    ///   - backoff: When repeated failures for one email must wait.
    public init(
        folder: URL, environment: EngineEnvironment = .live, rounds: Int = 600_000,
        sessionLifetime: TimeInterval? = nil, backoff: SignInBackoff = SignInBackoff()
    ) {
        self.init(
            folder: StorePath(fileURL: folder) ?? StorePath(folder.path), environment: environment, rounds: rounds,
            sessionLifetime: sessionLifetime, backoff: backoff)
    }

    /// Keeps accounts in the folder at `folder`, its bytes as they are; see
    /// ``init(folder:environment:rounds:sessionLifetime:backoff:)-(URL,_,_,_,_)``.
    public init(
        folder: StorePath, environment: EngineEnvironment = .live, rounds: Int = 600_000,
        sessionLifetime: TimeInterval? = nil, backoff: SignInBackoff = SignInBackoff()
    ) {
        self.init(
            folder: folder, environment: environment, rounds: rounds, sessionLifetime: sessionLifetime,
            backoff: backoff, fileSystem: POSIXFileSystem())
    }

    init(
        folder: StorePath, environment: EngineEnvironment, rounds: Int, sessionLifetime: TimeInterval?,
        backoff: SignInBackoff, fileSystem: any FileSystem
    ) {
        self.init(
            folder: folder, environment: environment, rounds: rounds, sessionLifetime: sessionLifetime,
            backoff: backoff, fileSystem: fileSystem, records: .files(in: folder))
    }

    /// Keeps accounts in memory, for tests and previews: they are gone when the process ends.
    public static func inMemory(
        environment: EngineEnvironment = .live, rounds: Int = 600_000,
        sessionLifetime: TimeInterval? = nil, backoff: SignInBackoff = SignInBackoff()
    ) -> LocalAuthenticationProvider {
        LocalAuthenticationProvider(
            folder: nil, environment: environment, rounds: rounds, sessionLifetime: sessionLifetime,
            backoff: backoff, fileSystem: POSIXFileSystem(),
            records: .memory(accounts: MemorySlot(), session: MemorySlot(), failures: MemorySlot()))
    }

    private init(
        folder: StorePath?, environment: EngineEnvironment, rounds: Int, sessionLifetime: TimeInterval?,
        backoff: SignInBackoff, fileSystem: any FileSystem, records: Records
    ) {
        precondition(rounds > 0, "PBKDF2 needs at least one round")
        self.folder = folder
        self.environment = environment
        self.rounds = rounds
        self.sessionLifetime = sessionLifetime
        self.backoff = backoff
        self.fileSystem = fileSystem
        self.records = records
    }

    /// Makes the account and signs it in. The password is hashed before the folder's lock is
    /// taken: the hash takes most of a second, and another process's sign-in need not wait for it.
    /// - Throws: ``AuthenticationError/emailExists``, ``AuthenticationError/storage(reason:)``.
    public func signUp(email: EmailAddress, password: String) throws(AuthenticationError) -> Session {
        guard try accounts.read()?.accounts.contains(where: { $0.account.email == email }) != true else {
            throw .emailExists
        }
        let hash = PasswordHash(password: password, rounds: rounds)
        return try locked { () throws(AuthenticationError) in
            var file = try accounts.read() ?? AccountFiles.Accounts()
            guard !file.accounts.contains(where: { $0.account.email == email }) else { throw .emailExists }
            let account = Account(
                id: Account.ID(rawValue: environment.makeID()), email: email, createdAt: environment.now())
            file.accounts.append(AccountFiles.StoredAccount(account: account, password: hash))
            try accounts.write(file)
            return try startSession(for: account)
        }
    }

    /// The account of `email`, or `nil`.
    /// - Throws: ``AuthenticationError/storage(reason:)``.
    public func account(email: EmailAddress) throws(AuthenticationError) -> Account? {
        try accounts.read()?.accounts.first { $0.account.email == email }?.account
    }

    /// The account of `id`, or `nil`.
    /// - Throws: ``AuthenticationError/storage(reason:)``.
    /// - Complexity: O(*n*) for *n* accounts, and one read of the accounts file.
    public func account(id: Account.ID) throws(AuthenticationError) -> Account? {
        try accounts.read()?.accounts.first { $0.account.id == id }?.account
    }

    /// Signs in. The password is checked against the stored hash before the folder's lock is
    /// taken, and again under it only if the account changed in between; the backoff is checked
    /// both times, so a wait costs no hashing.
    /// - Throws: ``AuthenticationError/invalidLoginCredentials``,
    ///   ``AuthenticationError/tooManyAttemptsTryLater(retryAt:)``, ``AuthenticationError/storage(reason:)``.
    public func signIn(email: EmailAddress, password: String) throws(AuthenticationError) -> Session {
        let now = environment.now()
        if let retryAt = try failures.read()?.failures[email.description]?.waitsUntil(now: now) {
            throw .tooManyAttemptsTryLater(retryAt: retryAt)
        }
        let read = try accounts.read()?.accounts.first { $0.account.email == email }
        let readVerified = verify(password, against: read)
        return try locked { () throws(AuthenticationError) in
            var failureFile = try failures.read() ?? AccountFiles.Failures()
            var record = failureFile.failures[email.description] ?? FailedSignIns()
            if let retryAt = record.waitsUntil(now: now) { throw .tooManyAttemptsTryLater(retryAt: retryAt) }
            let stored = try accounts.read()?.accounts.first { $0.account.email == email }
            let verified = stored == read ? readVerified : verify(password, against: stored)
            guard let stored, verified else {
                record.recordFailure(at: now, backoff: backoff)
                failureFile.failures[email.description] = record
                try failures.write(failureFile)
                throw .invalidLoginCredentials
            }
            if failureFile.failures.removeValue(forKey: email.description) != nil {
                try failures.write(failureFile)
            }
            return try startSession(for: stored.account)
        }
    }

    public func signOut() throws(AuthenticationError) {
        try locked { () throws(AuthenticationError) in try session.remove() }
    }

    public func currentSession() throws(AuthenticationError) -> Session? {
        guard let stored = try session.read() else { return nil }
        let current = try accounts.read()?.accounts.first { $0.account.id == stored.accountID }
        guard let current else { return nil }
        let session = Session(account: current.account, signedInAt: stored.signedInAt, expiresAt: stored.expiresAt)
        return session.isValid(at: environment.now()) ? session : nil
    }

    // MARK: - Steps

    /// Whether `password` is `stored`'s; with no account, the same time is spent and it is not.
    private func verify(_ password: String, against stored: AccountFiles.StoredAccount?) -> Bool {
        guard let stored else {
            PasswordHash.spendVerificationTime(rounds: rounds)
            return false
        }
        return stored.password.verifies(password)
    }

    private func startSession(for account: Account) throws(AuthenticationError) -> Session {
        let now = environment.now()
        let expiresAt = sessionLifetime.map { now.addingTimeInterval($0) }
        try session.write(AccountFiles.StoredSession(accountID: account.id, signedInAt: now, expiresAt: expiresAt))
        return Session(account: account, signedInAt: now, expiresAt: expiresAt)
    }

    /// Runs `body` holding the folder's lock file, so that another process's read-change-write
    /// cannot interleave with this one's.
    private func locked<Result>(_ body: () throws(AuthenticationError) -> Result) throws(AuthenticationError) -> Result
    {
        guard let folder else { return try body() }  // in memory: the actor is the only user
        do throws(StoreError) {
            try fileSystem.createDirectories(folder, permissions: 0o700)
        } catch {
            throw .storage(reason: "could not make the accounts folder \(folder): \(error.description)")
        }
        let path = folder.appending(component: StorePath(".lock"))
        let lock: FileDescriptor
        do throws(StoreError) {
            guard let opened = try fileSystem.openLockFile(path, create: true, permissions: 0o600) else {
                throw .ioFailure(file: path, operation: "create", reason: "it vanished as it was made")
            }
            lock = opened
        } catch {
            throw .storage(reason: error.description)
        }
        defer { closeQuietly(lock) }
        let acquired: Bool
        do throws(StoreError) {
            acquired = try fileSystem.lockExclusively(lock)
        } catch {
            throw .storage(reason: error.description)
        }
        guard acquired else { throw .storage(reason: "another process is using the accounts in \(folder): try again") }
        return try body()
    }

    /// Closes the lock file, which releases the lock; a failed close loses nothing.
    private func closeQuietly(_ file: FileDescriptor) {
        do {
            try fileSystem.close(file)
        } catch {
            // The lock goes with the descriptor, which the system releases anyway.
        }
    }
}
