import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// The board rules, decided in the Domain and checked against the in-memory store.
@Suite("Boards and stars: the rules")
struct BoardRulesTests {
    static let ada = Account.ID(rawValue: SequentialIDs.id(700))
    static let environment = EngineEnvironment.test()

    static func board(_ n: Int, _ title: String, owner: Account.ID? = nil, minute: Double = 0) -> Board {
        Board(
            id: Board.ID(rawValue: SequentialIDs.id(n)), title: title,
            createdAt: TestClock.defaultStart.addingTimeInterval(60 * minute), owner: owner)
    }

    @Test("the default board cannot be deleted, and nothing is saved")
    func defaultBoardStays() async throws {
        let store = InMemoryProjectStore()
        await #expect(throws: RepositoryError.defaultBoardIsPermanent) {
            try await DeleteBoard(store: store, environment: Self.environment)(.default)
        }
        #expect(await store.saved.isEmpty)
    }

    @Test("a board of no account is deleted on the default board's history")
    func noAccountsBoard() async throws {
        let trip = Self.board(1, "Trip")
        let store = InMemoryProjectStore(boards: [trip])

        try await DeleteBoard(store: store, environment: Self.environment)(trip.id)

        let saved = try #require(await store.saved.last)
        #expect(saved.undoBoard == .default)
        #expect(saved.changes == [.deleteBoard(trip.id)])
        #expect(saved.entries == [ChangeSet.Entry(kind: .boardDeleted, title: "Trip", board: .default)])
    }

    @Test("an account's board is deleted on its oldest other board; its last board stays")
    func accountsBoard() async throws {
        let first = Self.board(1, "First", owner: Self.ada, minute: 1)
        let second = Self.board(2, "Second", owner: Self.ada, minute: 2)
        let third = Self.board(3, "Third", owner: Self.ada, minute: 3)
        let store = InMemoryProjectStore(boards: [third, second, first], signedIn: Self.ada)
        let delete = DeleteBoard(store: store, environment: Self.environment)

        try await delete(second.id)
        #expect(await store.saved.last?.undoBoard == first.id)
        try await delete(first.id)
        #expect(await store.saved.last?.undoBoard == third.id)

        await #expect(throws: RepositoryError.lastBoardIsPermanent) { try await delete(third.id) }
        #expect(await store.saved.count == 2)
    }

    @Test("a new board is its author's; a rename records the old title, and the same title saves nothing")
    func createAndRename() async throws {
        let store = InMemoryProjectStore(signedIn: Self.ada)
        let board = try await CreateBoard(store: store, environment: Self.environment)(title: "  Groceries ")
        #expect(board.owner == Self.ada)
        #expect(board.title == "Groceries")

        let rename = RenameBoard(store: store, environment: Self.environment)
        try await rename(board.id, to: "Food")
        #expect(
            await store.saved.last?.entries == [
                ChangeSet.Entry(kind: .boardRenamed(from: "Groceries"), title: "Food", board: board.id)
            ])
        try await rename(board.id, to: "Food ")
        #expect(await store.saved.count == 2)
    }

    @Test("a star is put on once and taken off once, each recorded on its board")
    func stars() async throws {
        let store = InMemoryProjectStore()
        let star = Star(store: store, environment: Self.environment)
        let unstar = Unstar(store: store, environment: Self.environment)

        #expect(try await star(.board(.default)))
        #expect(try await !star(.board(.default)))
        #expect(try await unstar(.board(.default)))
        #expect(try await !unstar(.board(.default)))

        #expect(await store.history.map(\.entry.kind) == [.starred(.board), .unstarred(.board)])
        #expect(await store.saved.count == 2)
    }
}
