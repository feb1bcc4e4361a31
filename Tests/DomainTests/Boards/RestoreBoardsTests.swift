import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// Putting a backup back: every board and project as it was, or a copy on a new board.
@Suite("Restoring a backup: the rules")
struct RestoreBoardsTests {
    static let ada = Account.ID(rawValue: SequentialIDs.id(700))
    static let environment = EngineEnvironment.test()
    static let made = Date(timeIntervalSince1970: 1_700_000_000)

    static func project(_ n: Int, _ title: String, _ state: ProjectState, on board: Board.ID) -> Project {
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(100 + n)), boardID: board, title: title, body: "body \(n)",
            deadline: Day("2026-03-2\(n % 10)"), state: state, rank: .initial, createdAt: made,
            updatedAt: made.addingTimeInterval(Double(n)))
    }

    static var backup: Backup {
        let work = Board(id: Board.ID(rawValue: SequentialIDs.id(500)), title: "Work", createdAt: made)
        let home = Board(id: .default, title: "Home", createdAt: made.addingTimeInterval(-60))
        return Backup(boards: [
            Backup.Entry(
                board: home, projects: [project(1, "A", .todo, on: .default), project(2, "B", .done, on: .default)]),
            Backup.Entry(
                board: work,
                projects: [
                    project(3, "C", .todo, on: work.id), project(4, "D", .todo, on: work.id),
                    project(5, "E", .doing, on: work.id),
                ]),
        ])
    }

    @Test("every board and project comes back as it was, in order, as one save of the author's")
    func restoresAsItWas() async throws {
        let store = InMemoryProjectStore(signedIn: nil)

        let boards = try await RestoreBoards(store: store, environment: Self.environment)(Self.backup)

        #expect(boards.map(\.title) == ["Home", "Work"])
        #expect(await store.saved.count == 1)
        let saved = try #require(await store.saved.last)
        #expect(saved.undoBoard == .default)
        #expect(try await store.board(id: .default).title == "Home")
        #expect(try await store.board(id: .default).createdAt == Self.made.addingTimeInterval(-60))
        let work = Self.backup.boards[1].board.id
        let todo = try await store.column(.todo, onBoard: work, offset: 0, limit: nil).projects
        #expect(todo.map(\.title) == ["C", "D"])
        #expect(todo.map(\.id) == [Self.backup.boards[1].projects[0].id, Self.backup.boards[1].projects[1].id])
        let restored = try await store.project(id: Self.backup.boards[1].projects[2].id)
        #expect(restored.state == .doing && restored.body == "body 5" && restored.deadline == Day("2026-03-25"))
        #expect(restored.createdAt == Self.made && restored.updatedAt == Self.made.addingTimeInterval(5))
        #expect(saved.entries.contains(ChangeSet.Entry(kind: .imported(count: 2, .todo), title: "", board: work)))
    }

    @Test("a copy on a new board gets new ids and keeps the rest; the board is the viewer's")
    func copiesOntoNewBoard() async throws {
        let store = InMemoryProjectStore(signedIn: Self.ada)

        let board = try await RestoreBoards(store: store, environment: Self.environment)(
            Self.backup, intoNewBoardTitled: "Copy")

        #expect(board.title == "Copy" && board.owner == Self.ada)
        let todo = try await store.column(.todo, onBoard: board.id, offset: 0, limit: nil).projects
        #expect(todo.map(\.title) == ["A", "C", "D"])
        #expect(Set(todo.map(\.id)).isDisjoint(with: Self.backup.projects.map(\.id)))
        #expect(try await store.column(.done, onBoard: board.id, offset: 0, limit: nil).projects.map(\.title) == ["B"])
    }

    @Test("a project the rules refuse is an error, and nothing is saved")
    func refusesBrokenRules() async throws {
        let store = InMemoryProjectStore()
        var backup = Self.backup
        backup.boards[1].projects[0].title = "bad\u{202E}title"

        await #expect(throws: RepositoryError.self) {
            _ = try await RestoreBoards(store: store, environment: Self.environment)(backup)
        }
        #expect(await store.saved.isEmpty)
    }
}
