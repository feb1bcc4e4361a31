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

    /// Moves a project to the list of `state` on its board: the list it stands in when that list
    /// has this stage, else the board's first list of it that is not archived.
    /// - Parameter index: The index in the destination list, counted without the moved project;
    ///   `nil` or past the end places it last.
    /// - Returns: The project, and whether it moved (a move to where it stands saves nothing and
    ///   records no history).
    /// - Throws: ``RepositoryError/notFound(_:)``, also when the board has no open list of `state`.
    /// - Complexity: O(log *n*) for a list of *n* projects, plus one save.
    @discardableResult
    public func callAsFunction(
        _ id: Project.ID, to state: ProjectState, at index: Int? = nil
    ) async throws(RepositoryError) -> ProjectChange {
        let now = environment.now()
        let today = day(of: now)
        return try await store.write { store throws(RepositoryError) in
            let project = try store.project(id: id)
            let list = try Self.list(of: state, for: project, on: project.boardID, in: store)
            let action = UserAction(.moveProject(id, to: state, index: index), at: now)
            return try Self.move(project, to: list, at: index, as: action, in: store, today: today)
        }
    }

    /// Moves a project to an index of a list of its board: Trello's drag of a card, and the
    /// board screen's drop.
    ///
    /// ```swift
    /// try await moveProject(card.id, toList: review.id, at: 0)  // first in Review
    /// ```
    /// A list of stage Done completes a repeating project's occurrence, which sends it back to
    /// the board's first open list of stage To Do.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project or the list does not exist.
    @discardableResult
    public func callAsFunction(
        _ id: Project.ID, toList list: BoardList.ID, at index: Int? = nil
    ) async throws(RepositoryError) -> ProjectChange {
        let now = environment.now()
        let today = day(of: now)
        return try await store.write { store throws(RepositoryError) in
            let project = try store.project(id: id)
            let destination = try store.list(id: list, onBoard: project.boardID)
            let action = UserAction(.moveProjectToList(id, list: list, index: index), at: now)
            return try Self.move(project, to: destination, at: index, as: action, in: store, today: today)
        }
    }

    /// The list a move to `stage` lands in: the project's own list when it has that stage.
    private static func list(
        of stage: ProjectState, for project: Project, on board: Board.ID, in store: any StoreReading
    ) throws(RepositoryError) -> BoardList {
        let lists = try store.lists(onBoard: board)
        if project.boardID == board, let own = lists.first(where: { $0.id == project.listID }),
            own.stage == stage, !own.isArchived
        {
            return own
        }
        guard let list = lists.first(stage) else { throw .notFound(.list(.standard(on: board, stage))) }
        return list
    }

    private static func move(
        _ project: Project, to list: BoardList, at index: Int?, as action: UserAction, in store: any StoreReading,
        today: Day
    ) throws(RepositoryError) -> (changes: ChangeSet?, result: ProjectChange) {
        var project = project
        let id = project.id
        let now = action.date
        let lists = try store.lists(onBoard: project.boardID)
        let from = lists.first { $0.id == project.listID }
        var changes = ChangeSet(action, undoOn: project.boardID)
        if let occurrence = project.occurrenceCompleted(byMovingTo: list.stage, today: today) {
            guard let back = lists.first(.todo) else { throw .notFound(.list(.standard(on: project.boardID, .todo))) }
            if project.listID != back.id {
                project.rank = try store.gap(at: nil, inList: back.id, onBoard: project.boardID, moving: id).rank
            }
            project.move(to: back)
            project.complete(occurrence)
            project.updatedAt = now
            changes.update(project)
            changes.record(.occurrenceCompleted(occurrence.day, next: occurrence.next), of: project)
        } else {
            let gap = try store.gap(at: index, inList: list.id, onBoard: project.boardID, moving: id)
            if gap.isCurrentPlace { return (nil, ProjectChange(project: project, isChanged: false)) }
            let fromStage = project.state
            project.move(to: list)
            (project.rank, project.updatedAt) = (gap.rank, now)
            changes.update(project)
            changes.record(Self.activity(from: from, stage: fromStage, to: list), of: project)
        }
        return (changes, ProjectChange(project: project, isChanged: true))
    }

    /// How a move from the list `from` (of `stage`) to `list` reads in the history: in the
    /// stages' words between the standard lists, in the lists' names when one is the user's own.
    private static func activity(from: BoardList?, stage: ProjectState, to list: BoardList) -> Activity.Kind {
        if from?.id == list.id { return .reordered(list.stage) }
        guard let from, !(from.isStandardAsMade && list.isStandardAsMade) else {
            return .moved(from: stage, to: list.stage)
        }
        return .movedBetweenLists(from: from.title, to: list.title)
    }

    /// Moves a project to another board, at an index of one of its lists: Krello's "Move card"
    /// to a board, or a drag from one board's screen to another's.
    ///
    /// ```swift
    /// try await moveProject(card.id, toBoard: work.id)                    // last, in its own stage
    /// try await moveProject(card.id, toBoard: work.id, in: .doing, at: 0) // first in Doing
    /// ```
    /// The project lands in the other board's first open list of the stage. Only the moved
    /// project is written, with a rank between its new neighbours, and what goes with it (its
    /// star, its checklist items and its comments, which take its new board); both boards'
    /// histories record it
    /// (``Activity/Kind/movedToBoard(_:title:from:to:)`` on the board it leaves,
    /// ``Activity/Kind/movedFromBoard(_:title:from:to:)`` on the one it joins), and the board it
    /// left can undo it (an undo that would overwrite a later change on the other board throws
    /// ``RepositoryError/undoConflict(_:)``). A repeating project moved into Done completes its
    /// occurrence there, as on its own board: it lands last in the other board's To Do, due on the
    /// next occurrence.
    /// - Parameters:
    ///   - board: The board to move it to; its own board moves it within it.
    ///   - state: The stage to land in; `nil` keeps the project's own.
    ///   - index: The index in the destination list; `nil` or past the end places it last.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project, either board, or a list of
    ///   the stage on the other board does not exist.
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
            let action = UserAction(.moveProjectToBoard(id, board: board, state: requested, index: index), at: now)
            guard board != project.boardID else {
                let list = try Self.list(of: state, for: project, on: board, in: store)
                return try Self.move(project, to: list, at: index, as: action, in: store, today: today)
            }
            let source = try store.board(id: project.boardID)
            let destination = try store.board(id: board)
            let from = project.state
            let occurrence = project.occurrenceCompleted(byMovingTo: state, today: today)
            let landing = try store.landing(occurrence == nil ? state : .todo, onBoard: destination.id)
            project.rank = try store.gap(
                at: occurrence == nil ? index : nil, inList: landing.id, onBoard: destination.id, moving: nil
            ).rank
            project.move(to: landing)
            project.updatedAt = now
            // Labels are the board's own: none goes to another board.
            project.labels = []
            if let occurrence { project.complete(occurrence) }

            var changes = ChangeSet(action, undoOn: source.id)
            changes.update(project)
            // A star goes with its project, so that it stays on the project's board.
            if let star = try store.favourite(for: .project(id)) {
                changes.update(Favourite(star.target, onBoard: destination.id, starredAt: star.starredAt))
            }
            // So do its checklist and its comments.
            for var item in try store.checklist(of: id) {
                item.boardID = destination.id
                changes.update(item)
            }
            for var comment in try store.comments(of: id) {
                comment.boardID = destination.id
                changes.update(comment)
            }
            changes.record(
                .movedToBoard(destination.id, title: destination.title, from: from, to: landing.stage),
                title: project.title, project: id, on: source.id)
            changes.record(.movedFromBoard(source.id, title: source.title, from: from, to: landing.stage), of: project)
            if let occurrence {
                changes.record(.occurrenceCompleted(occurrence.day, next: occurrence.next), of: project)
            }
            return (changes, ProjectChange(project: project, isChanged: true))
        }
    }

    private func day(of date: Date) -> Day {
        Day(containing: date, in: environment.calendar)
    }
}
