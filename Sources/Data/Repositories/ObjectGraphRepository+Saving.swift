import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {

    /// Runs `decide` on the graph as it is, on this actor, so that nothing else is written
    /// between its reads and its save; then writes every change and history entry of the change
    /// set it returns, in order, as one save and one undo step of its board. On any error nothing
    /// is written.
    ///
    /// - Throws: What `decide` throws; ``RepositoryError/notFound(_:)`` for an object written or
    ///   deleted that does not exist, ``RepositoryError/invalid(_:)`` for one that breaks the
    ///   store's rules, ``RepositoryError/storage(_:)``.
    /// - Complexity: `decide`'s reads, then O(*k* log *n*) for *k* changes in tables of *n*
    ///   objects, plus one save (whatever deleting a board cascades to).
    public func write<Result: Sendable>(
        _ decide: @Sendable (any StoreReading) throws(RepositoryError) -> (changes: ChangeSet?, result: Result)
    ) throws(RepositoryError) -> Result {
        let (changes, result) = try decide(reader)
        if let changes, !changes.isEmpty { try commit(changes) }
        return result
    }

    private func commit(_ changes: ChangeSet) throws(RepositoryError) {
        // A project lands on a board that exists, or that the same save makes: say which one is
        // missing, as a read would.
        var made: Set<Board.ID> = []
        var listed: Set<Board.ID> = []
        for change in changes.changes {
            switch change {
            case .insertBoard(let board): made.insert(board.id)
            case .insertProject(let project), .updateProject(let project):
                if !made.contains(project.boardID) { _ = try board(id: project.boardID) }
            case .insertList(let list), .updateList(let list):
                if !made.contains(list.boardID) { _ = try board(id: list.boardID) }
                // A list stays on the board it was made on.
                if let stored = context.object(BoardList.self, id: list.id), stored.boardID != list.boardID {
                    throw .notFound(.list(list.id))
                }
                listed.insert(list.boardID)
            case .insertLabel(let label), .updateLabel(let label), .deleteLabel(let label):
                if !made.contains(label.boardID) { _ = try board(id: label.boardID) }
                // A label stays on the board it was made on.
                if let stored = context.object(Label.self, id: label.id), stored.boardID != label.boardID {
                    throw .invalid(ValidationError([.brokenRule("label \(label.id) is on another board")]))
                }
            default: break
            }
        }
        let date = changes.action.date
        try unitOfWork(on: changes.undoBoard, touchesDefaultBoard: Self.touchesDefaultBoard(changes), at: date) {
            () throws(ContextError) in
            // A board's first change to its lists writes its standard lists, which until then
            // stood without being stored; a board made in the same save has the lists it writes.
            for board in listed.subtracting(made) {
                let stored = context.objects(
                    BoardList.self, ordering: BoardList.ordering, group: board, offset: 0, limit: 1)
                if stored.isEmpty { for list in BoardList.standard(on: board) { try context.insert(list) } }
            }
            try apply(changes.changes)
            for entry in changes.entries {
                try record(
                    entry.kind, title: entry.title, project: entry.project, on: entry.board, at: date,
                    by: changes.action.authorName)
            }
        }
    }

    /// Applies `changes` in order; a run of new cards (an import) goes in as one batch.
    private func apply(_ changes: [ChangeSet.Change]) throws(ContextError) {
        var batch: [Project] = []
        func flush() throws(ContextError) {
            guard !batch.isEmpty else { return }
            if batch.count == 1 { try context.insert(batch[0]) } else { try context.insert(contentsOf: batch) }
            batch.removeAll()
        }
        for change in changes {
            if case .insertProject(let project) = change {
                batch.append(project)
                continue
            }
            try flush()
            try apply(change)
        }
        try flush()
    }

    private func apply(_ change: ChangeSet.Change) throws(ContextError) {
        switch change {
        case .insertProject(let project): try context.insert(project)
        case .updateProject(let project): try context.update(project)
        case .deleteProject(let id): try context.delete(Project.self, id: id)
        case .insertBoard(let board): try context.insert(board)
        case .updateBoard(let board): try context.update(board)
        case .deleteBoard(let id): try context.delete(Board.self, id: id)
        case .insertFavourite(let favourite): try context.insert(FavouriteRecord(favourite))
        case .updateFavourite(let favourite): try context.update(FavouriteRecord(favourite))
        case .deleteFavourite(let id): try context.delete(FavouriteRecord.self, id: id)
        case .insertList(let list):
            if list.id.standardStage(on: list.boardID) != nil, context.object(BoardList.self, id: list.id) != nil {
                try context.update(list)
            } else {
                try context.insert(list)
            }
        case .updateList(let list): try context.update(list)
        case .insertLabel(let label): try context.insert(label)
        case .updateLabel(let label): try context.update(label)
        case .deleteLabel(let label): try context.delete(Label.self, id: label.id)
        case .insertChecklistItem(let item): try context.insert(item)
        case .updateChecklistItem(let item): try context.update(item)
        case .deleteChecklistItem(let id): try context.delete(ChecklistItem.self, id: id)
        case .insertComment(let comment): try context.insert(comment)
        case .updateComment(let comment): try context.update(comment)
        case .deleteComment(let id): try context.delete(Comment.self, id: id)
        }
    }

    /// Runs `work` on the context and saves it as one undo step of `board`; on any error, rolls
    /// the context back and takes back the sequence numbers it used. The default board, when it
    /// is touched (`touchesDefaultBoard`) and was never saved, is written first, made at `date` (the action's: the
    /// first save that writes it), or as it read when no date is given.
    func unitOfWork(
        on board: Board.ID, touchesDefaultBoard: Bool = false, at date: Date? = nil,
        _ work: () throws(ContextError) -> Void
    ) throws(RepositoryError) {
        let sequence = nextSequence
        try mapped { () throws(ContextError) in
            do throws(ContextError) {
                if board == .default || touchesDefaultBoard, context.object(Board.self, id: .default) == nil {
                    try context.insert(
                        Board(
                            id: .default, title: Board.defaultTitle, createdAt: date ?? Self.defaultBoard.createdAt))
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

    /// Whether `changes` touch the default board (so that it is written first, if never saved).
    static func touchesDefaultBoard(_ changes: ChangeSet) -> Bool {
        var touches = false
        changes.forEachBoard { if $0 == .default { touches = true } }
        return touches
    }
}
