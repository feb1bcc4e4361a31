import Foundation

/// Puts back what a backup holds, as one save and one undo step: every board with its id, title
/// and date, its lists, labels and projects (ids, fields, dates, lists and order), each project's
/// checklist and comments; or all of it, with new ids, on a new board.
///
/// ```swift
/// let boards = try await restoreBoards(backup)                               // as they were
/// let copy = try await restoreBoards(backup, intoNewBoardTitled: "Restored")  // beside them
/// ```
/// The default board of a backup is put back over the store's own (its title and date; the
/// backup's lists after any others it has, its labels, and its projects after what its lists
/// hold); every other board is made, the viewer's, with the backup's lists (its three standard
/// ones for a backup from before lists). An id the store already holds is refused by the store,
/// and nothing is saved.
///
/// A comment is kept by its author when the viewer wrote it, or when it was imported (by a name,
/// no account); another's comes back as an imported one, named by its author's name or account id.
public struct RestoreBoards: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case over `store`, stamping what it restores with `environment`'s clock and ids.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Restores every board of `backup` as it was.
    ///
    /// - Returns: The boards as saved, in the backup's order.
    /// - Throws: ``RepositoryError/invalid(_:)`` with the rules the first failing value breaks and
    ///   its place (``Backup/validate()``; a list or label name the store's default board has
    ///   already), and nothing is saved; ``RepositoryError/notFound(_:)`` when a project of a
    ///   backup from before lists has no open list of its stage to land in; what the store throws
    ///   for an id it already holds.
    /// - Complexity: O(*k* + *b* log *n*) for *k* lists, labels, projects, items and comments on
    ///   *b* boards, plus one save.
    public func callAsFunction(_ backup: Backup) async throws(RepositoryError) -> [Board] {
        try Self.check(backup)
        let now = environment.now()
        let makeID = environment.makeID
        return try await store.write { store throws(RepositoryError) in
            let ids = backup.boards.map(\.board.id)
            var plan = BackupRestorePlan(
                ChangeSet(UserAction(.restoreBoards(ids), at: now), undoOn: ids.first ?? .default),
                author: store.author, keepsIDs: true, makeID: makeID)
            var restored: [Board] = []
            for entry in backup.boards {
                let board: Board
                if entry.board.id == .default {
                    let existing = try store.board(id: .default)
                    board = Board(
                        id: .default, title: entry.board.title, createdAt: entry.board.createdAt, owner: existing.owner)
                    plan.changes.update(board)
                } else {
                    board = Board(
                        id: entry.board.id, title: entry.board.title, createdAt: entry.board.createdAt,
                        owner: store.author)
                    plan.changes.insert(board)
                }
                try plan.restore(entry, on: board.id, existing: board.id == .default, reading: store)
                restored.append(board)
            }
            guard !restored.isEmpty else { return (nil, []) }
            return (plan.changes, restored)
        }
    }

    /// Restores everything `backup` holds, with new ids, on a new board titled `title`, the
    /// viewer's: a copy beside what the store holds.
    ///
    /// The new board has the lists of the backup's boards in order, one for each title, stage and
    /// archived flag (a title taken by an open list of another stage gets a number: `Review (2)`),
    /// and their labels, one for each name and colour; every project lands in the list its own
    /// maps to, in the backup's order.
    ///
    /// - Returns: The new board.
    /// - Throws: ``RepositoryError/invalid(_:)`` when the title breaks the rules, or with the
    ///   rules the backup's first failing value breaks and its place (``Backup/validate()``).
    public func callAsFunction(_ backup: Backup, intoNewBoardTitled title: String) async throws(RepositoryError)
        -> Board
    {
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        try Self.check(backup)
        let now = environment.now()
        let makeID = environment.makeID
        let title = title.trimmingWhitespace
        return try await store.write { store throws(RepositoryError) in
            let board = Board(id: Board.ID(rawValue: makeID()), title: title, createdAt: now, owner: store.author)
            var plan = BackupRestorePlan(
                ChangeSet(UserAction(.restoreBoards([board.id]), at: now), undoOn: board.id), author: store.author,
                keepsIDs: false, makeID: makeID)
            plan.changes.insert(board)
            plan.changes.record(.boardCreated, title: board.title, on: board.id)
            try plan.copy(backup, onto: board.id)
            return (plan.changes, board)
        }
    }

    /// Every value of `backup` against the rules.
    private static func check(_ backup: Backup) throws(RepositoryError) {
        do {
            try backup.validate()
        } catch {
            throw .invalid(error)
        }
    }
}
