import Foundation
import ProjectManagerDomain

/// The object graph read as the Domain's ports read it: projects, boards, stars, checklist items
/// and comments by id, column windows and gaps through the ordered index of each column, and each
/// card's checklist and comments through theirs.
///
/// ``ObjectGraphRepository`` answers its reads through one, and hands one to each unit of work
/// (``ObjectGraphRepository/write(_:)``), which calls it synchronously on the repository's actor.
struct GraphReader: StoreReading {
    let context: ObjectContext

    /// Nobody: the store knows no accounts; ``AccountScopedRepository`` says who.
    var author: Account.ID? { nil }

    // MARK: - Projects

    func project(id: Project.ID) throws(RepositoryError) -> Project {
        try requireOpen()
        guard let project = context.object(Project.self, id: id) else { throw .notFound(.project(id)) }
        return project
    }

    func place(of id: Project.ID) throws(RepositoryError) -> ProjectPlace {
        let project = try project(id: id)
        let column = ProjectColumn(project.listID)
        return ProjectPlace(
            state: project.state, list: project.listID,
            index: context.position(of: project, ordering: ProjectColumn.ordering) ?? 0, count: count(of: column))
    }

    func column(
        _ state: ProjectState, onBoard board: Board.ID, offset: Int, limit: Int?
    ) throws(RepositoryError) -> ColumnWindow {
        let lists = try lists(onBoard: board)
        let list = lists.first(state) ?? BoardList.standard(on: board, state)
        return window(of: list, offset: offset, limit: limit)
    }

    func column(
        list: BoardList.ID, onBoard board: Board.ID, offset: Int, limit: Int?
    ) throws(RepositoryError) -> ColumnWindow {
        window(of: try self.list(id: list, onBoard: board), offset: offset, limit: limit)
    }

    private func window(of list: BoardList, offset: Int, limit: Int?) -> ColumnWindow {
        let column = ProjectColumn(list.id)
        let start = max(offset, 0)
        let projects = context.objects(
            Project.self, ordering: ProjectColumn.ordering, group: column, offset: start, limit: limit)
        return ColumnWindow(list: list, offset: start, projects: projects, count: count(of: column))
    }

    func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap {
        try gap(at: index, inList: landing(state, onBoard: board).id, onBoard: board, moving: moving)
    }

    func gap(
        at index: Int?, inList list: BoardList.ID, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap {
        let column = ProjectColumn(try self.list(id: list, onBoard: board).id)
        let current = moving.flatMap { id -> Int? in
            guard let moving = context.object(Project.self, id: id),
                ProjectColumn(moving.listID, archived: moving.isArchived) == column
            else {
                return nil
            }
            return context.position(of: moving, ordering: ProjectColumn.ordering)
        }
        let count = count(of: column) - (current == nil ? 0 : 1)
        let gap = min(max(index ?? count, 0), count)
        // Indexes in the column without `moving`, as indexes in the column.
        func stored(_ index: Int) -> Int { if let current, index >= current { index + 1 } else { index } }
        let before = gap > 0 ? project(at: stored(gap - 1), in: column) : nil
        let after = gap < count ? project(at: stored(gap), in: column) : nil
        return ColumnGap(index: gap, before: before?.rank, after: after?.rank, current: current)
    }

    func projects(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
        try column(list: list, onBoard: board, offset: 0, limit: nil).projects
    }

    private func count(of column: ProjectColumn) -> Int {
        context.count(Project.self, ordering: ProjectColumn.ordering, group: column)
    }

    private func project(at index: Int, in column: ProjectColumn) -> Project? {
        guard index >= 0 else { return nil }
        return context.objects(Project.self, ordering: ProjectColumn.ordering, group: column, offset: index, limit: 1)
            .first
    }

    /// The board's cards waiting on a deadline on or before `day` in its open lists, earliest first,
    /// read through the ordering by deadline until the first later one.
    func projects(dueThrough day: Day, onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
        let open = Set(try lists(onBoard: board).open.map(\.id))
        let group = ProjectDeadlines(board: board, waiting: true)
        var found: [Project] = []
        var offset = 0
        let page = 64
        while true {
            let projects = context.objects(
                Project.self, ordering: ProjectDeadlines.ordering, group: group, offset: offset, limit: page)
            for project in projects {
                guard let deadline = project.deadline, deadline <= day else { return found }
                if open.contains(project.listID) { found.append(project) }
            }
            guard projects.count == page else { return found }
            offset += page
        }
    }

    /// The archived projects of a list, in order.
    func archived(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
        let list = try self.list(id: list, onBoard: board)
        return context.objects(
            Project.self, ordering: ProjectColumn.ordering, group: ProjectColumn(list.id, archived: true), offset: 0,
            limit: nil)
    }

    // MARK: - Labels

    /// The board's labels, by name.
    func labels(onBoard board: Board.ID) throws(RepositoryError) -> [Label] {
        _ = try self.board(id: board)
        // Through the relationship's inverse: no predicate to build, nothing read for a store without labels.
        let labels = context.objects(Label.self, where: \.boardID, is: board)
        return labels.sorted {
            ($0.displayName.lowercased(), $0.id.description) < ($1.displayName.lowercased(), $1.id.description)
        }
    }

    // MARK: - Lists

    /// The board's stored lists in order, or its standard lists when it has none stored.
    func lists(onBoard board: Board.ID) throws(RepositoryError) -> [BoardList] {
        _ = try self.board(id: board)
        let stored = context.objects(BoardList.self, ordering: BoardList.ordering, group: board, offset: 0, limit: nil)
        return stored.isEmpty ? BoardList.standard(on: board) : stored
    }

    // MARK: - Checklists and comments

    /// The card's items, through the ordered index of its checklist.
    func checklist(of card: Project.ID) throws(RepositoryError) -> [ChecklistItem] {
        _ = try project(id: card)
        return context.objects(ChecklistItem.self, ordering: ChecklistItem.ordering, group: card, offset: 0, limit: nil)
    }

    func checklistItem(id: ChecklistItem.ID) throws(RepositoryError) -> ChecklistItem {
        try requireOpen()
        guard let item = context.object(ChecklistItem.self, id: id) else { throw .notFound(.checklistItem(id)) }
        return item
    }

    /// The card's comments, newest first: its ordered index read backwards.
    func comments(of card: Project.ID) throws(RepositoryError) -> [Comment] {
        _ = try project(id: card)
        return context.objects(Comment.self, ordering: Comment.ordering, group: card, offset: 0, limit: nil).reversed()
    }

    func comment(id: Comment.ID) throws(RepositoryError) -> Comment {
        try requireOpen()
        guard let comment = context.object(Comment.self, id: id) else { throw .notFound(.comment(id)) }
        return comment
    }

    // MARK: - Boards

    func boards() throws(RepositoryError) -> [Board] {
        try requireOpen()
        var boards = try Self.mapped { () throws(ContextError) in
            try context.fetch(FetchRequest<Board>(sortBy: [SortDescriptor(\.createdAt)]))
        }
        if !boards.contains(where: { $0.id == .default }) { boards.insert(ObjectGraphRepository.defaultBoard, at: 0) }
        // Of boards made in the same instant (a restore, a fixed clock), the default board comes
        // first; the sort is stable, so the others keep the fetch's order.
        return boards.sorted { first, second in
            if first.createdAt != second.createdAt { return first.createdAt < second.createdAt }
            return first.id == .default && second.id != .default
        }
    }

    func board(id: Board.ID) throws(RepositoryError) -> Board {
        try requireOpen()
        if let board = context.object(Board.self, id: id) { return board }
        if id == .default { return ObjectGraphRepository.defaultBoard }
        throw .notFound(.board(id))
    }

    // MARK: - Stars

    /// The star on `target`, found by its id; whether the target exists is not looked at.
    func favourite(for target: Favourite.Target) throws(RepositoryError) -> Favourite? {
        try requireOpen()
        return context.object(FavouriteRecord.self, id: target.favouriteID)?.favourite
    }

    // MARK: - Errors

    /// Throws once the engine closed the store: every call after `close()` fails, reads too.
    func requireOpen() throws(RepositoryError) {
        try Self.mapped { () throws(ContextError) in try context.requireOpenStore() }
    }

    static func mapped<T>(_ work: () throws(ContextError) -> T) throws(RepositoryError) -> T {
        do {
            return try work()
        } catch {
            throw repositoryError(error)
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
        switch id.entityName {
        case Board.entityName: .board(Board.ID(rawValue: id.uuid))
        case BoardList.entityName: .list(BoardList.ID(rawValue: id.uuid))
        case Label.entityName: .label(Label.ID(rawValue: id.uuid))
        case ChecklistItem.entityName: .checklistItem(ChecklistItem.ID(rawValue: id.uuid))
        case Comment.entityName: .comment(Comment.ID(rawValue: id.uuid))
        default: .project(Project.ID(rawValue: id.uuid))
        }
    }
}
