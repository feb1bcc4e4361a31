import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Local accounts in files")
struct LocalAuthenticationProviderTests {
    static let password = "correct horse battery"

    /// A folder, a clock, and a provider over them; `reopen()` is a restart.
    struct Fixture {
        let directory: TemporaryDirectory
        let clock = TestClock()
        let ids = SequentialIDs()
        var lifetime: TimeInterval?

        init(lifetime: TimeInterval? = nil) throws {
            directory = try TemporaryDirectory()
            self.lifetime = lifetime
        }

        var folder: URL { directory.url.appendingPathComponent("accounts") }

        func reopen() -> LocalAuthenticationProvider {
            LocalAuthenticationProvider(
                folder: folder, environment: .test(clock: clock, ids: ids), rounds: 3, sessionLifetime: lifetime)
        }

        func contents(_ name: String) -> Data? {
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }

        func mode(_ name: String) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            return try #require(attributes[.posixPermissions] as? Int)
        }

        /// Every file in the folder with its bytes.
        func snapshot() throws -> [String: Data] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            return Dictionary(uniqueKeysWithValues: names.map { ($0, contents($0) ?? Data()) })
        }
    }

    @Test("signing up stores a salted hash, never the password, in 0600 files in a 0700 folder")
    func signUp() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let provider = fixture.reopen()
        let session = try await provider.signUp(email: EmailAddress("Ada@Example.com"), password: Self.password)
        #expect(session.account.email.description == "Ada@example.com")
        #expect(session.signedInAt == fixture.clock.now)
        #expect(session.expiresAt == nil)

        let accounts = try #require(fixture.contents("accounts.json"))
        let text = String(decoding: accounts, as: UTF8.self)
        #expect(!text.contains(Self.password))
        #expect(!text.contains(Data(Self.password.utf8).base64EncodedString()))
        #expect(!text.contains(Array(Self.password.utf8).hexadecimal))
        #expect(text.contains("PBKDF2-HMAC-SHA256"))
        #expect(try fixture.mode("accounts.json") == 0o600)
        #expect(try fixture.mode("session.json") == 0o600)
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: fixture.folder.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)

        struct Stored: Decodable {
            struct Entry: Decodable { let password: PasswordHash }
            let accounts: [Entry]
        }
        let stored = try JSONDecoder().decode(Stored.self, from: accounts).accounts[0].password
        #expect(Data(base64Encoded: stored.salt)?.count == 16)
        #expect(Data(base64Encoded: stored.hash)?.count == 32)
        #expect(stored.rounds == 3)
    }

    @Test("two accounts with one password get different salts and hashes")
    func salts() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let provider = fixture.reopen()
        _ = try await provider.signUp(email: EmailAddress("ada@example.com"), password: Self.password)
        _ = try await provider.signUp(email: EmailAddress("grace@example.com"), password: Self.password)
        struct Stored: Decodable {
            struct Entry: Decodable { let password: PasswordHash }
            let accounts: [Entry]
        }
        let entries = try JSONDecoder().decode(Stored.self, from: try #require(fixture.contents("accounts.json")))
            .accounts
        #expect(entries.count == 2)
        #expect(entries[0].password.salt != entries[1].password.salt)
        #expect(entries[0].password.hash != entries[1].password.hash)
    }

    @Test("an email already registered, in any case of its domain, is EMAIL_EXISTS and changes no file")
    func emailExists() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let provider = fixture.reopen()
        _ = try await provider.signUp(email: EmailAddress("ada@example.com"), password: Self.password)
        let before = try fixture.snapshot()
        await #expect(throws: AuthenticationError.emailExists) {
            try await provider.signUp(email: EmailAddress("ada@EXAMPLE.com"), password: "another password")
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test("a wrong password and an unknown email give the same error and leave accounts and session as they were")
    func sameError() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let provider = fixture.reopen()
        _ = try await provider.signUp(email: EmailAddress("ada@example.com"), password: Self.password)
        let accounts = fixture.contents("accounts.json")
        let session = fixture.contents("session.json")
        await #expect(throws: AuthenticationError.invalidLoginCredentials) {
            try await provider.signIn(email: EmailAddress("ada@example.com"), password: "wrong password")
        }
        await #expect(throws: AuthenticationError.invalidLoginCredentials) {
            try await provider.signIn(email: EmailAddress("nobody@example.com"), password: Self.password)
        }
        #expect(fixture.contents("accounts.json") == accounts)
        #expect(fixture.contents("session.json") == session)
        #expect(try fixture.mode("sign-in-failures.json") == 0o600)
    }

    @Test("the session survives a restart until sign-out")
    func restoredSession() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let signedUp = try await fixture.reopen().signUp(
            email: EmailAddress("ada@example.com"), password: Self.password)
        fixture.clock.advance(by: 86_400 * 365)
        let restarted = fixture.reopen()
        #expect(try await restarted.currentSession() == signedUp)
        try await restarted.signOut()
        #expect(try await fixture.reopen().currentSession() == nil)
        #expect(fixture.contents("session.json") == nil)

        let signedIn = try await fixture.reopen().signIn(
            email: EmailAddress("ada@EXAMPLE.COM"), password: Self.password)
        #expect(signedIn.account == signedUp.account)
        #expect(try await fixture.reopen().currentSession() == signedIn)
    }

    @Test("a session the app gave a lifetime ends when it runs out")
    func expiry() async throws {
        let fixture = try Fixture(lifetime: 3_600)
        defer { fixture.directory.remove() }
        let session = try await fixture.reopen().signUp(email: EmailAddress("ada@example.com"), password: Self.password)
        #expect(session.expiresAt == fixture.clock.now.addingTimeInterval(3_600))
        fixture.clock.advance(by: 3_599)
        #expect(try await fixture.reopen().currentSession() == session)
        fixture.clock.advance(by: 1)
        #expect(try await fixture.reopen().currentSession() == nil)
    }

    @Test("five failures make the email wait 30 s, then 60 s, across restarts, even with the right password")
    func backoff() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let email = try EmailAddress("ada@example.com")
        _ = try await fixture.reopen().signUp(email: email, password: Self.password)
        for _ in 0..<5 {
            await #expect(throws: AuthenticationError.invalidLoginCredentials) {
                try await fixture.reopen().signIn(email: email, password: "wrong password")
            }
        }
        let retryAt = fixture.clock.now.addingTimeInterval(30)
        let before = try fixture.snapshot()
        await #expect(throws: AuthenticationError.tooManyAttemptsTryLater(retryAt: retryAt)) {
            try await fixture.reopen().signIn(email: email, password: Self.password)
        }
        #expect(try fixture.snapshot() == before, "a refused attempt writes nothing")

        fixture.clock.advance(by: 30)
        await #expect(throws: AuthenticationError.invalidLoginCredentials) {
            try await fixture.reopen().signIn(email: email, password: "wrong again")
        }
        await #expect(
            throws: AuthenticationError.tooManyAttemptsTryLater(retryAt: fixture.clock.now.addingTimeInterval(60))
        ) {
            try await fixture.reopen().signIn(email: email, password: Self.password)
        }
        fixture.clock.advance(by: 60)
        _ = try await fixture.reopen().signIn(email: email, password: Self.password)
        // A success clears the count: four more failures do not wait.
        for _ in 0..<4 {
            await #expect(throws: AuthenticationError.invalidLoginCredentials) {
                try await fixture.reopen().signIn(email: email, password: "wrong password")
            }
        }
        _ = try await fixture.reopen().signIn(email: email, password: Self.password)
    }

    @Test("an unknown email backs off like a known one, so the backoff does not tell them apart")
    func unknownEmailBackoff() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let provider = fixture.reopen()
        for _ in 0..<5 {
            await #expect(throws: AuthenticationError.invalidLoginCredentials) {
                try await provider.signIn(email: EmailAddress("nobody@example.com"), password: "guess guess")
            }
        }
        await #expect(
            throws: AuthenticationError.tooManyAttemptsTryLater(retryAt: fixture.clock.now.addingTimeInterval(30))
        ) {
            try await provider.signIn(email: EmailAddress("nobody@example.com"), password: "guess guess")
        }
    }

    @Test("a password typed with a composed or a decomposed accent is the same password")
    func normalization() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let provider = fixture.reopen()
        _ = try await provider.signUp(email: EmailAddress("ada@example.com"), password: "caf\u{E9} au lait")
        _ = try await provider.signIn(email: EmailAddress("ada@example.com"), password: "cafe\u{301} au lait")
    }

    @Test("a damaged accounts file is a storage error naming it, and is left as it was")
    func damaged() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let provider = fixture.reopen()
        let path = fixture.folder.appendingPathComponent("accounts.json")
        try FileManager.default.createDirectory(at: fixture.folder, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: path)
        let email = try EmailAddress("ada@example.com")
        let error = await #expect(throws: AuthenticationError.self) {
            try await provider.signUp(email: email, password: Self.password)
        }
        guard case .storage(let reason)? = error else {
            Issue.record("expected a storage error, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("accounts.json"))
        #expect(fixture.contents("accounts.json") == Data("{ not json".utf8))
        #expect(fixture.contents("session.json") == nil)
    }

    @Test("the sign-up use case checks the rules before the provider, which then writes nothing")
    func useCaseRules() async throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let signUp = SignUp(provider: fixture.reopen())
        await #expect(throws: AuthenticationError.weakPassword(.common)) {
            try await signUp(email: "ada@example.com", password: "password1")
        }
        await #expect(throws: AuthenticationError.invalidEmail(.missingAt)) {
            try await signUp(email: "ada.example.com", password: Self.password)
        }
        await #expect(throws: AuthenticationError.weakPassword(.sameAsEmail)) {
            try await signUp(email: "ada.lovelace@example.com", password: "Ada.Lovelace")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path), "a refused sign-up makes no file")
        let session = try await signUp(email: " ada@example.com ", password: Self.password)
        #expect(try await CurrentSession(provider: fixture.reopen())() == session)
        try await SignOut(provider: fixture.reopen())()
        #expect(try await CurrentSession(provider: fixture.reopen())() == nil)
    }
}
