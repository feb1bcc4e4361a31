import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

@Suite("Boards belong to accounts: each sees and changes only their own")
struct BoardOwnershipTests {
    static let password = "correct horse battery"

    /// Ada's board with two cards, made while she is signed in; then Bob signs up and is signed in.
    struct TwoUsers {
        let harness: EngineHarness
        let ada: Account
        let bob: Account
        let adaBoard: Board
        let adaCards: [Project]
        var engine: ProjectManagerEngine { harness.engine }

        init(_ kind: StoreKind) async throws {
            harness = try EngineHarness(kind)
            ada = try await harness.engine.signUp(email: "ada@example.com", password: BoardOwnershipTests.password)
                .account
            adaBoard = try await harness.engine.createBoard(title: "Ada's work")
            adaCards = [
                try await harness.engine.createProject(
                    ProjectDraft(title: "Write report", deadline: Day(year: 2026, month: 3, day: 15)), on: adaBoard.id),
                try await harness.engine.createProject(ProjectDraft(title: "Book venue"), on: adaBoard.id),
            ]
            bob = try await harness.engine.signUp(email: "bob@example.com", password: BoardOwnershipTests.password)
                .account
        }

        /// Signs Ada in again.
        func signInAda() async throws {
            _ = try await engine.signIn(email: "ada@example.com", password: BoardOwnershipTests.password)
        }
    }

    // MARK: - Deleting a board

    @Test(
        "an account's board deleted is in that account's history, undone by it alone; its last board stays",
        arguments: StoreKind.allCases)
    func deletingABoard(kind: StoreKind) async throws {
        let users = try await TwoUsers(kind)
        try await users.signInAda()
        let secret = try await users.engine.createBoard(title: "Secret plans")
        _ = try await users.engine.createProject(ProjectDraft(title: "Surprise party"), on: secret.id)

        try await users.engine.deleteBoard(secret.id)

        // Ada's deletion is on her oldest board, not on the default board anyone signed out sees.
        #expect(
            try await users.engine.fetchHistory(onBoard: users.adaBoard.id, limit: 1).map(\.projectTitle) == [
                "Secret plans"
            ])
        _ = try await users.engine.signOut()
        #expect(try await users.engine.fetchHistory(onBoard: .default).allSatisfy { $0.projectTitle != "Secret plans" })
        #expect(await users.engine.undoRedo.status(onBoard: .default).canUndo == false)

        try await users.signInAda()
        try await users.harness.restarted().undoRedo.undo(onBoard: users.adaBoard.id)
        #expect(try await users.engine.listBoards().map(\.title) == ["Ada's work", "Secret plans"])
        #expect(try await users.engine.fetchBoard(secret.id).titlesByColumn == [["Surprise party"], [], []])

        try await users.engine.deleteBoard(secret.id)
        await #expect(throws: RepositoryError.lastBoardIsPermanent) {
            try await users.engine.deleteBoard(users.adaBoard.id)
        }
    }

    // MARK: - The rule

    @Test(
        "signed out, one sees the default board and boards made signed out, which belong to no account",
        arguments: StoreKind.allCases)
    func signedOut(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)

        // When
        let home = try await harness.create(["Water plants"])
        let garden = try await harness.engine.createBoard(title: "Garden")

        // Then
        #expect(garden.owner == nil)
        #expect(try await harness.engine.listBoards().map(\.title) == ["Projects", "Garden"])
        #expect(try await harness.engine.homeBoard().id == .default)
        #expect(try await harness.restarted().fetchProject(home[0].id).title == "Water plants")
        #expect(try await harness.restarted().listBoards().map(\.owner) == [nil, nil])
    }

    @Test(
        "a board made signed in is the account's, after a restart too, and only theirs is listed",
        arguments: StoreKind.allCases)
    func boardsOfTheSignedIn(kind: StoreKind) async throws {
        // Given a board of no account, then Ada signed in
        let harness = try EngineHarness(kind)
        _ = try await harness.engine.createBoard(title: "Shared desk")
        let ada = try await harness.engine.signUp(email: "ada@example.com", password: Self.password).account

        // When
        let work = try await harness.engine.createBoard(title: "Work")

        // Then
        #expect(work.owner == ada.id)
        #expect(try await harness.engine.listBoards() == [work])
        let restarted = try harness.restarted()
        #expect(try await restarted.currentSession()?.account.id == ada.id)
        #expect(try await restarted.listBoards() == [work])

        // And signed out, the boards of no account are back, and Work is not among them
        try await restarted.signOut()
        #expect(try await restarted.listBoards().map(\.title) == ["Projects", "Shared desk"])
    }

    @Test("an account's first board is made on its first home-board call, once", arguments: StoreKind.allCases)
    func firstBoard(kind: StoreKind) async throws {
        // Given
        let harness = try EngineHarness(kind)
        let ada = try await harness.engine.signUp(email: "ada@example.com", password: Self.password).account
        #expect(try await harness.engine.listBoards().isEmpty)

        // When
        let first = try await harness.engine.homeBoard()
        let again = try await harness.restarted().homeBoard()

        // Then
        #expect(first.owner == ada.id)
        #expect(first.title == Board.defaultTitle)
        #expect(again == first)
        #expect(try await harness.engine.listBoards() == [first])
        #expect(try await harness.engine.fetchHistory(onBoard: first.id).map(\.kind) == [.boardCreated])
    }

    // MARK: - Another's boards read as missing

    @Test(
        "another's board reads as a board that does not exist: list, fetch, columns, history, undo status",
        arguments: StoreKind.allCases)
    func anotherBoardIsMissing(kind: StoreKind) async throws {
        // Given Bob signed in
        let users = try await TwoUsers(kind)
        let engine = users.engine
        let board = users.adaBoard.id
        let missing = RepositoryError.notFound(.board(board))
        let unknown = Board.ID(rawValue: SequentialIDs.id(9_999))

        // Then every read of Ada's board fails as one of a board that never existed
        #expect(try await engine.listBoards().isEmpty)
        #expect(try await engine.fetchBoardList().isEmpty)
        await #expect(throws: missing) { try await engine.fetchBoard(board) }
        await #expect(throws: RepositoryError.notFound(.board(unknown))) { try await engine.fetchBoard(unknown) }
        await #expect(throws: missing) { try await engine.fetchBoard.column(.todo, on: board, offset: 0, limit: 10) }
        await #expect(throws: missing) { try await engine.boards.board(id: board) }
        await #expect(throws: missing) { try await engine.fetchHistory(onBoard: board) }
        #expect(await engine.undoRedo.status(onBoard: board) == UndoStatus())
        await #expect(throws: missing) { try await engine.searchProjects("report", onBoard: board) }
        #expect(try await engine.searchProjects("report").totalCount == 0)
        #expect(try await engine.fetchTodaySummary().boards.isEmpty)

        // And the default board is no account's, so Bob does not see it either
        await #expect(throws: RepositoryError.notFound(.board(.default))) { try await engine.fetchBoard() }

        // And Ada sees what Bob did not
        try await users.signInAda()
        #expect(try await engine.fetchTodaySummary().dueToday.map(\.id) == [users.adaCards[0].id])
        #expect(try await engine.searchProjects("report").totalCount == 1)
        #expect(await engine.undoRedo.status(onBoard: board).canUndo)
    }

    @Test(
        "another's board cannot be changed: create on it, rename, delete, undo, redo, import, link to GitHub",
        arguments: StoreKind.allCases)
    func anotherBoardCannotChange(kind: StoreKind) async throws {
        // Given Bob signed in, and Ada's last change undone so that she could redo it
        let users = try await TwoUsers(kind)
        try await users.signInAda()
        try await users.engine.undoRedo.undo(onBoard: users.adaBoard.id)
        _ = try await users.engine.signIn(email: "bob@example.com", password: Self.password)
        let engine = users.engine
        let board = users.adaBoard.id
        let missing = RepositoryError.notFound(.board(board))

        // Then
        await #expect(throws: missing) { try await engine.createProject(ProjectDraft(title: "Mine now"), on: board) }
        await #expect(throws: missing) { try await engine.importProjects([ProjectDraft(title: "Mine now")], on: board) }
        await #expect(throws: missing) { try await engine.renameBoard(board, to: "Bob's") }
        await #expect(throws: missing) { try await engine.deleteBoard(board) }
        await #expect(throws: missing) { try await engine.undoRedo.undo(onBoard: board) }
        await #expect(throws: missing) { try await engine.undoRedo.redo(onBoard: board) }
        let repository = try #require(GitHubRepositoryName("octo/krello"))
        await #expect(throws: missing) { try await engine.gitHubLinks.link(board, to: repository) }
        await #expect(throws: missing) { try await engine.gitHubLinks.link(of: board) }
        await #expect(throws: missing) { try await engine.gitHubLinks.cards(on: board) }

        // And Ada finds her board as she left it
        try await users.signInAda()
        let restarted = try users.harness.restarted()
        #expect(try await restarted.listBoards().map(\.title) == ["Ada's work"])
        #expect(try await restarted.fetchBoard(board).titlesByColumn == [["Write report"], [], []])
        #expect(await restarted.undoRedo.status(onBoard: board).canRedo)
        #expect(try await restarted.gitHubLinks.link(of: board) == nil)
    }

    @Test(
        "another's cards read as cards that do not exist: fetch, place, move, edit, delete, edit session, move between boards",
        arguments: StoreKind.allCases)
    func anotherCardIsMissing(kind: StoreKind) async throws {
        // Given Bob signed in, with a board of his own
        let users = try await TwoUsers(kind)
        let engine = users.engine
        let bobBoard = try await engine.homeBoard()
        let bobCard = try await engine.createProject(ProjectDraft(title: "Bob's card"), on: bobBoard.id)
        let card = users.adaCards[0].id
        let missing = RepositoryError.notFound(.project(card))

        // Then
        await #expect(throws: missing) { try await engine.fetchProject(card) }
        await #expect(throws: missing) { try await engine.fetchProject.place(of: card) }
        await #expect(throws: missing) { try await engine.moveProject(card, to: .doing) }
        await #expect(throws: missing) { try await engine.updateProject(card, with: ProjectDraft(title: "Renamed")) }
        await #expect(throws: missing) { try await engine.deleteProject(card) }
        await #expect(throws: missing) { try await engine.beginProjectEdit(card) }
        await #expect(throws: missing) { try await engine.skipOccurrence(card) }
        await #expect(throws: missing) { try await engine.star(.project(card)) }
        await #expect(throws: missing) { try await engine.moveProject(card, toBoard: bobBoard.id) }
        await #expect(throws: RepositoryError.notFound(.board(users.adaBoard.id))) {
            try await engine.moveProject(bobCard.id, toBoard: users.adaBoard.id)
        }

        // And Ada's cards, and Bob's, are as they were
        try await users.signInAda()
        let restarted = try users.harness.restarted()
        #expect(
            try await restarted.fetchBoard(users.adaBoard.id).titlesByColumn == [
                ["Write report", "Book venue"], [], [],
            ])
        #expect(try await restarted.fetchHistory(onBoard: users.adaBoard.id).count == 3)
        await #expect(throws: RepositoryError.notFound(.project(bobCard.id))) {
            try await restarted.fetchProject(bobCard.id)
        }
    }

    @Test(
        "signed out, nobody's cards are reachable: another account's boards and cards read as missing",
        arguments: StoreKind.allCases)
    func signedOutSeesNoAccountsBoards(kind: StoreKind) async throws {
        // Given
        let users = try await TwoUsers(kind)
        try await users.engine.signOut()
        let engine = users.engine

        // Then
        #expect(try await engine.listBoards().map(\.id) == [.default])
        await #expect(throws: RepositoryError.notFound(.board(users.adaBoard.id))) {
            try await engine.fetchBoard(users.adaBoard.id)
        }
        await #expect(throws: RepositoryError.notFound(.project(users.adaCards[1].id))) {
            try await engine.moveProject(users.adaCards[1].id, toBoard: .default)
        }
        #expect(try await engine.searchProjects("venue").items.isEmpty)
    }

    @Test("search over every board finds the viewer's cards alone, counted alone")
    func searchIsScoped() async throws {
        // Given Bob with a card that matches as Ada's do
        let users = try await TwoUsers(.inMemory)
        let bobBoard = try await users.engine.homeBoard()
        let bobCard = try await users.engine.createProject(ProjectDraft(title: "Write the summary"), on: bobBoard.id)

        // When
        let found = try await users.engine.searchProjects("write")

        // Then
        #expect(found.items.map(\.project.id) == [bobCard.id])
        #expect(found.totalCount == 1)

        // And Ada finds her own
        try await users.signInAda()
        #expect(try await users.engine.searchProjects("write").items.map(\.project.id) == [users.adaCards[0].id])
    }

    @Test("the board list counts each column of the viewer's boards")
    func boardListCounts() async throws {
        // Given Ada's board with two cards in To Do, one moved to Done
        let users = try await TwoUsers(.inMemory)
        try await users.signInAda()
        try await users.engine.moveProject(users.adaCards[1].id, to: .done)
        let empty = try await users.engine.createBoard(title: "Empty")

        // When
        let list = try await users.engine.fetchBoardList()

        // Then
        #expect(list.map(\.board) == [users.adaBoard, empty])
        #expect(list.map(\.count) == [2, 0])
        #expect(list[0].count(in: .todo) == 1)
        #expect(list[0].count(in: .doing) == 0)
        #expect(list[0].count(in: .done) == 1)
    }
}

@Suite("Favourites belong to their boards' owners")
struct FavouriteOwnershipTests {
    @Test(
        "another's card or board cannot be starred or unstarred, and their stars are not listed",
        arguments: StoreKind.allCases)
    func starsAreScoped(kind: StoreKind) async throws {
        // Given Ada's starred card and board, then Bob signed in
        let harness = try EngineHarness(kind)
        _ = try await harness.engine.signUp(email: "ada@example.com", password: BoardOwnershipTests.password)
        let board = try await harness.engine.homeBoard()
        let card = try await harness.engine.createProject(ProjectDraft(title: "Plan"), on: board.id)
        try await harness.engine.star(.project(card.id))
        try await harness.engine.star(.board(board.id))
        _ = try await harness.engine.signUp(email: "bob@example.com", password: BoardOwnershipTests.password)
        let engine = harness.engine

        // Then
        #expect(try await engine.listFavourites().isEmpty)
        #expect(try await engine.favourites.favourites().isEmpty)
        await #expect(throws: RepositoryError.notFound(.board(board.id))) {
            try await engine.favourites.favourites(onBoard: board.id)
        }
        await #expect(throws: RepositoryError.notFound(.project(card.id))) {
            try await engine.unstar(.project(card.id))
        }
        await #expect(throws: RepositoryError.notFound(.board(board.id))) { try await engine.unstar(.board(board.id)) }
        await #expect(throws: RepositoryError.notFound(.board(board.id))) { try await engine.star(.board(board.id)) }

        // And Ada's stars are as she left them
        _ = try await engine.signIn(email: "ada@example.com", password: BoardOwnershipTests.password)
        #expect(try await harness.restarted().listFavourites().count == 2)
    }
}
