import Foundation

/// Moves a project to a state and an index in that state's column, on its board or another.
///
/// The one operation behind the long-press state menu, reordering, and drag and drop:
/// ```swift
/// try await moveProject(id, to: .doing)        // last in Doing
/// try await moveProject(id, to: .todo, at: 0)  // first in To Do
/// ```
/// Only the moved project is written: it takes a rank between its new neighbours.
///
/// Moving a repeating project to Done completes the occurrence it waits for: while its schedule
/// has another, it goes back to To Do due on that one (see ``ProjectRepository/move(_:to:at:now:)``).
/// After the last (`COUNT`, `UNTIL`) it stays in Done.
public struct MoveProject: Sendable {
    private let projects: any ProjectRepository
    private let environment: EngineEnvironment

    public init(projects: any ProjectRepository, environment: EngineEnvironment) {
        self.projects = projects
        self.environment = environment
    }

    /// - Parameter index: The index in the destination column, counted without the moved project;
    ///   `nil` or past the end places it last.
    /// - Returns: The project, and whether it moved (a move to where it stands saves nothing and
    ///   records no history).
    /// - Throws: ``RepositoryError/notFound(_:)``.
    /// - Complexity: O(log *n*) for a column of *n* projects, plus one save.
    @discardableResult
    public func callAsFunction(
        _ id: Project.ID, to state: ProjectState, at index: Int? = nil
    ) async throws(RepositoryError) -> ProjectChange {
        try await projects.move(id, to: state, at: index, now: environment.now())
    }

    /// Moves a project to another board, at an index of one of its columns: Krello's "Move card"
    /// to a board, or a drag from one board's screen to another's.
    ///
    /// ```swift
    /// try await moveProject(card.id, toBoard: work.id)                    // last, in its own column
    /// try await moveProject(card.id, toBoard: work.id, in: .doing, at: 0) // first in Doing
    /// ```
    /// Only the moved project is written, with a rank between its new neighbours; both boards'
    /// histories record it, and the board it left can undo it (an undo that would overwrite a later
    /// change on the other board throws ``RepositoryError/undoConflict(_:)``).
    /// - Parameters:
    ///   - board: The board to move it to; its own board moves it within it.
    ///   - state: The column there; `nil` keeps the one it stands in.
    ///   - index: The index in that column, counted without the moved project; `nil` or past the
    ///     end places it last.
    /// - Returns: The project, and whether it moved.
    /// - Throws: ``RepositoryError/notFound(_:)`` for the project or the board (also when either
    ///   is another account's).
    /// - Complexity: O(log *n*) for a column of *n* projects, plus one save.
    @discardableResult
    public func callAsFunction(
        _ id: Project.ID, toBoard board: Board.ID, in state: ProjectState? = nil, at index: Int? = nil
    ) async throws(RepositoryError) -> ProjectChange {
        try await projects.move(id, toBoard: board, in: state, at: index, now: environment.now())
    }
}
