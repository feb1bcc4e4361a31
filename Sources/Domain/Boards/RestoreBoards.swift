import Foundation

/// Puts back what a backup holds, as one save and one undo step: every board with its id, title
/// and date, and every project with its id, fields, dates, column and order; or every project, with
/// new ids, on a new board.
///
/// ```swift
/// let boards = try await restoreBoards(backup)                               // as they were
/// let copy = try await restoreBoards(backup, intoNewBoardTitled: "Restored")  // beside them
/// ```
/// The default board of a backup is put back over the store's own (its title and date); every other
/// board is made, the viewer's. An id the store already holds is refused by the store, and nothing
/// is saved.
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
    /// - Throws: ``RepositoryError/invalid(_:)`` with the rules the first failing board or project
    ///   breaks (nothing is saved); what the store throws for an id it already holds.
    /// - Complexity: O(*k* + *b* log *n*) for *k* projects on *b* boards, plus one save.
    public func callAsFunction(_ backup: Backup) async throws(RepositoryError) -> [Board] {
        try Self.check(backup)
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            let ids = backup.boards.map(\.board.id)
            var changes = ChangeSet(UserAction(.restoreBoards(ids), at: now), undoOn: ids.first ?? .default)
            var restored: [Board] = []
            for entry in backup.boards {
                let board: Board
                if entry.board.id == .default {
                    let existing = try store.board(id: .default)
                    board = Board(
                        id: .default, title: entry.board.title, createdAt: entry.board.createdAt, owner: existing.owner)
                    changes.update(board)
                } else {
                    board = Board(
                        id: entry.board.id, title: entry.board.title, createdAt: entry.board.createdAt,
                        owner: store.author)
                    changes.insert(board)
                }
                try Self.place(
                    entry.projects, on: board.id, after: board.id == .default, newIDs: nil, in: &changes, reading: store
                )
                restored.append(board)
            }
            guard !restored.isEmpty else { return (nil, []) }
            return (changes, restored)
        }
    }

    /// Restores every project of `backup`, with new ids, on a new board titled `title`, the
    /// viewer's: a copy beside what the store holds.
    ///
    /// - Returns: The new board.
    /// - Throws: ``RepositoryError/invalid(_:)`` when the title or a project breaks the rules.
    public func callAsFunction(_ backup: Backup, intoNewBoardTitled title: String) async throws(RepositoryError)
        -> Board
    {
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        try Self.check(backup.projects)
        let now = environment.now()
        let environment = environment
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await store.write { store throws(RepositoryError) in
            let board = Board(
                id: Board.ID(rawValue: environment.makeID()), title: title, createdAt: now, owner: store.author)
            var changes = ChangeSet(UserAction(.restoreBoards([board.id]), at: now), undoOn: board.id)
            changes.insert(board)
            changes.record(.boardCreated, title: board.title, on: board.id)
            try Self.place(
                backup.projects, on: board.id, after: false, newIDs: { Project.ID(rawValue: environment.makeID()) },
                in: &changes, reading: store)
            return (changes, board)
        }
    }

    /// Adds `projects` to their columns on `board`, in order (after what the columns hold, when
    /// `existing`), and records each column's import in the board's history.
    /// - Parameter newIDs: Makes each project a new id; `nil` keeps the backup's.
    private static func place(
        _ projects: [Project], on board: Board.ID, after existing: Bool, newIDs: (() -> Project.ID)?,
        in changes: inout ChangeSet, reading store: any StoreReading
    ) throws(RepositoryError) {
        var last: [ProjectState: Rank] = [:]
        var counts: [ProjectState: Int] = [:]
        // A board restored as new has its standard lists; one that exists lands each project in
        // its first open list of the project's stage.
        var lands: [ProjectState: BoardList] = [:]
        for list in existing ? try store.lists(onBoard: board) : BoardList.standard(on: board) {
            if !list.isArchived, lands[list.stage] == nil { lands[list.stage] = list }
        }
        for project in projects {
            guard let list = lands[project.state] else { throw .notFound(.list(.standard(on: board, project.state))) }
            if counts[project.state] == nil, existing {
                last[project.state] = try store.gap(at: nil, inList: list.id, onBoard: board, moving: nil).before
            }
            let rank = last[project.state].map(Rank.after) ?? .initial
            last[project.state] = rank
            counts[project.state, default: 0] += 1
            changes.insert(
                Project(
                    id: newIDs?() ?? project.id, boardID: board,
                    title: project.title, body: project.body, deadline: project.deadline,
                    recurrence: project.recurrence,
                    state: project.state, list: list.id, rank: rank, createdAt: project.createdAt,
                    updatedAt: project.updatedAt))
        }
        for state in ProjectState.allCases {
            if let count = counts[state] { changes.record(.imported(count: count, state), title: "", on: board) }
        }
    }

    /// Every board's title and every project against the rules.
    private static func check(_ backup: Backup) throws(RepositoryError) {
        for entry in backup.boards {
            let failures = ProjectRules.failures(title: entry.board.title)
            guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        }
        try check(backup.projects)
    }

    /// Every project against the rules.
    private static func check(_ projects: [Project]) throws(RepositoryError) {
        for project in projects {
            let failures = project.draft.failures
            guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        }
    }
}
