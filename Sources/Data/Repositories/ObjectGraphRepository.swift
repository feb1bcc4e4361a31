import Foundation
import ProjectManagerDomain

/// The Domain's project and board repositories, kept in an ``ObjectContext``.
///
/// Works over any store the context has: in memory for tests, a file for the app. Each method is
/// one unit of work: it changes the context and saves it, or leaves it as it was.
///
/// The default board is never written until something is saved on it, so reading a new store
/// writes nothing.
public actor ObjectGraphRepository: ProjectRepository, BoardRepository {
    private let context: ObjectContext
    private let defaultBoardCreatedAt = Date(timeIntervalSince1970: 0)

    /// A repository over a root context of ``Schema/projectManager``.
    public init(context: ObjectContext) {
        self.context = context
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
        var projects = BoardProjects(boardID: board, projects: try projects(onBoard: board))
        let result = try change(&projects)
        guard projects.hasChanges else { return result }
        let sorted = projects.changed.values.sorted { $0.id.rawValue.uuidString < $1.id.rawValue.uuidString }
        if let failures = sorted.lazy.map(\.draft.failures).first(where: { !$0.isEmpty }) {
            throw .invalid(ValidationError(failures))
        }
        try unitOfWork { () throws(ContextError) in
            try insertDefaultBoardIfNeeded(board)
            for id in projects.removed { try context.delete(Project.self, id: id) }
            for project in projects.changed.values {
                if context.object(Project.self, id: project.id) == nil {
                    try context.insert(project)
                } else {
                    try context.update(project)
                }
            }
        }
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
