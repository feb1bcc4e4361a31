import Foundation

/// The changes that put a backup's boards back (``RestoreBoards``): each board's lists, labels,
/// projects in their lists in order, checklists and comments, with the backup's ids or new ones.
struct BackupRestorePlan {
    /// The changes so far: one save, one undo step.
    var changes: ChangeSet
    /// Who restores: the one account a comment may be written by (``Comment/author``).
    private let author: Account.ID?
    /// Whether the restored objects keep the backup's ids; else each gets a new one of ``makeID``.
    private let keepsIDs: Bool
    /// Makes the new ids.
    private let makeID: @Sendable () -> UUID
    /// The rank of the last project placed in each list so far: a list that several boards of a
    /// copy merge into takes their projects one after the other.
    private var last: [BoardList.ID: Rank] = [:]

    /// A plan adding to `changes`, for `author`, keeping the backup's ids (`keepsIDs`) or making
    /// new ones with `makeID`.
    init(_ changes: ChangeSet, author: Account.ID?, keepsIDs: Bool, makeID: @escaping @Sendable () -> UUID) {
        self.changes = changes
        self.author = author
        self.keepsIDs = keepsIDs
        self.makeID = makeID
    }

    // MARK: - As it was

    /// Restores `entry` onto `board`, made in this save, or, when `existing`, the store's (the
    /// default board): the entry's lists after any other the board has, its labels, its projects
    /// after what their lists hold.
    /// - Throws: ``RepositoryError/invalid(_:)`` for a list or label name the board has already;
    ///   ``RepositoryError/notFound(_:)`` for a project of a backup from before lists with no open
    ///   list of its stage.
    mutating func restore(
        _ entry: Backup.Entry, on board: Board.ID, existing: Bool, reading store: any StoreReading
    ) throws(RepositoryError) {
        let stored = existing ? try store.lists(onBoard: board) : []
        var lists: [BoardList.ID: BoardList] = [:]
        if let sources = entry.lists {
            let kept = stored.filter { list in !sources.contains { $0.id == list.id } }
            var restored: [BoardList] = []
            for (source, rank) in zip(sources, Rank.sequence(after: kept.last?.rank, count: sources.count)) {
                let list = BoardList(
                    id: source.id, boardID: board, title: Self.trimmed(source.title), stage: source.stage, rank: rank,
                    limit: source.limit, isArchived: source.isArchived)
                if !list.isArchived {
                    do {
                        try ListRules.requireFree(list.title, among: kept, except: nil)
                    } catch {
                        throw .invalid(ValidationError(Self.failures(of: error), at: .list(list.id)))
                    }
                }
                restored.append(list)
                lists[source.id] = list
            }
            let standard = Self.isStandardAsMade(restored, on: board)
            if !(standard && (!existing || Self.isStandardAsMade(stored, on: board))) {
                for list in restored { changes.insert(list) }
            }
        } else {
            let landing = existing ? stored : BoardList.standard(on: board)
            for stage in ProjectState.allCases {
                if let list = landing.first(stage) { lists[.standard(on: board, stage)] = list }
            }
        }
        let taken = existing ? try store.labels(onBoard: board) : []
        var labels: [Label.ID: Label.ID] = [:]
        for source in entry.labels {
            let label = Label(id: source.id, boardID: board, name: Self.trimmed(source.name), colour: source.colour)
            do {
                try LabelRules.requireFree(label.name, among: taken, except: nil)
            } catch {
                throw .invalid(ValidationError(Self.failures(of: error), at: .label(label.id)))
            }
            changes.insert(label)
            labels[source.id] = label.id
        }
        var counts: [ProjectState: Int] = [:]
        try place(
            entry, on: board,
            lists: { project in
                entry.lists == nil ? lists[.standard(on: board, project.state)] : lists[project.listID]
            }, labels: labels, stored: Set(stored.map(\.id)), reading: store, counts: &counts)
        recordImports(counts, on: board)
    }

    // MARK: - A copy

    /// Puts every board of `backup`, with new ids, on `board`, made in this save: their lists
    /// merged by title, stage and archived flag, their labels by name and colour.
    mutating func copy(_ backup: Backup, onto board: Board.ID) throws(RepositoryError) {
        var made: [BoardList] = []
        var madeLabels: [Label] = []
        var maps: [(lists: [BoardList.ID: BoardList], labels: [Label.ID: Label.ID])] = []
        for entry in backup.boards {
            var lists: [BoardList.ID: BoardList] = [:]
            for source in entry.lists ?? BoardList.standard(on: entry.board.id) {
                let title = Self.trimmed(source.title)
                if let same = made.first(where: {
                    $0.title.lowercased() == title.lowercased() && $0.stage == source.stage
                        && $0.isArchived == source.isArchived
                }) {
                    lists[source.id] = same
                    continue
                }
                // A standard list stays its board's standard list of its stage, so that a copy of
                // standard lists alone is a board that needs none stored.
                let standard = BoardList.ID.standard(on: board, source.stage)
                let isStandard =
                    source.id == .standard(on: entry.board.id, source.stage) && !made.contains { $0.id == standard }
                let list = BoardList(
                    id: isStandard ? standard : BoardList.ID(rawValue: makeID()), boardID: board,
                    title: source.isArchived ? title : Self.unique(title, among: made.open.map(\.title)),
                    stage: source.stage, rank: made.last.map { .after($0.rank) } ?? .initial, limit: source.limit,
                    isArchived: source.isArchived)
                made.append(list)
                lists[source.id] = list
            }
            var labels: [Label.ID: Label.ID] = [:]
            for source in entry.labels {
                let name = Self.trimmed(source.name)
                if let same = madeLabels.first(where: {
                    $0.name.lowercased() == name.lowercased() && $0.colour == source.colour
                }) {
                    labels[source.id] = same.id
                    continue
                }
                let label = Label(
                    id: Label.ID(rawValue: makeID()), boardID: board,
                    name: name.isEmpty ? "" : Self.unique(name, among: madeLabels.map(\.name)), colour: source.colour)
                madeLabels.append(label)
                labels[source.id] = label.id
            }
            maps.append((lists, labels))
        }
        // The lists and labels before the projects that stand in them and wear them.
        if !Self.isStandardAsMade(made, on: board) {
            for list in made { changes.insert(list) }
        }
        for label in madeLabels { changes.insert(label) }
        var counts: [ProjectState: Int] = [:]
        for (entry, map) in zip(backup.boards, maps) {
            try place(
                entry, on: board,
                lists: { project in
                    entry.lists == nil
                        ? map.lists[.standard(on: entry.board.id, project.state)] : map.lists[project.listID]
                }, labels: map.labels, stored: [], reading: nil, counts: &counts)
        }
        recordImports(counts, on: board)
    }

    // MARK: - Projects, checklists, comments

    /// Adds `entry`'s projects to `board`, each in the list `lists` gives it, in order (after what
    /// a list the store holds has, when it is in `stored`), with their checklists and comments;
    /// counts them by stage in `counts`.
    private mutating func place(
        _ entry: Backup.Entry, on board: Board.ID, lists: (Project) -> BoardList?, labels: [Label.ID: Label.ID],
        stored: Set<BoardList.ID>, reading store: (any StoreReading)?, counts: inout [ProjectState: Int]
    ) throws(RepositoryError) {
        for source in entry.projects {
            guard let list = lists(source) else { throw .notFound(.list(.standard(on: board, source.state))) }
            if last[list.id] == nil, stored.contains(list.id), let store {
                last[list.id] = try store.gap(at: nil, inList: list.id, onBoard: board, moving: nil).before
            }
            let rank = last[list.id].map(Rank.after) ?? .initial
            last[list.id] = rank
            counts[list.stage, default: 0] += 1
            var seen: Set<Label.ID> = []
            let project = Project(
                id: keepsIDs ? source.id : Project.ID(rawValue: makeID()), boardID: board,
                title: source.title, body: source.body, deadline: source.deadline, recurrence: source.recurrence,
                state: list.stage, list: list.id, rank: rank, createdAt: source.createdAt, updatedAt: source.updatedAt,
                dueTime: source.dueTime,
                labels: source.labels.compactMap { labels[$0] }.filter { seen.insert($0).inserted },
                assignees: source.assignees, isArchived: source.isArchived)
            changes.insert(project)
            let items = entry.checklist(of: source.id)
            for (item, rank) in zip(items, Rank.sequence(after: nil, count: items.count)) {
                changes.insert(
                    ChecklistItem(
                        id: keepsIDs ? item.id : ChecklistItem.ID(rawValue: makeID()), projectID: project.id,
                        boardID: board, text: Self.trimmed(item.text), isDone: item.isDone, rank: rank))
            }
            for comment in entry.comments(of: source.id) {
                // The viewer's own, or an imported one: as it was; another's, imported under a name.
                let kept = comment.author == author || (comment.author == nil && comment.authorName != nil)
                changes.insert(
                    Comment(
                        id: keepsIDs ? comment.id : Comment.ID(rawValue: makeID()), projectID: project.id,
                        boardID: board, author: kept ? comment.author : nil,
                        authorName: kept ? comment.authorName : comment.authorName ?? comment.author?.description ?? "",
                        text: Self.trimmed(comment.text), createdAt: comment.createdAt, editedAt: comment.editedAt))
            }
        }
    }

    /// Records the import of `counts` projects, stage by stage, in `board`'s history.
    private mutating func recordImports(_ counts: [ProjectState: Int], on board: Board.ID) {
        for state in ProjectState.allCases {
            if let count = counts[state] { changes.record(.imported(count: count, state), title: "", on: board) }
        }
    }

    // MARK: - Helpers

    private static func trimmed(_ text: String) -> String {
        text.trimmingWhitespace
    }

    /// The rules `error`, thrown by a name's check, names.
    private static func failures(of error: RepositoryError) -> [ValidationFailure] {
        if case .invalid(let invalid) = error { return invalid.failures }
        return [.brokenRule(error.description)]
    }

    /// Whether `lists` are `board`'s three standard lists as a board starts with them, which
    /// stand without being stored.
    static func isStandardAsMade(_ lists: [BoardList], on board: Board.ID) -> Bool {
        let standard = BoardList.standard(on: board)
        return lists.count == standard.count
            && zip(lists, standard).allSatisfy { list, made in
                (list.id, list.title, list.stage, list.limit, list.isArchived)
                    == (made.id, made.title, made.stage, made.limit, made.isArchived)
            }
    }

    /// `name`, or `name (2)`, `name (3)`, … when one of `names` has it without case; cut so that
    /// it keeps a title's length.
    static func unique(_ name: String, among names: [String]) -> String {
        let taken = Set(names.map { $0.lowercased() })
        guard taken.contains(name.lowercased()) else { return name }
        var number = 2
        while true {
            let suffix = " (\(number))"
            let candidate = String(name.prefix(ProjectRules.titleLimit - suffix.count)) + suffix
            if !taken.contains(candidate.lowercased()) { return candidate }
            number += 1
        }
    }
}
