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
/// Moving a repeating project to Done completes the occurrence it waits for
/// (``Project/occurrenceCompleted(byMovingTo:today:)``): while its schedule has another, it goes
/// back to To Do (where it stands when it is there, else last), due on that one, recorded as
/// ``Activity/Kind/occurrenceCompleted(_:next:)``. After the last (`COUNT`, `UNTIL`) it stays in Done.
public struct MoveProject: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Moves projects in `store`; the clock and the calendar of `environment` date the move and
    /// complete a repeating project's occurrence.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
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
        let now = environment.now()
        let today = day(of: now)
        return try await store.write { store throws(RepositoryError) in
            try Self.move(store.project(id: id), to: state, at: index, in: store, now: now, today: today)
        }
    }

    /// The move within the project's board, decided on what `store` holds now.
    private static func move(
        _ project: Project, to state: ProjectState, at index: Int?, in store: any StoreReading, now: Date, today: Day
    ) throws(RepositoryError) -> (changes: ChangeSet?, result: ProjectChange) {
        var project = project
        let id = project.id
        var changes = ChangeSet(UserAction(.moveProject(id, to: state, index: index), at: now), undoOn: project.boardID)
        if let occurrence = project.occurrenceCompleted(byMovingTo: state, today: today) {
            if project.state != .todo {
                project.rank = try store.gap(at: nil, in: .todo, onBoard: project.boardID, moving: id).rank
            }
            (project.state, project.deadline, project.updatedAt) = (.todo, occurrence.next, now)
            changes.update(project)
            changes.record(.occurrenceCompleted(occurrence.day, next: occurrence.next), of: project)
        } else {
            let gap = try store.gap(at: index, in: state, onBoard: project.boardID, moving: id)
            if gap.isCurrentPlace { return (nil, ProjectChange(project: project, isChanged: false)) }
            let from = project.state
            (project.state, project.rank, project.updatedAt) = (state, gap.rank, now)
            changes.update(project)
            changes.record(from == state ? .reordered(state) : .moved(from: from, to: state), of: project)
        }
        return (changes, ProjectChange(project: project, isChanged: true))
    }

    /// Moves a project to another board, at an index of one of its columns: Krello's "Move card"
    /// to a board, or a drag from one board's screen to another's.
    ///
    /// ```swift
    /// try await moveProject(card.id, toBoard: work.id)                    // last, in its own column
    /// try await moveProject(card.id, toBoard: work.id, in: .doing, at: 0) // first in Doing
    /// ```
    /// Only the moved project (and its star, which goes with it) is written, with a rank between
    /// its new neighbours; both boards' histories record it
    /// (``Activity/Kind/movedToBoard(_:title:from:to:)`` on the board it leaves,
    /// ``Activity/Kind/movedFromBoard(_:title:from:to:)`` on the one it joins), and the board it
    /// left can undo it (an undo that would overwrite a later change on the other board throws
    /// ``RepositoryError/undoConflict(_:)``). A repeating project moved into Done completes its
    /// occurrence there, as on its own board: it lands last in the other board's To Do, due on the
    /// next occurrence.
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
        let now = environment.now()
        let today = day(of: now)
        let requested = state
        return try await store.write { store throws(RepositoryError) in
            var project = try store.project(id: id)
            let state = requested ?? project.state
            guard board != project.boardID else {
                return try Self.move(project, to: state, at: index, in: store, now: now, today: today)
            }
            let source = try store.board(id: project.boardID)
            let destination = try store.board(id: board)
            let from = project.state
            let occurrence = project.occurrenceCompleted(byMovingTo: state, today: today)
            let landing = occurrence == nil ? state : .todo
            project.rank = try store.gap(
                at: occurrence == nil ? index : nil, in: landing, onBoard: destination.id, moving: nil
            ).rank
            (project.boardID, project.state, project.updatedAt) = (destination.id, landing, now)
            project.deadline = occurrence?.next ?? project.deadline

            var changes = ChangeSet(
                UserAction(.moveProjectToBoard(id, board: board, state: requested, index: index), at: now),
                undoOn: source.id)
            changes.update(project)
            // A star goes with its project, so that it stays on the project's board.
            if let star = try store.favourite(for: .project(id)) {
                changes.update(Favourite(star.target, onBoard: destination.id, starredAt: star.starredAt))
            }
            changes.record(
                .movedToBoard(destination.id, title: destination.title, from: from, to: landing),
                title: project.title, project: id, on: source.id)
            changes.record(.movedFromBoard(source.id, title: source.title, from: from, to: landing), of: project)
            if let occurrence {
                changes.record(.occurrenceCompleted(occurrence.day, next: occurrence.next), of: project)
            }
            return (changes, ProjectChange(project: project, isChanged: true))
        }
    }

    /// The user's day at `date`.
    private func day(of date: Date) -> Day {
        Day(containing: date, in: environment.calendar)
    }
}
