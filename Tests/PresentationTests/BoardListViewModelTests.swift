import Foundation
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

@MainActor
@Suite("Board list view model", .timeLimit(.minutes(10)))
struct BoardListViewModelTests {
    typealias Screen = (
        events: Events<BoardListViewModel.Event>, output: BoardListViewModel.Output,
        lists: Probe<BoardListViewModel.List>
    )

    func screen(_ app: TestApp) -> Screen {
        let events = Events<BoardListViewModel.Event>()
        let output = app.screens.makeBoardList().transform(.init(events: events.stream))
        return (events, output, Probe(output.lists))
    }

    @Test("a restore puts a backup's boards back as one save, and the list follows; a copy lands on a new board")
    func restores() async throws {
        // Given a backup of one board with a project
        let app = TestApp()
        let made = Date(timeIntervalSince1970: 1_700_000_000)
        let trip = Board(id: Board.ID(rawValue: SequentialIDs.id(900)), title: "Trip", createdAt: made)
        let tickets = Project(
            id: Project.ID(rawValue: SequentialIDs.id(901)), boardID: trip.id, title: "Tickets", state: .doing,
            createdAt: made)
        let backup = Backup(boards: [Backup.Entry(board: trip, projects: [tickets])])
        let (events, output, lists) = screen(app)
        let restored = Probe(output.restored)
        events.send(.appear)
        _ = try #require(await lists.next())

        // When the screen restores it, then copies it onto a new board
        events.send(.restore(backup))
        #expect(try #require(await restored.next()).map(\.title) == ["Trip"])
        #expect(try #require(await lists.next()).rows.map(\.columnsText).last == "To Do 0 · Doing 1 · Done 0")
        events.send(.restoreIntoNewBoard(backup, title: "Trip copy"))

        // Then
        #expect(try #require(await restored.next()).map(\.title) == ["Trip copy"])
        #expect(try #require(await lists.next()).rows.map(\.title) == ["Projects", "Trip", "Trip copy"])
        #expect(try await app.engine.fetchProject(tickets.id).createdAt == made)
    }

    @Test("signed out, it lists the default board with its counts, and follows what the screen and others save")
    func listsAndFollows() async throws {
        // Given a project in Doing on the default board
        let app = TestApp()
        try await app.add("Write report", in: .doing)
        let (events, output, lists) = screen(app)
        let created = Probe(output.created)
        let routes = Probe(app.navigator.routes)

        // When
        events.send(.appear)

        // Then
        let first = try #require(await lists.next())
        #expect(output.title == "Boards")
        #expect(output.createTitle == "New Board")
        #expect(first.rows.map(\.title) == ["Projects"])
        #expect(first.rows.map(\.countText) == ["1 project"])
        #expect(first.rows.map(\.columnsText) == ["To Do 0 · Doing 1 · Done 0"])
        #expect(first.rows.map(\.canDelete) == [false])
        #expect(first.emptyText == nil)

        // When it makes a board, then renames it
        events.send(.create(title: " Work "))
        let work = try #require(await created.next())
        #expect(work.title == "Work")
        #expect(try #require(await lists.next()).rows.map(\.title) == ["Projects", "Work"])
        events.send(.rename(work.id, to: "Office"))
        #expect(try #require(await lists.next()).rows.map(\.title) == ["Projects", "Office"])

        // And another part of the app moves the project to it
        let report = try await app.engine.projects.projects(onBoard: .default)[0]
        try await app.engine.moveProject(report.id, toBoard: work.id, in: .done)
        let moved = try #require(await lists.next())
        #expect(moved.rows.map(\.count) == [0, 1])
        #expect(moved.rows[1].columnsText == "To Do 0 · Doing 0 · Done 1")
        #expect(moved.rows[1].deleteConfirmation == "Delete the board 'Office' and its 1 project?")

        // When it opens the board, then deletes it
        events.send(.open(work.id))
        #expect(await routes.next() == .board(work.id))
        events.send(.delete(work.id))
        #expect(try #require(await lists.next()).rows.map(\.title) == ["Projects"])
        #expect(try await app.engine.listBoards().map(\.title) == ["Projects"])
        events.end()
        #expect(await lists.rest().isEmpty)
    }

    @Test("a name that breaks a rule says so in the board's words and saves nothing; the default board stays")
    func refusals() async throws {
        // Given
        let app = TestApp()
        let (events, output, lists) = screen(app)
        let errors = Probe(output.errors)
        events.send(.appear)
        _ = await lists.next()

        // When
        events.send(.create(title: "  "))
        events.send(.rename(.default, to: "two\nlines"))
        events.send(.delete(.default))

        // Then
        #expect(
            await errors.take(3) == [
                "Give the board a name.", "Keep the board's name to one line.", "The default board cannot be deleted.",
            ])
        #expect(try await app.engine.listBoards().map(\.title) == ["Projects"])
        events.end()
        #expect(await lists.rest().isEmpty)
        #expect(
            await Probe(output.failures).rest() == [
                .invalid(ValidationError([.titleEmpty])), .invalid(ValidationError([.titleHasLineBreak])),
                .defaultBoardIsPermanent,
            ])
    }

    @Test("a rename says the name as saved; each row holds the board and its columns' counts")
    func renamedAndSummaries() async throws {
        let app = TestApp()
        try await app.add("Write report", in: .doing)
        let (events, output, lists) = screen(app)
        let renamed = Probe(output.renamed)

        events.send(.rename(.default, to: "  Home "), .appear)

        #expect(await renamed.next()?.title == "Home")
        let row = try #require(await lists.next()?.rows.first)
        #expect(row.summary.board == (try await app.engine.boards.board(id: .default)))
        #expect(row.summary.counts == [.todo: 0, .doing: 1, .done: 0])
        events.end()
        _ = await lists.rest()
    }

    @Test("a list that only reads makes no first board for an account that has none")
    func readingList() async throws {
        let app = TestApp()
        _ = try await app.engine.signUp(email: "ada@example.com", password: "correct horse battery")
        let events = Events<BoardListViewModel.Event>()
        let output = app.screens.makeBoardList(makingFirstBoard: false).transform(.init(events: events.stream))

        events.send(.appear)
        events.end()

        #expect(await Probe(output.lists).rest().map(\.rows.count) == [0])
        #expect(try await app.engine.listBoards().isEmpty)
    }

    @Test("signed in with no board, appearing makes the account's first board, and lists only the account's")
    func firstBoardOfAnAccount() async throws {
        // Given a board of no account, then Ada signed up
        let app = TestApp()
        _ = try await app.engine.createBoard(title: "Shared desk")
        let ada = try await app.engine.signUp(email: "ada@example.com", password: "correct horse battery").account
        let (events, _, lists) = screen(app)

        // When
        events.send(.appear)

        // Then
        let list = try #require(await lists.next())
        #expect(list.rows.map(\.title) == ["Projects"])
        #expect(list.rows.map(\.count) == [0])
        let boards = try await app.engine.listBoards()
        #expect(boards.map(\.owner) == [ada.id])
        #expect(list.rows.map(\.id) == boards.map(\.id))
        #expect(list.rows.map(\.canDelete) == [true])
        events.end()
        _ = await lists.rest()
    }

    @Test("in Korean: the title, counts, columns, the question before deleting and the name rules")
    func korean() async throws {
        // Given
        let app = TestApp(locale: "ko_KR")
        let mart = try await app.engine.createBoard(title: "이마트")
        _ = try await app.engine.createProject(ProjectDraft(title: "우유"), on: mart.id)
        let (events, output, lists) = screen(app)
        let errors = Probe(output.errors)

        // When
        events.send(.appear)
        let list = try #require(await lists.next())
        events.send(.create(title: ""))

        // Then
        #expect(output.title == "보드")
        #expect(output.createTitle == "새 보드")
        #expect(output.renameTitle == "이름 바꾸기")
        #expect(list.rows.map(\.countText) == ["프로젝트 0개", "프로젝트 1개"])
        #expect(list.rows[1].columnsText == "할 일 1 · 진행 중 0 · 완료 0")
        #expect(list.rows[1].deleteConfirmation == "'이마트' 보드와 프로젝트 1개를 삭제할까요?")
        #expect(list.rows[0].deleteConfirmation == "'Projects' 보드를 삭제할까요?")
        #expect(await errors.next() == "보드 이름을 입력하세요.")
        events.end()
        _ = await lists.rest()
    }

    @Test("the counts come from the columns' indexes: listing reads no project")
    func readsNoProject() async throws {
        // Given
        let app = TestApp()
        for title in ["A", "B", "C"] { try await app.add(title) }
        let counting = CountingRepository(over: app.engine)
        let list = FetchBoardList(boards: counting, projects: counting)

        // When
        let summaries = try await list()

        // Then
        #expect(summaries.map(\.count) == [3])
        #expect(counting.reads.projects == 0)
        #expect(counting.reads.columns == 3)
        #expect(counting.projectsInWindows == 0)
    }
}
