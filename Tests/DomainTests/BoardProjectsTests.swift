import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Board projects")
struct BoardProjectsTests {
    static let now = TestClock.defaultStart
    static let later = TestClock.defaultStart.addingTimeInterval(60)

    /// A board whose To Do column holds A, B, C, D and whose Doing column holds X, Y, in position order;
    /// ids are the sequential ids 1…6 in that order.
    static func board() -> BoardProjects {
        var projects: [Project] = []
        for (state, titles) in [(ProjectState.todo, ["A", "B", "C", "D"]), (.doing, ["X", "Y"])] {
            for (position, title) in titles.enumerated() {
                projects.append(Project(
                    id: Project.ID(rawValue: SequentialIDs.id(projects.count + 1)), boardID: .default,
                    title: title, state: state, position: position, createdAt: now))
            }
        }
        return BoardProjects(boardID: .default, projects: projects)
    }

    static func id(_ title: String) -> Project.ID {
        let order = ["A", "B", "C", "D", "X", "Y"]
        return Project.ID(rawValue: SequentialIDs.id((order.firstIndex(of: title) ?? 99) + 1))
    }

    @Test("lays out a board with nothing to save")
    func layoutHasNoChanges() {
        let board = Self.board()

        #expect(board.titles(.todo) == ["A", "B", "C", "D"])
        #expect(board.titles(.doing) == ["X", "Y"])
        #expect(board.titles(.done) == [])
        #expect(!board.hasChanges)
    }

    @Test("closes gaps and breaks ties in stored positions, oldest first")
    func closesGapsAndTies() {
        // Given positions 7, 3, 3, where the tie is broken by creation time
        let projects = [
            Project(id: Project.ID(rawValue: SequentialIDs.id(1)), boardID: .default, title: "last", position: 7, createdAt: Self.now),
            Project(id: Project.ID(rawValue: SequentialIDs.id(2)), boardID: .default, title: "newer", position: 3, createdAt: Self.later),
            Project(id: Project.ID(rawValue: SequentialIDs.id(3)), boardID: .default, title: "older", position: 3, createdAt: Self.now),
        ]

        // When
        let board = BoardProjects(boardID: .default, projects: projects)

        // Then
        #expect(board.titles(.todo) == ["older", "newer", "last"])
        #expect(board.positionsAreDense)
        #expect(Set(board.changed.values.map(\.title)) == ["older", "newer", "last"])
    }

    // MARK: - Moving within a column

    @Test("moves a project within its column, keeping positions 0..n-1", arguments: [
        // (project, index, To Do afterwards)
        ("C", 0, ["C", "A", "B", "D"]),
        ("D", 0, ["D", "A", "B", "C"]),
        ("C", 1, ["A", "C", "B", "D"]),
        ("A", 1, ["B", "A", "C", "D"]),
        ("A", 3, ["B", "C", "D", "A"]),
        ("B", 2, ["A", "C", "B", "D"]),
        ("A", 4, ["B", "C", "D", "A"]),
        ("B", 99, ["A", "C", "D", "B"]),
        ("B", -5, ["B", "A", "C", "D"]),
        ("B", nil, ["A", "C", "D", "B"]),
    ] as [(String, Int?, [String])])
    func movesWithinAColumn(title: String, index: Int?, expected: [String]) throws {
        // Given
        var board = Self.board()

        // When
        let moved = try board.move(Self.id(title), to: .todo, at: index, now: Self.later)

        // Then
        #expect(board.titles(.todo) == expected)
        #expect(board.titles(.doing) == ["X", "Y"])
        #expect(board.positionsAreDense)
        #expect(moved.title == title)
        #expect(moved.position == expected.firstIndex(of: title))
        #expect(moved.updatedAt == Self.later)
        #expect(board.changed[moved.id] == moved)
    }

    @Test("saves only the projects whose positions changed when moving within a column")
    func savesOnlyShiftedProjects() throws {
        // Given
        var board = Self.board()

        // When B moves to index 2
        try board.move(Self.id("B"), to: .todo, at: 2, now: Self.later)

        // Then
        #expect(Set(board.changed.values.map(\.title)) == ["B", "C"])
        #expect(board.removed.isEmpty)
    }

    @Test("moving a project to where it already is changes nothing", arguments: [
        ("A", 0), ("B", 1), ("D", 3), ("D", 99), ("D", nil),
    ] as [(String, Int?)])
    func moveInPlaceChangesNothing(title: String, index: Int?) throws {
        // Given
        var board = Self.board()

        // When
        let moved = try board.move(Self.id(title), to: .todo, at: index, now: Self.later)

        // Then
        #expect(board.titles(.todo) == ["A", "B", "C", "D"])
        #expect(moved.updatedAt == Self.now)
        #expect(!board.hasChanges, "changed: \(board.changed.values.map(\.title).sorted())")
    }

    // MARK: - Moving across columns

    @Test("moves a project across columns, keeping both columns dense", arguments: [
        // (project, state, index, To Do afterwards, Doing afterwards, Done afterwards)
        ("B", .doing, 0, ["A", "C", "D"], ["B", "X", "Y"], []),
        ("B", .doing, 1, ["A", "C", "D"], ["X", "B", "Y"], []),
        ("B", .doing, 2, ["A", "C", "D"], ["X", "Y", "B"], []),
        ("B", .doing, 50, ["A", "C", "D"], ["X", "Y", "B"], []),
        ("B", .doing, nil, ["A", "C", "D"], ["X", "Y", "B"], []),
        ("A", .done, 0, ["B", "C", "D"], ["X", "Y"], ["A"]),
        ("D", .done, 7, ["A", "B", "C"], ["X", "Y"], ["D"]),
        ("X", .todo, 0, ["X", "A", "B", "C", "D"], ["Y"], []),
        ("X", .todo, 2, ["A", "B", "X", "C", "D"], ["Y"], []),
        ("Y", .todo, nil, ["A", "B", "C", "D", "Y"], ["X"], []),
    ] as [(String, ProjectState, Int?, [String], [String], [String])])
    func movesAcrossColumns(
        title: String, state: ProjectState, index: Int?, todo: [String], doing: [String], done: [String]
    ) throws {
        // Given
        var board = Self.board()

        // When
        let moved = try board.move(Self.id(title), to: state, at: index, now: Self.later)

        // Then
        #expect(board.titles(.todo) == todo)
        #expect(board.titles(.doing) == doing)
        #expect(board.titles(.done) == done)
        #expect(board.positionsAreDense)
        #expect(moved.state == state)
        #expect(moved.updatedAt == Self.later)
        #expect(board.project(id: moved.id) == moved)
    }

    @Test("moving a project that is not on the board throws notFound and changes nothing")
    func moveUnknownProject() {
        // Given
        var board = Self.board()
        let stranger = Project.ID(rawValue: SequentialIDs.id(42))

        // Then
        #expect(throws: RepositoryError.notFound(.project(stranger))) {
            try board.move(stranger, to: .doing, now: Self.later)
        }
        #expect(!board.hasChanges)
    }

    // MARK: - Inserting and removing

    @Test("inserts a new project last in its column by default, or at an index")
    func insertsProjects() {
        // Given
        var board = Self.board()
        let first = Project(id: Project.ID(rawValue: SequentialIDs.id(10)), boardID: .default, title: "first", state: .doing, createdAt: Self.later)
        let last = Project(id: Project.ID(rawValue: SequentialIDs.id(11)), boardID: .default, title: "last", state: .doing, position: 40, createdAt: Self.later)

        // When
        board.insert(last)
        board.insert(first, at: 0)

        // Then
        #expect(board.titles(.doing) == ["first", "X", "Y", "last"])
        #expect(board.positionsAreDense)
        #expect(Set(board.changed.values.map(\.title)) == ["first", "X", "Y", "last"])
    }

    @Test("removing a project closes the gap in its column", arguments: [
        ("A", ["B", "C", "D"]),
        ("B", ["A", "C", "D"]),
        ("D", ["A", "B", "C"]),
    ])
    func removeClosesTheGap(title: String, remaining: [String]) throws {
        // Given
        var board = Self.board()

        // When
        let removed = try board.remove(Self.id(title))

        // Then
        #expect(removed.title == title)
        #expect(board.titles(.todo) == remaining)
        #expect(board.positionsAreDense)
        #expect(board.removed == [removed.id])
        #expect(board.changed[removed.id] == nil)
        #expect(board.project(id: removed.id) == nil)
    }

    @Test("removing the last project of a column saves nothing but the removal")
    func removeLastChangesNoOtherProject() throws {
        // Given
        var board = Self.board()

        // When
        try board.remove(Self.id("D"))

        // Then
        #expect(board.changed.isEmpty)
        #expect(board.removed == [Self.id("D")])
    }

    @Test("replacing a project keeps its column and position")
    func replaceKeepsPlace() throws {
        // Given
        var board = Self.board()
        var edited = try #require(board.project(id: Self.id("B")))
        edited.title = "B, renamed"
        edited.state = .done
        edited.position = 9

        // When
        try board.replace(edited)

        // Then
        let saved = try #require(board.project(id: Self.id("B")))
        #expect(saved.title == "B, renamed")
        #expect(saved.state == .todo)
        #expect(saved.position == 1)
        #expect(board.changed.keys.sorted { $0.description < $1.description } == [Self.id("B")])
    }
}
