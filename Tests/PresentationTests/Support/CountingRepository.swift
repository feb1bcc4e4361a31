import Foundation
import Synchronization

@testable import ProjectManager

/// The engine's real project and board repositories, counting every read that goes through them:
/// a view model built over it shows how much each save costs it.
final class CountingRepository: ProjectRepository, BoardRepository {
    private let projects: any ProjectRepository
    private let boardStore: any BoardRepository
    private let counts = Mutex(Reads())
    private let windowed = Mutex(0)

    /// The reads so far.
    struct Reads: Equatable {
        /// Projects read one by one, or their places.
        var projects = 0
        /// Columns read, whole or in windows.
        var columns = 0
        /// Board records read.
        var boards = 0
    }

    init(over engine: ProjectManagerEngine) {
        projects = engine.projects
        boardStore = engine.boards
    }

    /// The reads so far.
    var reads: Reads { counts.withLock { $0 } }

    /// How many projects the column windows read so far have held.
    var projectsInWindows: Int { windowed.withLock { $0 } }

    private func count(_ read: WritableKeyPath<Reads, Int>) {
        counts.withLock { $0[keyPath: read] += 1 }
    }

    // MARK: - Reads, counted

    func project(id: Project.ID) async throws(RepositoryError) -> Project {
        count(\.projects)
        return try await projects.project(id: id)
    }

    func place(of id: Project.ID) async throws(RepositoryError) -> ProjectPlace {
        count(\.projects)
        return try await projects.place(of: id)
    }

    func column(
        _ state: ProjectState, onBoard board: Board.ID, offset: Int, limit: Int?
    ) async throws(RepositoryError) -> ColumnWindow {
        count(\.columns)
        let window = try await projects.column(state, onBoard: board, offset: offset, limit: limit)
        windowed.withLock { $0 += window.projects.count }
        return window
    }

    func boards() async throws(RepositoryError) -> [Board] {
        count(\.boards)
        return try await boardStore.boards()
    }

    func board(id: Board.ID) async throws(RepositoryError) -> Board {
        count(\.boards)
        return try await boardStore.board(id: id)
    }

    func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) async throws(RepositoryError) -> ColumnGap {
        count(\.columns)
        return try await projects.gap(at: index, in: state, onBoard: board, moving: moving)
    }

    // MARK: - Changes, passed on

    func changes() -> AsyncStream<RepositoryChange> { projects.changes() }
}
