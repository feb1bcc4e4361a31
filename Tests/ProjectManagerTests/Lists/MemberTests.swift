import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// A board's members and a card's assignees, through the engine, over both kinds of store.
@Suite("Board members and assignees")
struct MemberTests {
    static let password = "correct horse battery"

    @Test(
        "a member sees and uses the owner's board, but neither changes its members nor deletes it",
        arguments: StoreKind.allCases)
    func members(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let bob = try await engine.signUp(email: "bob@example.com", password: Self.password).account
        let carol = try await engine.signUp(email: "carol@example.com", password: Self.password).account
        let ada = try await engine.signUp(email: "ada@example.com", password: Self.password).account
        let board = try await engine.createBoard(title: "Launch")
        let card = try await engine.createProject(ProjectDraft(title: "Write copy"), on: board.id)

        let found = try #require(try await engine.authentication.account(email: EmailAddress("bob@example.com")))
        #expect(found.id == bob.id)
        #expect(try await engine.authentication.account(id: carol.id)?.email.description == "carol@example.com")
        try await engine.setBoardMember(board.id, account: bob.id)
        try await engine.assignProject(card.id, to: bob.id)
        try await engine.assignProject(card.id, to: ada.id)
        await #expect(throws: RepositoryError.invalid(ValidationError([.notAMember]))) {
            try await engine.assignProject(card.id, to: carol.id)
        }
        #expect(try await engine.fetchProject(card.id).assignees == [bob.id, ada.id])

        _ = try await engine.signIn(email: "bob@example.com", password: Self.password)
        #expect(try await engine.listBoards().map(\.title).contains("Launch"))
        let added = try await engine.createProject(ProjectDraft(title: "Bob's card"), on: board.id)
        try await engine.moveProject(added.id, to: .doing)
        await #expect(throws: RepositoryError.invalid(ValidationError([.onlyTheOwner]))) {
            try await engine.setBoardMember(board.id, account: carol.id)
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.onlyTheOwner]))) {
            try await engine.deleteBoard(board.id)
        }

        _ = try await engine.signIn(email: "carol@example.com", password: Self.password)
        #expect(try await engine.listBoards().map(\.title).contains("Launch") == false)
        await #expect(throws: RepositoryError.notFound(.project(card.id))) { try await engine.fetchProject(card.id) }

        _ = try await engine.signIn(email: "ada@example.com", password: Self.password)
        try await engine.setBoardMember(board.id, account: bob.id, member: false)
        let restarted = try harness.restarted()
        #expect(try await restarted.fetchProject(card.id).assignees == [ada.id])
        #expect(try await restarted.listBoards().first { $0.id == board.id }?.members == [])
    }

    @Test("a board of no account has no members", arguments: StoreKind.allCases)
    func signedOut(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let board = try await harness.engine.createBoard(title: "Shared desk")
        await #expect(throws: RepositoryError.invalid(ValidationError([.onlyTheOwner]))) {
            try await harness.engine.setBoardMember(board.id, account: Account.ID(rawValue: UUID()))
        }
    }
}
