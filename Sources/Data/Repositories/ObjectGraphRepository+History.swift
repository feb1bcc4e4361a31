import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {
    /// Adds an activity to a board's history, numbered next.
    func record(
        _ kind: Activity.Kind, title: String, project: Project.ID?, on board: Board.ID, at date: Date,
        by author: String?
    ) throws(ContextError) {
        let activity = Activity(
            id: ActivityRecord.id(sequence: nextSequence), boardID: board, projectID: project,
            projectTitle: title, kind: kind, date: date, author: historyAuthor(author))
        try context.insert(ActivityRecord(activity, sequence: nextSequence))
        nextSequence += 1
    }

    public func activities(onBoard board: Board.ID, limit: Int?) throws(RepositoryError) -> [Activity] {
        _ = try self.board(id: board)
        let count = context.count(ActivityRecord.self, ordering: ActivityRecord.history, group: board)
        let wanted = min(limit.map { max($0, 0) } ?? count, count)
        let records = context.objects(
            ActivityRecord.self, ordering: ActivityRecord.history, group: board, offset: count - wanted, limit: wanted)
        // Entries of one number come from replicas that did them at once (the number is a Lamport
        // clock): each device's ids for them differ, so they are ordered by what they hold.
        return records.sorted(by: ActivityRecord.precedes).reversed().map(\.activity)
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
}
