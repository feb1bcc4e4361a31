import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

@Suite("A session snapshot: who is signed in, read once")
struct SessionSnapshotTests {
    static let settings = LocalAccountSettings(passwordHashRounds: 2)

    @Test("an engine over a snapshot reads the session once, however many use cases ask")
    func engineReadsOnce() async throws {
        // Given an account signed in, in the accounts beside a store
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = folder.file("projects.pmstore")
        let environment = EngineEnvironment.test()
        let email = try EmailAddress("ada@example.com")
        _ = try await Self.settings.accounts(besideStoreAt: store, environment: environment)
            .signUp(email: email, password: "correct horse")
        let accounts = CountingAccounts(Self.settings.accounts(besideStoreAt: store, environment: environment))

        // When an engine over a snapshot makes a board and moves a card to it
        let engine = try ProjectManagerEngine.persistent(
            at: store, environment: environment, authentication: SessionSnapshot(accounts))
        defer { engine.close() }
        let home = try await engine.homeBoard()
        let work = try await engine.createBoard(title: "Work")
        let card = try await engine.createProject(ProjectDraft(title: "Report"), on: home.id)
        try await engine.moveProject(card.id, toBoard: work.id, in: .doing)
        _ = try await engine.fetchBoardList()

        // Then the session was read once, and the boards are the account's
        #expect(accounts.reads == 1)
        #expect(try await engine.listBoards().allSatisfy { $0.owner != nil })
    }

    @Test("signing in, up and out go to the provider, and the snapshot answers with what they made")
    func writesThrough() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = folder.file("projects.pmstore")
        let accounts = CountingAccounts(Self.settings.accounts(besideStoreAt: store, environment: .test()))
        let snapshot = SessionSnapshot(accounts)
        let email = try EmailAddress("ada@example.com")

        #expect(try await snapshot.currentSession() == nil)
        let session = try await snapshot.signUp(email: email, password: "correct horse")
        #expect(try await snapshot.currentSession() == session)
        try await snapshot.signOut()
        #expect(try await snapshot.currentSession() == nil)
        _ = try await snapshot.signIn(email: email, password: "correct horse")
        #expect(try await snapshot.currentSession()?.account.email == email)

        #expect(accounts.reads == 1, "only the first question reads")
        #expect(try await accounts.accounts.currentSession()?.account.email == email, "the sign-in was saved")
    }

    @Test("finding an account by email or by id goes to the provider, each time, and finds the same account")
    func findsAccounts() async throws {
        // Given two accounts beside a store, and a snapshot over them
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = folder.file("projects.pmstore")
        let snapshot = SessionSnapshot(Self.settings.accounts(besideStoreAt: store, environment: .test()))
        let ada = try await snapshot.signUp(email: EmailAddress("ada@example.com"), password: "correct horse").account
        let bob = try await snapshot.signUp(email: EmailAddress("bob@example.com"), password: "battery staple")
            .account

        // When and then
        #expect(try await snapshot.account(email: EmailAddress("bob@EXAMPLE.com")) == bob)
        #expect(try await snapshot.account(id: ada.id) == ada)
        #expect(try await snapshot.account(id: Account.ID(rawValue: UUID())) == nil)
    }
}
