import Foundation

/// The repositories as the account signed in now may use them: its own boards, and the projects,
/// checklists, comments, history, favourites and GitHub links on them, and nothing else.
///
/// Every call asks the ``AuthenticationProvider`` who is signed in, and lets through only the
/// boards that ``Board/isVisible(to:)`` allows that viewer: a signed-in account its own boards,
/// nobody signed in the boards of no account. Another account's board, or a project or history on
/// it, reads as missing (``RepositoryError/notFound(_:)``, exactly as an id that never existed),
/// so that nothing tells whether it exists. A unit of work (``write(_:)``) reads as the viewer
/// reads, and its ``ChangeSet`` may write only the viewer's boards, cards, stars, checklists,
/// comments and history; a board or a comment it makes must be the viewer's
/// (``StoreReading/author``), and it is saved as the viewer's action.
///
/// The engine wires every use case over one of these, so that no front end can forget the check:
/// ```swift
/// let scoped = AccountScopedRepository(store: repository, search: index, sessions: accounts)
/// let boards = try await ListBoards(boards: scoped)()   // the signed-in account's boards only
/// ```
///
/// The change stream (``changes()``) is passed on as it is: it names ids and boards, never
/// contents, and reading any of them goes through the check.
public struct AccountScopedRepository: ProjectRepository, BoardRepository, HistoryRepository,
    ChangeRecording, ProjectSearchRepository
{
    /// What the scoped repository wraps: one store's projects, boards, history, favourites and
    /// GitHub links, and its unit of changes.
    public typealias Store = ProjectStore & HistoryRepository & GitHubLinkRepository

    private let store: any Store
    private let search: any ProjectSearchRepository
    private let sessions: any AuthenticationProvider

    /// Scopes `store` and `search` to whoever `sessions` says is signed in, asked at each call.
    public init(store: any Store, search: any ProjectSearchRepository, sessions: any AuthenticationProvider) {
        self.store = store
        self.search = search
        self.sessions = sessions
    }

    /// The account signed in now, or `nil`.
    /// - Throws: ``RepositoryError/accounts(_:)`` when the session cannot be read.
    public func viewer() async throws(RepositoryError) -> Account.ID? {
        do {
            return try await sessions.currentSession()?.account.id
        } catch {
            throw .accounts(error)
        }
    }

    // MARK: - Checks

    /// The board, when the viewer may see it.
    /// - Throws: ``RepositoryError/notFound(_:)`` for a board that is missing or another's.
    private func visibleBoard(_ id: Board.ID, to viewer: Account.ID?) async throws(RepositoryError) -> Board {
        let board = try await store.board(id: id)
        guard board.isVisible(to: viewer) else { throw .notFound(.board(id)) }
        return board
    }

    /// The project, when the viewer may see its board.
    /// - Throws: ``RepositoryError/notFound(_:)`` naming the project for one that is missing or
    ///   on another's board.
    private func visibleProject(_ id: Project.ID, to viewer: Account.ID?) async throws(RepositoryError) -> Project {
        let project = try await store.project(id: id)
        guard try await store.board(id: project.boardID).isVisible(to: viewer) else { throw .notFound(.project(id)) }
        return project
    }

    private func requireProject(_ id: Project.ID) async throws(RepositoryError) {
        _ = try await visibleProject(id, to: viewer())
    }

    private func requireBoard(_ id: Board.ID) async throws(RepositoryError) {
        _ = try await visibleBoard(id, to: viewer())
    }

    // MARK: - Projects

    public func project(id: Project.ID) async throws(RepositoryError) -> Project {
        try await visibleProject(id, to: viewer())
    }

    public func place(of id: Project.ID) async throws(RepositoryError) -> ProjectPlace {
        try await requireProject(id)
        return try await store.place(of: id)
    }

    public func column(
        _ state: ProjectState, onBoard board: Board.ID, offset: Int, limit: Int?
    ) async throws(RepositoryError) -> ColumnWindow {
        try await requireBoard(board)
        return try await store.column(state, onBoard: board, offset: offset, limit: limit)
    }

    public func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) async throws(RepositoryError) -> ColumnGap {
        try await requireBoard(board)
        return try await store.gap(at: index, in: state, onBoard: board, moving: moving)
    }

    public func lists(onBoard board: Board.ID) async throws(RepositoryError) -> [BoardList] {
        try await requireBoard(board)
        return try await store.lists(onBoard: board)
    }

    public func projects(dueThrough day: Day, onBoard board: Board.ID) async throws(RepositoryError) -> [Project] {
        try await requireBoard(board)
        return try await store.projects(dueThrough: day, onBoard: board)
    }

    public func column(
        list: BoardList.ID, onBoard board: Board.ID, offset: Int, limit: Int?
    ) async throws(RepositoryError) -> ColumnWindow {
        try await requireBoard(board)
        return try await store.column(list: list, onBoard: board, offset: offset, limit: limit)
    }

    public func labels(onBoard board: Board.ID) async throws(RepositoryError) -> [Label] {
        try await requireBoard(board)
        return try await store.labels(onBoard: board)
    }

    public func archived(inList list: BoardList.ID, onBoard board: Board.ID) async throws(RepositoryError)
        -> [Project]
    {
        try await requireBoard(board)
        return try await store.archived(inList: list, onBoard: board)
    }

    public func checklist(of card: Project.ID) async throws(RepositoryError) -> [ChecklistItem] {
        try await requireProject(card)
        return try await store.checklist(of: card)
    }

    public func checklistProgress(of cards: [Project.ID], onBoard board: Board.ID) async throws(RepositoryError)
        -> [Project.ID: ChecklistProgress]
    {
        // The store answers only for the cards on the board, which is checked here.
        try await requireBoard(board)
        return try await store.checklistProgress(of: cards, onBoard: board)
    }

    public func comments(of card: Project.ID) async throws(RepositoryError) -> [Comment] {
        try await requireProject(card)
        return try await store.comments(of: card)
    }

    public func changes() -> AsyncStream<RepositoryChange> {
        store.changes()
    }

    // MARK: - Boards

    /// The viewer's boards, oldest first.
    /// - Throws: ``RepositoryError/accounts(_:)`` when who is signed in cannot be read,
    ///   ``RepositoryError/storage(_:)``.
    public func boards() async throws(RepositoryError) -> [Board] {
        let viewer = try await viewer()
        return try await store.boards().filter { $0.isVisible(to: viewer) }
    }

    public func board(id: Board.ID) async throws(RepositoryError) -> Board {
        try await visibleBoard(id, to: viewer())
    }

    // MARK: - Saving

    /// Runs `decide` on the store as the viewer sees it (another account's board, or a project
    /// on one, reads as missing), and saves the change set it returns as the viewer's action, when
    /// every board, project and star it writes is the viewer's; all in one unit of work of the
    /// store, so that nothing changes between the check and the save.
    /// - Throws: What `decide` throws; ``RepositoryError/notFound(_:)`` naming the first project or
    ///   board that is missing or another's (a board made for another owner, or given one, among
    ///   them), ``RepositoryError/accounts(_:)`` when who is signed in cannot be read; nothing is
    ///   saved then.
    /// - Complexity: `decide`'s reads, then one read of each project, board and star the changes
    ///   write, and the store's save.
    public func write<Result: Sendable>(
        _ decide: @Sendable (any StoreReading) throws(RepositoryError) -> (changes: ChangeSet?, result: Result)
    ) async throws(RepositoryError) -> Result {
        let session: Session?
        do {
            session = try await sessions.currentSession()
        } catch {
            throw .accounts(error)
        }
        let viewer = session?.account.id
        return try await store.write { store throws(RepositoryError) in
            let scoped = ViewerReading(store: store, viewer: viewer)
            let (decided, result) = try decide(scoped)
            guard var changes = decided else { return (nil, result) }
            try scoped.check(changes)
            changes.attribute(to: viewer, named: session?.account.email.description)
            return (changes, result)
        }
    }

    // MARK: - History

    public func activities(onBoard board: Board.ID, limit: Int?) async throws(RepositoryError) -> [Activity] {
        try await requireBoard(board)
        return try await store.activities(onBoard: board, limit: limit)
    }

    /// What undo and redo would do on the board; nothing for a board the viewer may not see, or
    /// when the session cannot be read.
    public func undoStatus(onBoard board: Board.ID) async -> UndoStatus {
        do {
            try await requireBoard(board)
        } catch {
            return UndoStatus()
        }
        return await store.undoStatus(onBoard: board)
    }

    @discardableResult
    public func undo(onBoard board: Board.ID) async throws(RepositoryError) -> UndoStatus {
        try await requireBoard(board)
        return try await store.undo(onBoard: board)
    }

    @discardableResult
    public func redo(onBoard board: Board.ID) async throws(RepositoryError) -> UndoStatus {
        try await requireBoard(board)
        return try await store.redo(onBoard: board)
    }

    // MARK: - Search

    /// The matches on `board`, or on every board the viewer may see when `nil`.
    /// - Complexity: as the wrapped search when the viewer sees every board; otherwise every match
    ///   is read, then those on the viewer's boards are kept.
    /// - Throws: ``RepositoryError/notFound(_:)`` when `board` is not the viewer's,
    ///   ``RepositoryError/accounts(_:)`` when who is signed in cannot be read.
    public func searchProjects(
        matching query: SearchQuery, onBoard board: Board.ID?, limit: Int?
    ) async throws(RepositoryError) -> SearchResults {
        let viewer = try await viewer()
        if let board {
            _ = try await visibleBoard(board, to: viewer)
            return try await search.searchProjects(matching: query, onBoard: board, limit: limit)
        }
        let all = try await store.boards()
        let visible = Set(all.filter { $0.isVisible(to: viewer) }.map(\.id))
        if visible.count == all.count {
            return try await search.searchProjects(matching: query, onBoard: nil, limit: limit)
        }
        let found = try await search.searchProjects(matching: query, onBoard: nil, limit: nil)
        let kept = found.items.filter { visible.contains($0.project.boardID) }
        return SearchResults(items: Array(kept.prefix(limit.map { max($0, 0) } ?? kept.count)), totalCount: kept.count)
    }
}

// MARK: - Favourites

extension AccountScopedRepository: FavouriteRepository {
    /// The stars on the viewer's boards and their projects, in the order they were starred.
    /// - Throws: ``RepositoryError/accounts(_:)`` when who is signed in cannot be read,
    ///   ``RepositoryError/storage(_:)``.
    public func favourites() async throws(RepositoryError) -> [Favourite] {
        let visible = Set(try await boards().map(\.id))
        return try await store.favourites().filter { visible.contains($0.boardID) }
    }

    public func favourites(onBoard board: Board.ID) async throws(RepositoryError) -> [Favourite] {
        try await requireBoard(board)
        return try await store.favourites(onBoard: board)
    }

    /// The star on `target`.
    /// - Throws: ``RepositoryError/notFound(_:)`` for a project or board that is missing or another's.
    public func favourite(for target: Favourite.Target) async throws(RepositoryError) -> Favourite? {
        try await requireTarget(target)
        return try await store.favourite(for: target)
    }

    private func requireTarget(_ target: Favourite.Target) async throws(RepositoryError) {
        switch target {
        case .project(let id): try await requireProject(id)
        case .board(let id): try await requireBoard(id)
        }
    }
}

// MARK: - GitHub links

extension AccountScopedRepository: GitHubLinkRepository {
    public func save(_ link: GitHubBoardLink) async throws(RepositoryError) {
        try await requireBoard(link.id)
        try await store.save(link)
    }

    public func link(of board: Board.ID) async throws(RepositoryError) -> GitHubBoardLink? {
        try await requireBoard(board)
        return try await store.link(of: board)
    }

    public func cards(on board: Board.ID) async throws(RepositoryError) -> [GitHubCard] {
        try await requireBoard(board)
        return try await store.cards(on: board)
    }

    public func save(_ cards: [GitHubCard]) async throws(RepositoryError) {
        let viewer = try await viewer()
        for board in Set(cards.map(\.boardID)) { _ = try await visibleBoard(board, to: viewer) }
        try await store.save(cards)
    }
}

// MARK: - Reading in a unit of work

/// The store as a viewer may read it inside a unit of work, and the check of what they write.
///
/// It remembers what it found the viewer's, so that the check reads nothing twice; it lives for
/// one unit of work, in which nothing else is written.
private final class ViewerReading: StoreReading {
    let store: any StoreReading
    let viewer: Account.ID?
    /// The boards found the viewer's so far: a few, so an array (no hashing).
    private var visibleBoards: [Board.ID] = []
    /// The projects found the viewer's so far: as many as a bulk write names (an import).
    private var visibleProjects: Set<Project.ID> = []

    init(store: any StoreReading, viewer: Account.ID?) {
        self.store = store
        self.viewer = viewer
    }

    var author: Account.ID? { viewer }

    func project(id: Project.ID) throws(RepositoryError) -> Project {
        let project = try store.project(id: id)
        if !visibleBoards.contains(project.boardID) {
            guard try store.board(id: project.boardID).isVisible(to: viewer) else { throw .notFound(.project(id)) }
            visibleBoards.append(project.boardID)
        }
        visibleProjects.insert(id)
        return project
    }

    func board(id: Board.ID) throws(RepositoryError) -> Board {
        let board = try store.board(id: id)
        guard board.isVisible(to: viewer) else { throw .notFound(.board(id)) }
        visibleBoards.append(id)
        return board
    }

    func boards() throws(RepositoryError) -> [Board] {
        try store.boards().filter { $0.isVisible(to: viewer) }
    }

    func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap {
        _ = try self.board(id: board)
        return try store.gap(at: index, in: state, onBoard: board, moving: moving)
    }

    func lists(onBoard board: Board.ID) throws(RepositoryError) -> [BoardList] {
        _ = try self.board(id: board)
        return try store.lists(onBoard: board)
    }

    func gap(
        at index: Int?, inList list: BoardList.ID, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap {
        _ = try self.board(id: board)
        return try store.gap(at: index, inList: list, onBoard: board, moving: moving)
    }

    func projects(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
        _ = try self.board(id: board)
        return try store.projects(inList: list, onBoard: board)
    }

    func labels(onBoard board: Board.ID) throws(RepositoryError) -> [Label] {
        _ = try self.board(id: board)
        return try store.labels(onBoard: board)
    }

    func archived(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
        _ = try self.board(id: board)
        return try store.archived(inList: list, onBoard: board)
    }

    func checklist(of card: Project.ID) throws(RepositoryError) -> [ChecklistItem] {
        try requireProject(card)
        return try store.checklist(of: card)
    }

    func checklistItem(id: ChecklistItem.ID) throws(RepositoryError) -> ChecklistItem {
        let item = try store.checklistItem(id: id)
        guard try isVisible(item.boardID) else { throw .notFound(.checklistItem(id)) }
        return item
    }

    func comments(of card: Project.ID) throws(RepositoryError) -> [Comment] {
        try requireProject(card)
        return try store.comments(of: card)
    }

    func comment(id: Comment.ID) throws(RepositoryError) -> Comment {
        let comment = try store.comment(id: id)
        guard try isVisible(comment.boardID) else { throw .notFound(.comment(id)) }
        return comment
    }

    /// Whether the viewer may see `board`, remembered when they may.
    private func isVisible(_ board: Board.ID) throws(RepositoryError) -> Bool {
        if visibleBoards.contains(board) { return true }
        guard try store.board(id: board).isVisible(to: viewer) else { return false }
        visibleBoards.append(board)
        return true
    }

    func favourite(for target: Favourite.Target) throws(RepositoryError) -> Favourite? {
        try requireTarget(target)
        return try store.favourite(for: target)
    }

    private func requireTarget(_ target: Favourite.Target) throws(RepositoryError) {
        switch target {
        case .project(let id): _ = try project(id: id)
        case .board(let id): _ = try board(id: id)
        }
    }

    /// Throws unless every object `changes` writes, and every board it touches, is the viewer's.
    ///
    /// - Complexity: one read of each distinct project, board and star the changes name.
    func check(_ changes: ChangeSet) throws(RepositoryError) {
        var made: Set<Project.ID> = []
        // The board of each project the changes write, as they leave it.
        var moved: [Project.ID: Board.ID] = [:]
        for change in changes.changes {
            switch change {
            case .insertProject(let project):
                made.insert(project.id)
                moved[project.id] = project.boardID
            case .updateProject(let project): moved[project.id] = project.boardID
            default: break
            }
        }
        for change in changes.changes {
            switch change {
            case .insertBoard(let board):
                // A new board is the viewer's, and new: never an id another board has.
                guard board.owner == viewer, (try? store.board(id: board.id)) == nil else {
                    throw .notFound(.board(board.id))
                }
                visibleBoards.append(board.id)
            case .updateBoard(let board):
                let stored = try self.board(id: board.id)
                guard board.owner == stored.owner else { throw .notFound(.board(board.id)) }
                // Only the owner changes who the members are.
                guard board.members == stored.members || viewer == stored.owner else {
                    throw .invalid(ValidationError([.onlyTheOwner]))
                }
            case .updateProject(let project):
                try requireProject(project.id)
            case .insertList, .updateList, .insertLabel, .updateLabel, .deleteLabel:
                // The board is checked with every board the set touches; the store keeps a list
                // or a label on the board it was made on.
                break
            case .deleteProject(let id):
                try requireProject(id)
            case .insertFavourite(let favourite), .updateFavourite(let favourite):
                // The star is on the viewer's project or board, and kept on the board its target
                // is on after the change (a moved project's star moves with it).
                try requireTarget(favourite.target)
                if let stored = try store.favourite(for: favourite.target) { try requireBoard(stored.boardID) }
                guard try favourite.boardID == targetBoard(of: favourite.target, after: changes) else {
                    throw .notFound(.board(favourite.boardID))
                }
            case .deleteFavourite(let id):
                // A star's id is its target's: the star of a project or of a board of the viewer's.
                if let star = try storedStar(id) { try requireBoard(star.boardID) }
            case .deleteBoard(let id):
                // Its board is among `changes.boards`, checked below; a member may not delete it.
                if let stored = try? store.board(id: id), stored.owner != viewer {
                    throw .invalid(ValidationError([.onlyTheOwner]))
                }
            case .insertProject:
                break  // its board is among `changes.boards`, checked below
            case .insertChecklistItem(let item):
                try requireCard(item.projectID, on: item.boardID, madeIn: made, moved: moved)
            case .updateChecklistItem(let item):
                // The item is on a card of the viewer's, and stays on it.
                let stored = try checklistItem(id: item.id)
                guard stored.projectID == item.projectID else { throw .notFound(.checklistItem(item.id)) }
                try requireCard(item.projectID, on: item.boardID, madeIn: made, moved: moved)
            case .deleteChecklistItem(let id):
                _ = try checklistItem(id: id)
            case .insertComment(let comment):
                // A comment is the viewer's own, or an imported one by someone who is no account.
                guard comment.author == viewer || (comment.author == nil && comment.authorName != nil) else {
                    throw .invalid(ValidationError([.notYourComment]))
                }
                try requireCard(comment.projectID, on: comment.boardID, madeIn: made, moved: moved)
            case .updateComment(let comment):
                // The comment is on a card of the viewer's, and keeps its card and its author.
                let stored = try self.comment(id: comment.id)
                guard stored.projectID == comment.projectID else { throw .notFound(.comment(comment.id)) }
                guard (stored.author, stored.authorName) == (comment.author, comment.authorName) else {
                    throw .invalid(ValidationError([.notYourComment]))
                }
                try requireCard(comment.projectID, on: comment.boardID, madeIn: made, moved: moved)
            case .deleteComment(let id):
                _ = try comment(id: id)
            }
        }
        try changes.forEachBoard { board throws(RepositoryError) in try requireBoard(board) }
        // A history entry names a project of the viewer's, or one the changes make.
        for entry in changes.entries {
            if let project = entry.project, !made.contains(project) { try requireProject(project) }
        }
    }

    private func requireBoard(_ id: Board.ID) throws(RepositoryError) {
        if !visibleBoards.contains(id) { _ = try board(id: id) }
    }

    private func requireProject(_ id: Project.ID) throws(RepositoryError) {
        if !visibleProjects.contains(id) { _ = try project(id: id) }
    }

    /// Throws unless `card` is the viewer's (or among those `made`) and stands on `board` once the
    /// changes are applied (`moved` holds the boards of the projects they write): what a checklist
    /// item or a comment written on it must keep.
    private func requireCard(
        _ card: Project.ID, on board: Board.ID, madeIn made: Set<Project.ID>, moved: [Project.ID: Board.ID]
    ) throws(RepositoryError) {
        if !made.contains(card) { try requireProject(card) }
        var cardBoard = moved[card]
        if cardBoard == nil { cardBoard = try store.project(id: card).boardID }
        guard board == cardBoard else { throw .notFound(.board(board)) }
    }

    /// The star with this id (its target's), whatever it stars.
    private func storedStar(_ id: Favourite.ID) throws(RepositoryError) -> Favourite? {
        let uuid = id.rawValue
        if let star = try store.favourite(for: .project(Project.ID(rawValue: uuid))) { return star }
        return try store.favourite(for: .board(Board.ID(rawValue: uuid)))
    }

    /// The board `target` stands on once `changes` are applied.
    private func targetBoard(of target: Favourite.Target, after changes: ChangeSet) throws(RepositoryError) -> Board.ID
    {
        switch target {
        case .board(let id):
            return id
        case .project(let id):
            for change in changes.changes.reversed() {
                switch change {
                case .insertProject(let project) where project.id == id,
                    .updateProject(let project) where project.id == id:
                    return project.boardID
                default: continue
                }
            }
            return try store.project(id: id).boardID
        }
    }
}
