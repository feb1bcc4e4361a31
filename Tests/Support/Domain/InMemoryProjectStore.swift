import Foundation
import ProjectManagerDomain

/// The Domain's storage ports kept in plain dictionaries: the store the Domain's use cases are
/// tested against, without the object graph.
///
/// It decides nothing, as a real store decides nothing: it reads, and it writes each
/// ``ChangeSet`` it is handed whole or not at all. Every saved change set is kept in ``saved``, so
/// a test can say exactly what a use case decided. Deleting a board deletes its projects and their
/// stars, and deleting a project its checklist and comments, as the real store's relationships do.
public actor InMemoryProjectStore: ProjectStore {
    /// A history entry as saved: the change set's entry, with the action's author and date.
    public struct SavedEntry: Hashable, Sendable {
        public let entry: ChangeSet.Entry
        public let author: Account.ID?
        public let date: Date
    }

    private var boardsByID: [Board.ID: Board] = [:]
    private var projectsByID: [Project.ID: Project] = [:]
    private var favouritesByID: [Favourite.ID: Favourite] = [:]
    private var listsByID: [BoardList.ID: BoardList] = [:]
    private var labelsByID: [Label.ID: Label] = [:]
    private var itemsByID: [ChecklistItem.ID: ChecklistItem] = [:]
    private var commentsByID: [Comment.ID: Comment] = [:]
    var links: [Board.ID: GitHubBoardLink] = [:]
    var cardsByProject: [Project.ID: GitHubCard] = [:]
    /// Every change set saved, oldest first.
    public private(set) var saved: [ChangeSet] = []
    /// Every history entry saved, oldest first.
    public private(set) var history: [SavedEntry] = []
    /// Who a unit of work says the author is (``StoreReading/author``).
    public var signedIn: Account.ID?

    /// The default board as it reads before anything is saved on it.
    public static let defaultBoard = Board(
        id: .default, title: Board.defaultTitle, createdAt: Date(timeIntervalSince1970: 0))

    public init(
        boards: [Board] = [], projects: [Project] = [], favourites: [Favourite] = [], checklist: [ChecklistItem] = [],
        comments: [Comment] = [], signedIn: Account.ID? = nil
    ) {
        for board in boards { boardsByID[board.id] = board }
        for project in projects { projectsByID[project.id] = project }
        for favourite in favourites { favouritesByID[favourite.id] = favourite }
        for item in checklist { itemsByID[item.id] = item }
        for comment in comments { commentsByID[comment.id] = comment }
        self.signedIn = signedIn
    }

    /// Signs `account` in, or everyone out.
    public func signIn(_ account: Account.ID?) { signedIn = account }

    /// The store as it is now, read as a unit of work reads it.
    private var reader: Reader {
        Reader(
            boardsByID: boardsByID, projectsByID: projectsByID, favouritesByID: favouritesByID, listsByID: listsByID,
            labelsByID: labelsByID, itemsByID: itemsByID, commentsByID: commentsByID, author: signedIn)
    }

    // MARK: - Projects

    public func project(id: Project.ID) throws(RepositoryError) -> Project {
        try reader.project(id: id)
    }

    public func place(of id: Project.ID) throws(RepositoryError) -> ProjectPlace {
        let project = try project(id: id)
        let column = reader.column(project.listID)
        return ProjectPlace(
            state: project.state, list: project.listID, index: column.firstIndex { $0.id == id } ?? 0,
            count: column.count)
    }

    public func column(
        _ state: ProjectState, onBoard board: Board.ID, offset: Int, limit: Int?
    ) throws(RepositoryError) -> ColumnWindow {
        let list = try reader.lists(onBoard: board).first(state) ?? BoardList.standard(on: board, state)
        return window(of: list, offset: offset, limit: limit)
    }

    public func lists(onBoard board: Board.ID) async throws(RepositoryError) -> [BoardList] {
        try reader.lists(onBoard: board)
    }

    public func labels(onBoard board: Board.ID) async throws(RepositoryError) -> [Label] {
        try reader.labels(onBoard: board)
    }

    public func archived(inList list: BoardList.ID, onBoard board: Board.ID) async throws(RepositoryError) -> [Project]
    {
        try reader.archived(inList: list, onBoard: board)
    }

    public func column(
        list: BoardList.ID, onBoard board: Board.ID, offset: Int, limit: Int?
    ) async throws(RepositoryError) -> ColumnWindow {
        window(of: try reader.list(id: list, onBoard: board), offset: offset, limit: limit)
    }

    private func window(of list: BoardList, offset: Int, limit: Int?) -> ColumnWindow {
        let all = reader.column(list.id)
        let start = min(max(offset, 0), all.count)
        let end = min(start + (limit ?? all.count), all.count)
        return ColumnWindow(list: list, offset: start, projects: Array(all[start..<end]), count: all.count)
    }

    // Asynchronous, as the port's default is: a synchronous method would lose to the default
    // (which reads nothing) when called on the actor itself.

    public func checklist(of card: Project.ID) async throws(RepositoryError) -> [ChecklistItem] {
        try reader.checklist(of: card)
    }

    public func comments(of card: Project.ID) async throws(RepositoryError) -> [Comment] {
        try reader.comments(of: card)
    }

    public nonisolated func changes() -> AsyncStream<RepositoryChange> {
        AsyncStream { $0.finish() }
    }

    // MARK: - Boards

    public func boards() -> [Board] {
        reader.allBoards()
    }

    public func board(id: Board.ID) throws(RepositoryError) -> Board {
        try reader.board(id: id)
    }

    // MARK: - Favourites

    public func favourites() -> [Favourite] {
        favouritesByID.values.sorted { ($0.starredAt, $0.id.description) < ($1.starredAt, $1.id.description) }
    }

    public func favourites(onBoard board: Board.ID) throws(RepositoryError) -> [Favourite] {
        _ = try self.board(id: board)
        return favourites().filter { $0.boardID == board }
    }

    // MARK: - Saving

    public func write<Result: Sendable>(
        _ decide: @Sendable (any StoreReading) throws(RepositoryError) -> (changes: ChangeSet?, result: Result)
    ) throws(RepositoryError) -> Result {
        let (changes, result) = try decide(reader)
        if let changes { try apply(changes) }
        return result
    }

    /// Applies `changes` whole or not at all, failing as the engine's store fails: a missing
    /// object is `notFound` (a star's as its project's), an object that exists already, or one
    /// that refers to a missing board or project, `invalid`.
    private func apply(_ changes: ChangeSet) throws(RepositoryError) {
        // Applied to copies, kept only when every change applies.
        var (boards, projects, favourites, lists) = (boardsByID, projectsByID, favouritesByID, listsByID)
        var labels = labelsByID
        var (items, comments) = (itemsByID, commentsByID)
        func broken(_ rule: String) -> RepositoryError { .invalid(ValidationError([.brokenRule(rule)])) }
        if changes.boards.contains(.default), boards[.default] == nil {
            // As the store does: the first save that touches the default board writes it, made then.
            boards[.default] = Board(id: .default, title: Board.defaultTitle, createdAt: changes.action.date)
        }
        var made: Set<Board.ID> = []
        for change in changes.changes {
            if case .insertBoard(let board) = change { made.insert(board.id) }
            // As the store does: a board's first change to its lists writes its standard ones,
            // unless the same save makes the board.
            switch change {
            case .insertList(let list), .updateList(let list):
                if boards[list.boardID] != nil, !made.contains(list.boardID),
                    !lists.values.contains(where: { $0.boardID == list.boardID })
                {
                    for standard in BoardList.standard(on: list.boardID) { lists[standard.id] = standard }
                }
            default: break
            }
            switch change {
            case .insertProject(let project):
                guard boards[project.boardID] != nil else { throw .notFound(.board(project.boardID)) }
                guard projects[project.id] == nil else { throw broken("project \(project.id) exists already") }
                projects[project.id] = project
            case .updateProject(let project):
                guard boards[project.boardID] != nil else { throw .notFound(.board(project.boardID)) }
                guard projects[project.id] != nil else { throw .notFound(.project(project.id)) }
                projects[project.id] = project
            case .deleteProject(let id):
                guard projects.removeValue(forKey: id) != nil else { throw .notFound(.project(id)) }
                favourites[Favourite.Target.project(id).favouriteID] = nil
                items = items.filter { $0.value.projectID != id }
                comments = comments.filter { $0.value.projectID != id }
            case .insertBoard(let board):
                guard boards[board.id] == nil else { throw broken("board \(board.id) exists already") }
                boards[board.id] = board
            case .updateBoard(let board):
                guard boards[board.id] != nil else { throw .notFound(.board(board.id)) }
                boards[board.id] = board
            case .deleteBoard(let id):
                guard boards.removeValue(forKey: id) != nil else { throw .notFound(.board(id)) }
                projects = projects.filter { $0.value.boardID != id }
                favourites = favourites.filter { $0.value.boardID != id }
                lists = lists.filter { $0.value.boardID != id }
                labels = labels.filter { $0.value.boardID != id }
                items = items.filter { $0.value.boardID != id }
                comments = comments.filter { $0.value.boardID != id }
            case .insertFavourite(let favourite), .updateFavourite(let favourite):
                if case .insertFavourite = change, favourites[favourite.id] != nil {
                    throw broken("favourite \(favourite.id) exists already")
                }
                if case .updateFavourite = change, favourites[favourite.id] == nil {
                    throw .notFound(.project(Project.ID(rawValue: favourite.id.rawValue)))
                }
                guard boards[favourite.boardID] != nil else { throw broken("favourite on a missing board") }
                if case .project(let id) = favourite.target, projects[id] == nil {
                    throw broken("favourite of a missing project")
                }
                favourites[favourite.id] = favourite
            case .insertList(let list):
                guard boards[list.boardID] != nil else { throw .notFound(.board(list.boardID)) }
                if lists[list.id] != nil, list.id.standardStage(on: list.boardID) == nil {
                    throw broken("list \(list.id) exists already")
                }
                lists[list.id] = list
            case .updateList(let list):
                guard boards[list.boardID] != nil else { throw .notFound(.board(list.boardID)) }
                guard lists[list.id]?.boardID == list.boardID else { throw .notFound(.list(list.id)) }
                lists[list.id] = list
            case .insertLabel(let label):
                guard boards[label.boardID] != nil else { throw .notFound(.board(label.boardID)) }
                guard labels[label.id] == nil else { throw broken("label \(label.id) exists already") }
                labels[label.id] = label
            case .updateLabel(let label):
                guard labels[label.id]?.boardID == label.boardID else { throw .notFound(.label(label.id)) }
                labels[label.id] = label
            case .deleteLabel(let label):
                guard labels[label.id]?.boardID == label.boardID else { throw .notFound(.label(label.id)) }
                labels[label.id] = nil
            case .insertChecklistItem(let item), .updateChecklistItem(let item):
                if case .insertChecklistItem = change, items[item.id] != nil {
                    throw broken("checklist item \(item.id) exists already")
                }
                if case .updateChecklistItem = change, items[item.id] == nil {
                    throw .notFound(.checklistItem(item.id))
                }
                guard boards[item.boardID] != nil else { throw broken("checklist item on a missing board") }
                guard projects[item.projectID] != nil else { throw broken("checklist item of a missing project") }
                guard ProjectRules.failures(title: item.text).isEmpty else { throw broken("checklist item's text") }
                items[item.id] = item
            case .deleteChecklistItem(let id):
                guard items.removeValue(forKey: id) != nil else { throw .notFound(.checklistItem(id)) }
            case .insertComment(let comment), .updateComment(let comment):
                if case .insertComment = change, comments[comment.id] != nil {
                    throw broken("comment \(comment.id) exists already")
                }
                if case .updateComment = change, comments[comment.id] == nil { throw .notFound(.comment(comment.id)) }
                guard boards[comment.boardID] != nil else { throw broken("comment on a missing board") }
                guard projects[comment.projectID] != nil else { throw broken("comment of a missing project") }
                guard ProjectRules.failures(comment: comment.text).isEmpty else { throw broken("comment's text") }
                comments[comment.id] = comment
            case .deleteComment(let id):
                guard comments.removeValue(forKey: id) != nil else { throw .notFound(.comment(id)) }
            case .deleteFavourite(let id):
                guard favourites.removeValue(forKey: id) != nil else {
                    throw .notFound(.project(Project.ID(rawValue: id.rawValue)))
                }
            }
        }
        for entry in changes.entries where boards[entry.board] == nil {
            throw broken("a history entry on the missing board \(entry.board)")
        }
        (boardsByID, projectsByID, favouritesByID, listsByID) = (boards, projects, favourites, lists)
        labelsByID = labels
        (itemsByID, commentsByID) = (items, comments)
        saved.append(changes)
        history += changes.entries.map {
            SavedEntry(entry: $0, author: changes.action.author, date: changes.action.date)
        }
    }

    // MARK: - Reading in a unit of work

    /// The dictionaries as they were when a unit of work began.
    struct Reader: StoreReading {
        let boardsByID: [Board.ID: Board]
        let projectsByID: [Project.ID: Project]
        let favouritesByID: [Favourite.ID: Favourite]
        let listsByID: [BoardList.ID: BoardList]
        let labelsByID: [Label.ID: Label]
        let itemsByID: [ChecklistItem.ID: ChecklistItem]
        let commentsByID: [Comment.ID: Comment]
        let author: Account.ID?

        func project(id: Project.ID) throws(RepositoryError) -> Project {
            guard let project = projectsByID[id] else { throw .notFound(.project(id)) }
            return project
        }

        func board(id: Board.ID) throws(RepositoryError) -> Board {
            if let board = boardsByID[id] { return board }
            if id == .default { return InMemoryProjectStore.defaultBoard }
            throw .notFound(.board(id))
        }

        func boards() -> [Board] { allBoards() }

        func allBoards() -> [Board] {
            var boards = boardsByID.values.sorted {
                ($0.createdAt, $0.id.description) < ($1.createdAt, $1.id.description)
            }
            if boardsByID[.default] == nil { boards.insert(InMemoryProjectStore.defaultBoard, at: 0) }
            return boards
        }

        func gap(
            at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
        ) throws(RepositoryError) -> ColumnGap {
            try gap(at: index, inList: landing(state, onBoard: board).id, onBoard: board, moving: moving)
        }

        func gap(
            at index: Int?, inList list: BoardList.ID, onBoard board: Board.ID, moving: Project.ID?
        ) throws(RepositoryError) -> ColumnGap {
            ColumnGap(at: index, in: column(try self.list(id: list, onBoard: board).id), moving: moving)
        }

        func lists(onBoard board: Board.ID) throws(RepositoryError) -> [BoardList] {
            _ = try self.board(id: board)
            let stored = listsByID.values.filter { $0.boardID == board }
                .sorted { ($0.rank, $0.id.description) < ($1.rank, $1.id.description) }
            return stored.isEmpty ? BoardList.standard(on: board) : stored
        }

        func projects(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
            column(try self.list(id: list, onBoard: board).id)
        }

        func labels(onBoard board: Board.ID) throws(RepositoryError) -> [Label] {
            _ = try self.board(id: board)
            return labelsByID.values.filter { $0.boardID == board }
                .sorted {
                    ($0.displayName.lowercased(), $0.id.description) < ($1.displayName.lowercased(), $1.id.description)
                }
        }

        func archived(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
            let list = try self.list(id: list, onBoard: board)
            return projectsByID.values.filter { $0.listID == list.id && $0.isArchived }
                .sorted { ($0.rank, $0.id.description) < ($1.rank, $1.id.description) }
        }

        func favourite(for target: Favourite.Target) -> Favourite? {
            favouritesByID[target.favouriteID]
        }

        /// The card's items by rank, then by id, as the store's ordered index keeps them.
        func checklist(of card: Project.ID) throws(RepositoryError) -> [ChecklistItem] {
            _ = try project(id: card)
            return itemsByID.values.filter { $0.projectID == card }
                .sorted { ($0.rank, $0.id.description) < ($1.rank, $1.id.description) }
        }

        func checklistItem(id: ChecklistItem.ID) throws(RepositoryError) -> ChecklistItem {
            guard let item = itemsByID[id] else { throw .notFound(.checklistItem(id)) }
            return item
        }

        /// The card's comments newest first: by date, then by id, both descending, as the store's
        /// ordered index read backwards.
        func comments(of card: Project.ID) throws(RepositoryError) -> [Comment] {
            _ = try project(id: card)
            return commentsByID.values.filter { $0.projectID == card }
                .sorted { ($0.createdAt, $0.id.description) > ($1.createdAt, $1.id.description) }
        }

        func comment(id: Comment.ID) throws(RepositoryError) -> Comment {
            guard let comment = commentsByID[id] else { throw .notFound(.comment(id)) }
            return comment
        }

        /// A column in order: by rank, then by id.
        func column(_ list: BoardList.ID) -> [Project] {
            projectsByID.values.filter { $0.listID == list && !$0.isArchived }
                .sorted { ($0.rank, $0.id.description) < ($1.rank, $1.id.description) }
        }
    }
}
