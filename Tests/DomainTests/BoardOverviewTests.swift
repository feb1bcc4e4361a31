import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Board overview")
struct BoardOverviewTests {
    static let board = Board(id: .default, title: Board.defaultTitle, createdAt: TestClock.defaultStart)

    static func project(
        _ n: Int, _ title: String, _ state: ProjectState, at position: Int, due deadline: Day? = nil,
        board: Board.ID = .default
    ) -> Project {
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(n)), boardID: board, title: title,
            deadline: deadline, state: state, rank: Rank(ordinal: position), createdAt: TestClock.defaultStart)
    }

    @Test("shows To Do, Doing and Done in that order, each in position order with a count")
    func columnsInOrder() {
        // Given projects handed over in no particular order
        let projects = [
            Self.project(1, "ship", .done, at: 0),
            Self.project(2, "second", .todo, at: 1),
            Self.project(3, "doing", .doing, at: 0),
            Self.project(4, "first", .todo, at: 0),
        ]

        // When
        let overview = BoardOverview(board: Self.board, projects: projects, today: Day("2026-03-15"))

        // Then
        #expect(overview.columns.map(\.state) == [.todo, .doing, .done])
        #expect(overview.titlesByColumn == [["first", "second"], ["doing"], ["ship"]])
        #expect(overview.columns.map(\.count) == [2, 1, 1])
        #expect(overview.column(.todo).count == 2)
        #expect(overview.projects.map(\.title) == ["first", "second", "doing", "ship"])
        #expect(overview.today == Day("2026-03-15"))
    }

    @Test("an empty board has three empty columns")
    func emptyBoard() {
        let overview = BoardOverview(board: Self.board, projects: [], today: Day("2026-03-15"))

        #expect(overview.columns.map(\.state) == [.todo, .doing, .done])
        #expect(overview.columns.map(\.count) == [0, 0, 0])
    }

    @Test("flags the projects that are overdue on its day")
    func flagsOverdueProjects() {
        // Given
        let projects = [
            Self.project(1, "late", .todo, at: 0, due: Day("2026-03-14")),
            Self.project(2, "due today", .todo, at: 1, due: Day("2026-03-15")),
            Self.project(3, "no deadline", .todo, at: 2),
            Self.project(4, "late and doing", .doing, at: 0, due: Day("2026-01-01")),
            Self.project(5, "late but done", .done, at: 0, due: Day("2026-01-01")),
        ]

        // When
        let overview = BoardOverview(board: Self.board, projects: projects, today: Day("2026-03-15"))

        // Then
        let flags = overview.columns.flatMap(\.items).map { "\($0.project.title): \($0.isOverdue)" }
        #expect(
            flags == [
                "late: true", "due today: false", "no deadline: false", "late and doing: true", "late but done: false",
            ])
    }
}

@Suite("Project state")
struct ProjectStateTests {
    @Test("orders the columns To Do, Doing, Done")
    func columnOrder() {
        #expect(ProjectState.allCases == [.todo, .doing, .done])
        #expect([ProjectState.done, .todo, .doing].sorted() == [.todo, .doing, .done])
    }

    @Test(
        "offers the two other states in column order, as the long-press menu does",
        arguments: [
            (ProjectState.todo, [ProjectState.doing, .done]),
            (.doing, [.todo, .done]),
            (.done, [.todo, .doing]),
        ])
    func alternatives(state: ProjectState, expected: [ProjectState]) {
        #expect(state.alternatives == expected)
    }
}

@Suite("Project")
struct ProjectTests {
    @Test("its draft holds its editable fields")
    func draftHoldsEditableFields() {
        let project = Project(
            id: Project.ID(rawValue: SequentialIDs.id(1)), boardID: .default, title: "Title", body: "Body",
            deadline: Day("2026-03-14"), state: .doing, rank: Rank(ordinal: 3), createdAt: TestClock.defaultStart)

        #expect(project.draft == ProjectDraft(title: "Title", body: "Body", deadline: Day("2026-03-14"), labels: []))
        #expect(project.updatedAt == project.createdAt)
    }

    @Test("ids print as lowercase UUIDs, and the default board's id is fixed")
    func identifiers() {
        #expect(Project.ID(rawValue: SequentialIDs.id(10)).description == "00000000-0000-4000-8000-00000000000a")
        #expect(Board.ID.default.description == "00000000-0000-0000-0000-000000000001")
    }
}
