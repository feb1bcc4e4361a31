import Foundation
import ProjectManagerDomain

/// The Domain's project, board and history repositories, kept in an ``ObjectContext``.
///
/// Works over any store the context has: in memory for tests, a file for the app. Each method is
/// one unit of work: it changes the context and saves it, or leaves it as it was. A one-card
/// operation finds the card's neighbours through the ordered index of its column
/// (``ProjectColumn``) and writes that card and its activity, nothing else; the history is read
/// from the ordered index of each board's activities.
///
/// Each save is one undo step of its board, so undo on one board never changes another.
/// The default board is never written until something is saved on it, so reading a new store
/// writes nothing.
public actor ObjectGraphRepository: ProjectRepository, BoardRepository, HistoryRepository, ProjectEditingRepository {
    let context: ObjectContext
    private let environment: EngineEnvironment
    private let defaultBoardCreatedAt = Date(timeIntervalSince1970: 0)
    /// The sequence number of the next activity.
    private var nextSequence: Int

    /// A repository over a root context of ``Schema/projectManager``; `environment` stamps and
    /// identifies the activities it records.
    ///
    /// - Complexity: O(*b*) for *b* boards: the next sequence number is the largest of the last
    ///   activity of each board's history.
    public init(context: ObjectContext, environment: EngineEnvironment) {
        self.context = context
        self.environment = environment
        nextSequence = (context.lastObjects(ActivityRecord.self, ordering: ActivityRecord.history).map(\.sequence).max() ?? 0) + 1
    }

    // MARK: - Reading projects

    public func project(id: Project.ID) throws(RepositoryError) -> Project {
        try requireOpen()
        guard let project = context.object(Project.self, id: id) else { throw .notFound(.project(id)) }
        return project
    }

    public func place(of id: Project.ID) throws(RepositoryError) -> ProjectPlace {
        let project = try project(id: id)
        let column = ProjectColumn(project.boardID, project.state)
        return ProjectPlace(
            state: project.state, index: context.position(of: project, ordering: ProjectColumn.ordering) ?? 0,
            count: count(of: column))
    }

    public func column(
        _ state: ProjectState, onBoard board: Board.ID, offset: Int, limit: Int?
    ) throws(RepositoryError) -> ColumnWindow {
        _ = try self.board(id: board)
        let column = ProjectColumn(board, state)
        let start = max(offset, 0)
        let projects = context.objects(Project.self, ordering: ProjectColumn.ordering, group: column, offset: start, limit: limit)
        return ColumnWindow(state: state, offset: start, projects: projects, count: count(of: column))
    }

    private func count(of column: ProjectColumn) -> Int {
        context.count(Project.self, ordering: ProjectColumn.ordering, group: column)
    }

    /// The project at `index` of a column, if any.
    private func project(at index: Int, in column: ProjectColumn) -> Project? {
        guard index >= 0 else { return nil }
        return context.objects(Project.self, ordering: ProjectColumn.ordering, group: column, offset: index, limit: 1).first
    }

    /// Where a project put at gap `index` of a column would go, counting without `moving`: the
    /// gap's index, the rank between its neighbours, and whether that is where `moving` stands.
    ///
    /// - Complexity: O(log *n*) for a column of *n* projects.
    private func gap(
        at index: Int?, in column: ProjectColumn, moving: Project?
    ) -> (index: Int, rank: Rank, isCurrentPlace: Bool) {
        let current = moving.flatMap { moving -> Int? in
            guard ProjectColumn(moving.boardID, moving.state) == column else { return nil }
            return context.position(of: moving, ordering: ProjectColumn.ordering)
        }
        let count = count(of: column) - (current == nil ? 0 : 1)
        let gap = min(max(index ?? count, 0), count)
        if let current, current == gap, let moving { return (gap, moving.rank, true) }
        // Indexes in the column without `moving`, as indexes in the column.
        func stored(_ index: Int) -> Int { if let current, index >= current { index + 1 } else { index } }
        let lower = gap > 0 ? project(at: stored(gap - 1), in: column) : nil
        let upper = gap < count ? project(at: stored(gap), in: column) : nil
        return (gap, Rank.between(lower?.rank, upper?.rank), false)
    }

    // MARK: - Writing projects

    public func insert(_ project: Project, at index: Int?) throws(RepositoryError) -> Project {
        _ = try board(id: project.boardID)
        var project = project
        project.rank = gap(at: index, in: ProjectColumn(project.boardID, project.state), moving: nil).rank
        let saved = project
        try unitOfWork(on: project.boardID) { () throws(ContextError) in
            try context.insert(saved)
            try record(.added(saved.state), of: saved)
        }
        return project
    }

    public func insert(_ projects: [Project]) throws(RepositoryError) -> [Project] {
        guard let board = projects.first?.boardID else { return [] }
        for id in Set(projects.map(\.boardID)) { _ = try self.board(id: id) }
        var last: [ProjectColumn: Rank] = [:]
        var placed: [Project] = []
        placed.reserveCapacity(projects.count)
        for var project in projects {
            let column = ProjectColumn(project.boardID, project.state)
            let before = last[column] ?? context.object(
                Project.self, ordering: ProjectColumn.ordering, group: column, fromEnd: 0)?.rank
            project.rank = before.map(Rank.after) ?? .initial
            last[column] = project.rank
            placed.append(project)
        }
        let batch = placed
        try unitOfWork(on: board) { () throws(ContextError) in
            for project in batch { try context.insert(project) }
            for (column, count) in Dictionary(grouping: batch, by: { ProjectColumn($0.boardID, $0.state) }).mapValues(\.count) {
                try record(.imported(count: count, column.state), title: "", project: nil, on: column.board)
            }
        }
        return placed
    }

    public func move(
        _ id: Project.ID, to state: ProjectState, at index: Int?, now: Date
    ) throws(RepositoryError) -> ProjectChange {
        var project = try project(id: id)
        if state == .done, project.state != .done,
           let next = project.nextOccurrenceAfterCompleting(today: day(of: now)) {
            return try completeOccurrence(of: project, next: next, now: now)
        }
        let from = project.state
        let gap = gap(at: index, in: ProjectColumn(project.boardID, state), moving: project)
        if gap.isCurrentPlace { return ProjectChange(project: project, isChanged: false) }
        project.state = state
        project.rank = gap.rank
        project.updatedAt = now
        let moved = project
        try unitOfWork(on: project.boardID) { () throws(ContextError) in
            try context.update(moved)
            try record(from == state ? .reordered(state) : .moved(from: from, to: state), of: moved)
        }
        return ProjectChange(project: project, isChanged: true)
    }

    /// The move is one undo step of the board the project leaves, where it was begun: undoing
    /// there puts the project back, unless a later change on the other board touched it
    /// (``RepositoryError/undoConflict(_:)``). A starred project's star moves with it.
    public func move(
        _ id: Project.ID, toBoard board: Board.ID, in state: ProjectState?, at index: Int?, now: Date
    ) throws(RepositoryError) -> ProjectChange {
        var project = try project(id: id)
        let state = state ?? project.state
        guard board != project.boardID else { return try move(id, to: state, at: index, now: now) }
        let source = try self.board(id: project.boardID)
        let destination = try self.board(id: board)
        let from = project.state
        // A repeating project moved into Done completes its occurrence there, as on its own board:
        // it lands last in the other board's To Do, due on the next occurrence.
        var completed: (day: Day, next: Day)?
        if state == .done, from != .done, let next = project.nextOccurrenceAfterCompleting(today: day(of: now)) {
            completed = (project.deadline ?? next, next)
        }
        let landing = completed == nil ? state : .todo
        project.boardID = destination.id
        project.state = landing
        project.deadline = completed?.next ?? project.deadline
        project.rank = gap(at: completed == nil ? index : nil, in: ProjectColumn(destination.id, landing), moving: nil).rank
        project.updatedAt = now
        let moved = project
        // A star goes with its project, so that it stays on the project's board.
        let star = context.object(FavouriteRecord.self, id: Favourite.Target.project(id).favouriteID).map {
            FavouriteRecord(Favourite(.project(id), onBoard: destination.id, starredAt: $0.starredAt))
        }
        try unitOfWork(on: source.id, alsoOn: destination.id) { () throws(ContextError) in
            try context.update(moved)
            if let star { try context.update(star) }
            try record(
                .movedToBoard(destination.id, title: destination.title, from: from, to: landing),
                title: moved.title, project: moved.id, on: source.id)
            try record(.movedFromBoard(source.id, title: source.title, from: from, to: landing), of: moved)
            if let completed { try record(.occurrenceCompleted(completed.day, next: completed.next), of: moved) }
        }
        return ProjectChange(project: project, isChanged: true)
    }

    public func edit(_ id: Project.ID, to draft: ProjectDraft, now: Date) throws(RepositoryError) -> ProjectChange {
        let current = try project(id: id)
        guard current.draft != draft else { return ProjectChange(project: current, isChanged: false) }
        var project = try current.applying(draft, today: day(of: now))
        project.updatedAt = now
        let edited = project
        try unitOfWork(on: project.boardID) { () throws(ContextError) in
            try context.update(edited)
            try record(.edited, of: edited)
        }
        return ProjectChange(project: project, isChanged: true)
    }

    /// A repeating project's occurrence done: the card goes back to To Do (where it stands when it
    /// is there, else last), due on `next`.
    private func completeOccurrence(of project: Project, next: Day, now: Date) throws(RepositoryError) -> ProjectChange {
        var project = project
        let completed = project.deadline ?? next
        if project.state != .todo {
            project.rank = gap(at: nil, in: ProjectColumn(project.boardID, .todo), moving: project).rank
        }
        (project.state, project.deadline, project.updatedAt) = (.todo, next, now)
        let saved = project
        try unitOfWork(on: project.boardID) { () throws(ContextError) in
            try context.update(saved)
            try record(.occurrenceCompleted(completed, next: next), of: saved)
        }
        return ProjectChange(project: project, isChanged: true)
    }

    public func skipOccurrence(_ id: Project.ID, now: Date) throws(RepositoryError) -> ProjectChange {
        var project = try project(id: id)
        let skip = try project.skippingOccurrence(today: day(of: now))
        project.recurrence = skip.recurrence
        if let next = skip.next {
            project.deadline = next
        } else {
            project.rank = gap(at: nil, in: ProjectColumn(project.boardID, .done), moving: project).rank
            project.state = .done
        }
        project.updatedAt = now
        let saved = project
        try unitOfWork(on: project.boardID) { () throws(ContextError) in
            try context.update(saved)
            try record(.occurrenceSkipped(skip.skipped, next: skip.next), of: saved)
        }
        return ProjectChange(project: project, isChanged: true)
    }

    /// The user's day at `date`.
    private func day(of date: Date) -> Day {
        Day(containing: date, in: environment.calendar)
    }

    public func delete(_ id: Project.ID) throws(RepositoryError) -> Project {
        let project = try project(id: id)
        try unitOfWork(on: project.boardID) { () throws(ContextError) in
            try record(.deleted(project.state), of: project)
            try context.delete(Project.self, id: id)
        }
        return project
    }

    public nonisolated func changes() -> AsyncStream<RepositoryChange> {
        // The transform runs as each save ends, so it reads each project's board as saved (the
        // new one after a move to another board). The context is held weakly: it holds the transform.
        context.changeStream { [weak context] change in
            var boards: [Project.ID: Board.ID] = [:]
            for id in change.inserted.union(change.updated) where id.entityName == Project.entityName {
                let project = Project.ID(rawValue: id.uuid)
                boards[project] = context?.object(Project.self, id: project)?.boardID
            }
            return RepositoryChange(
                inserted: Self.references(change.inserted), updated: Self.references(change.updated),
                deleted: Self.references(change.deleted), projectBoards: boards,
                favourites: Set(change.inserted.union(change.updated).union(change.deleted).compactMap { id in
                    id.entityName == FavouriteRecord.entityName ? Favourite.ID(rawValue: id.uuid) : nil
                }))
        }
    }

    private static func references(_ ids: Set<ObjectID>) -> Set<EntityReference> {
        Set(ids.compactMap { id in
            switch id.entityName {
            case Project.entityName: .project(Project.ID(rawValue: id.uuid))
            case Board.entityName: .board(Board.ID(rawValue: id.uuid))
            default: nil
            }
        })
    }

    // MARK: - History

    func record(_ kind: Activity.Kind, of project: Project) throws(ContextError) {
        try record(kind, title: project.title, project: project.id, on: project.boardID)
    }

    /// Adds an activity to a board's history.
    func record(
        _ kind: Activity.Kind, title: String, project: Project.ID?, on board: Board.ID
    ) throws(ContextError) {
        let activity = Activity(
            id: ActivityRecord.id(sequence: nextSequence), boardID: board, projectID: project,
            projectTitle: title, kind: kind, date: environment.now())
        try context.insert(ActivityRecord(activity, sequence: nextSequence))
        nextSequence += 1
    }

    public func activities(onBoard board: Board.ID, limit: Int?) throws(RepositoryError) -> [Activity] {
        _ = try self.board(id: board)
        let count = context.count(ActivityRecord.self, ordering: ActivityRecord.history, group: board)
        let wanted = min(limit.map { max($0, 0) } ?? count, count)
        let records = context.objects(
            ActivityRecord.self, ordering: ActivityRecord.history, group: board, offset: count - wanted, limit: wanted)
        return records.reversed().map(\.activity)
    }

    public func undoStatus(onBoard board: Board.ID) -> UndoStatus {
        let scope = Self.undoScope(board)
        let steps = context.undoStepObjects(ActivityRecord.self, scope: scope)
        return UndoStatus(
            canUndo: context.canUndo(scope: scope), canRedo: context.canRedo(scope: scope),
            undoActivities: steps.undo.sorted { $0.sequence > $1.sequence }.map(\.activity),
            redoActivities: steps.redo.sorted { $0.sequence > $1.sequence }.map(\.activity))
    }

    public func undo(onBoard board: Board.ID) throws(RepositoryError) -> UndoStatus {
        try mapped { () throws(ContextError) in try context.undo(scope: Self.undoScope(board)) }
        return undoStatus(onBoard: board)
    }

    public func redo(onBoard board: Board.ID) throws(RepositoryError) -> UndoStatus {
        try mapped { () throws(ContextError) in try context.redo(scope: Self.undoScope(board)) }
        return undoStatus(onBoard: board)
    }

    /// The undo scope of a board's changes.
    private static func undoScope(_ board: Board.ID) -> String { board.description }

    // MARK: - Editing

    public func beginEditing(_ id: Project.ID) throws(RepositoryError) -> any ProjectEditing {
        ScratchProjectEditing(original: try project(id: id), repository: self, environment: environment)
    }

    // MARK: - Boards

    public func boards() throws(RepositoryError) -> [Board] {
        try requireOpen()
        var boards = try mapped { () throws(ContextError) in
            try context.fetch(FetchRequest<Board>(sortBy: [SortDescriptor(\.createdAt)]))
        }
        if !boards.contains(where: { $0.id == .default }) { boards.insert(defaultBoard, at: 0) }
        return boards
    }

    public func board(id: Board.ID) throws(RepositoryError) -> Board {
        try requireOpen()
        if let board = context.object(Board.self, id: id) { return board }
        if id == .default { return defaultBoard }
        throw .notFound(.board(id))
    }

    /// Saves the board as given, its owner too.
    @discardableResult
    public func insert(_ board: Board) throws(RepositoryError) -> Board {
        try unitOfWork(on: board.id) { () throws(ContextError) in
            try context.insert(board)
            try record(.boardCreated, title: board.title, project: nil, on: board.id)
        }
        return board
    }

    public func update(_ board: Board) throws(RepositoryError) {
        let old = try self.board(id: board.id)
        guard old != board else { return }
        try unitOfWork(on: board.id) { () throws(ContextError) in
            if context.object(Board.self, id: board.id) == nil {
                try context.insert(board)
            } else {
                try context.update(board)
            }
            if old.title != board.title {
                try record(.boardRenamed(from: old.title), title: board.title, project: nil, on: board.id)
            }
        }
    }

    public func deleteBoard(id: Board.ID) throws(RepositoryError) {
        guard id != .default else { throw .defaultBoardIsPermanent }
        let board = try board(id: id)
        // The board's history goes with it, so its deletion is recorded, and undone, on a board
        // whoever sees this one keeps: the default board for a board of no account, the account's
        // oldest other board for an account's, so that no one else sees or undoes it.
        let keeper: Board.ID
        if let owner = board.owner {
            guard let other = try boards().first(where: { $0.owner == owner && $0.id != id }) else {
                throw .lastBoardIsPermanent
            }
            keeper = other.id
        } else {
            keeper = .default
        }
        try unitOfWork(on: keeper) { () throws(ContextError) in
            try context.delete(Board.self, id: id)
            try record(.boardDeleted, title: board.title, project: nil, on: keeper)
        }
    }

    // MARK: - Units of work

    private var defaultBoard: Board {
        Board(id: .default, title: Board.defaultTitle, createdAt: defaultBoardCreatedAt)
    }

    /// Runs `work` on the context and saves it as one undo step of `board`; on any error, rolls
    /// the context back and takes back the sequence numbers it used. The default board is
    /// written first when `board` or `other` is the default board and it was never saved.
    func unitOfWork(
        on board: Board.ID, alsoOn other: Board.ID? = nil, _ work: () throws(ContextError) -> Void
    ) throws(RepositoryError) {
        let sequence = nextSequence
        try mapped { () throws(ContextError) in
            do throws(ContextError) {
                if board == .default || other == .default, context.object(Board.self, id: .default) == nil {
                    try context.insert(defaultBoard)
                }
                try work()
                try context.save(undoScope: Self.undoScope(board))
            } catch {
                context.rollback()
                nextSequence = sequence
                throw error
            }
        }
    }

    /// Throws once the engine closed the store: every call after `close()` fails, reads too.
    private func requireOpen() throws(RepositoryError) {
        try mapped { () throws(ContextError) in try context.requireOpenStore() }
    }

    func mapped<T>(_ work: () throws(ContextError) -> T) throws(RepositoryError) -> T {
        do {
            return try work()
        } catch {
            throw Self.repositoryError(error)
        }
    }

    static func repositoryError(_ error: ContextError) -> RepositoryError {
        switch error {
        case .objectNotFound(let id): .notFound(reference(to: id))
        case .undoConflict(let id): .undoConflict(reference(to: id))
        case .store(let error): .storage(error)
        case .validationFailed(let issues): .invalid(ValidationError(issues.map { .brokenRule($0.description) }))
        case .objectExists, .uniquenessConflict, .unsavedChanges, .fetchFailed:
            .invalid(ValidationError([.brokenRule(error.description)]))
        }
    }

    private static func reference(to id: ObjectID) -> EntityReference {
        id.entityName == Board.entityName ? .board(Board.ID(rawValue: id.uuid)) : .project(Project.ID(rawValue: id.uuid))
    }
}
