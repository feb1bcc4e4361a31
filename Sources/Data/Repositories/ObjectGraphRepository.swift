import Foundation
import ProjectManagerDomain

/// The Domain's project and board repositories, kept in an ``ObjectContext``.
///
/// Works over any store the context has: in memory for tests, a file for the app. Each method is
/// one unit of work: it changes the context and saves it, or leaves it as it was.
///
/// The default board is never written until something is saved on it, so reading a new store
/// writes nothing.
public actor ObjectGraphRepository: ProjectRepository, BoardRepository, HistoryRepository, ProjectEditingRepository {
    private let context: ObjectContext
    private let environment: EngineEnvironment
    private let defaultBoardCreatedAt = Date(timeIntervalSince1970: 0)
    /// The sequence number of the next activity.
    private var nextSequence: Int

    /// A repository over a root context of ``Schema/projectManager``; `environment` stamps and
    /// identifies the activities it records.
    ///
    /// - Complexity: O(*a*) for *a* activities in the store, to find the next sequence number.
    public init(context: ObjectContext, environment: EngineEnvironment) {
        self.context = context
        self.environment = environment
        nextSequence = context.reduce(ActivityRecord.self, into: 0) { $0 = max($0, $1.sequence) } + 1
    }

    // MARK: - Projects

    public func project(id: Project.ID) throws(RepositoryError) -> Project {
        guard let project = context.object(Project.self, id: id) else { throw .notFound(.project(id)) }
        return project
    }

    public func projects(onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
        _ = try self.board(id: board)
        return context.objects(Project.self, where: \.boardID, is: board)
    }

    public func updateProjects<Result: Sendable>(
        onBoard board: Board.ID,
        _ change: @Sendable (inout BoardProjects) throws(RepositoryError) -> Result
    ) throws(RepositoryError) -> Result {
        let before = try projects(onBoard: board)
        var projects = BoardProjects(boardID: board, projects: before)
        let result = try change(&projects)
        guard projects.hasChanges else { return result }
        let failures = projects.changed.values.sorted { ($0.state, $0.position) < ($1.state, $1.position) }
            .flatMap(\.draft.failures)
        if !failures.isEmpty { throw .invalid(ValidationError(failures)) }
        let old = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0) })
        let now = environment.now()
        var sequence = nextSequence
        try unitOfWork { () throws(ContextError) in
            try insertDefaultBoardIfNeeded(board)
            for id in projects.removed.sorted(by: { $0.rawValue.uuidString < $1.rawValue.uuidString }) {
                try record(old[id], nil, on: board, wasMoved: false, at: now, sequence: &sequence)
                try context.delete(Project.self, id: id)
            }
            for project in projects.changed.values.sorted(by: { ($0.state, $0.position) < ($1.state, $1.position) }) {
                try record(
                    old[project.id], project, on: board, wasMoved: projects.moved.contains(project.id),
                    at: now, sequence: &sequence)
                if context.object(Project.self, id: project.id) == nil {
                    try context.insert(project)
                } else {
                    try context.update(project)
                }
            }
        }
        nextSequence = sequence
        return result
    }

    public nonisolated func changes() -> AsyncStream<RepositoryChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: RepositoryChange.self)
        let source = context.changeStream()
        let task = Task {
            for await change in source {
                continuation.yield(RepositoryChange(
                    inserted: Self.references(change.inserted), updated: Self.references(change.updated),
                    deleted: Self.references(change.deleted)))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
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

    /// Adds the activity a change of a project stands for, if any.
    private func record(
        _ old: Project?, _ new: Project?, on board: Board.ID, wasMoved: Bool, at date: Date, sequence: inout Int
    ) throws(ContextError) {
        guard let project = new ?? old, let kind = ActivityRecord.kind(from: old, to: new, wasMoved: wasMoved) else {
            return
        }
        let activity = Activity(
            id: ActivityRecord.id(sequence: sequence), boardID: board, projectID: project.id,
            projectTitle: project.title, kind: kind, date: date)
        try context.insert(ActivityRecord(activity, sequence: sequence))
        sequence += 1
    }

    public func activities(onBoard board: Board.ID, limit: Int?) throws(RepositoryError) -> [Activity] {
        _ = try self.board(id: board)
        let records = context.objects(ActivityRecord.self, where: \.boardID, is: board)
            .sorted { $0.sequence > $1.sequence }
        return records.prefix(limit ?? records.count).map(\.activity)
    }

    public func undoStatus() -> UndoStatus {
        let steps = context.undoStepObjects(ActivityRecord.self)
        return UndoStatus(
            canUndo: context.canUndo, canRedo: context.canRedo,
            undoActivities: steps.undo.sorted { $0.sequence > $1.sequence }.map(\.activity),
            redoActivities: steps.redo.sorted { $0.sequence > $1.sequence }.map(\.activity))
    }

    public func undo() throws(RepositoryError) -> UndoStatus {
        try mapped { () throws(ContextError) in try context.undo() }
        return undoStatus()
    }

    public func redo() throws(RepositoryError) -> UndoStatus {
        try mapped { () throws(ContextError) in try context.redo() }
        return undoStatus()
    }

    // MARK: - Editing

    public func beginEditing(_ id: Project.ID) throws(RepositoryError) -> any ProjectEditing {
        let original = try project(id: id)
        return ContextProjectEditing(
            original: original, scratch: context.newChildContext(), repository: self, environment: environment)
    }

    // MARK: - Boards

    public func boards() throws(RepositoryError) -> [Board] {
        var boards = try mapped { () throws(ContextError) in
            try context.fetch(FetchRequest<Board>(sortBy: [SortDescriptor(\.createdAt)]))
        }
        if !boards.contains(where: { $0.id == .default }) { boards.insert(defaultBoard, at: 0) }
        return boards
    }

    public func board(id: Board.ID) throws(RepositoryError) -> Board {
        if let board = context.object(Board.self, id: id) { return board }
        if id == .default { return defaultBoard }
        throw .notFound(.board(id))
    }

    public func insert(_ board: Board) throws(RepositoryError) {
        try unitOfWork { () throws(ContextError) in try context.insert(board) }
    }

    public func update(_ board: Board) throws(RepositoryError) {
        _ = try self.board(id: board.id)
        try unitOfWork { () throws(ContextError) in
            if context.object(Board.self, id: board.id) == nil {
                try context.insert(board)
            } else {
                try context.update(board)
            }
        }
    }

    public func deleteBoard(id: Board.ID) throws(RepositoryError) {
        guard id != .default else { throw .defaultBoardIsPermanent }
        _ = try board(id: id)
        try unitOfWork { () throws(ContextError) in try context.delete(Board.self, id: id) }
    }

    // MARK: - Units of work

    private var defaultBoard: Board {
        Board(id: .default, title: Board.defaultTitle, createdAt: defaultBoardCreatedAt)
    }

    private func insertDefaultBoardIfNeeded(_ id: Board.ID) throws(ContextError) {
        if id == .default, context.object(Board.self, id: id) == nil { try context.insert(defaultBoard) }
    }

    /// Runs `work` on the context and saves; on any error, rolls the context back.
    private func unitOfWork(_ work: () throws(ContextError) -> Void) throws(RepositoryError) {
        try mapped { () throws(ContextError) in
            do throws(ContextError) {
                try work()
                try context.save()
            } catch {
                context.rollback()
                throw error
            }
        }
    }

    private func mapped<T>(_ work: () throws(ContextError) -> T) throws(RepositoryError) -> T {
        do {
            return try work()
        } catch {
            throw Self.repositoryError(error)
        }
    }

    static func repositoryError(_ error: ContextError) -> RepositoryError {
        switch error {
        case .objectNotFound(let id) where id.entityName == Project.entityName:
            .notFound(.project(Project.ID(rawValue: id.uuid)))
        case .objectNotFound(let id) where id.entityName == Board.entityName:
            .notFound(.board(Board.ID(rawValue: id.uuid)))
        default:
            .storage(reason: error.description)
        }
    }
}
