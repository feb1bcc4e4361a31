/// What a use case reads while it decides a change: the store as one unit of work sees it, with
/// nothing else written meanwhile (``ChangeRecording/write(_:)``).
///
/// The calls are synchronous: they run inside the unit of work, on the store's own isolation, so a
/// reader is never kept, stored or sent elsewhere.
public protocol StoreReading {
    /// Who the change is made by: the account signed in, or `nil` when nobody is (a board made
    /// now is theirs).
    var author: Account.ID? { get }

    /// The project with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    func project(id: Project.ID) throws(RepositoryError) -> Project

    /// The board with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    func board(id: Board.ID) throws(RepositoryError) -> Board

    /// Every board the author may see, oldest first.
    /// - Throws: ``RepositoryError/storage(_:)``.
    /// - Complexity: O(*b* log *b*) for *b* boards.
    func boards() throws(RepositoryError) -> [Board]

    /// The gap at `index` of the board's first list of `state` that is not archived, counted without the project `moving` (last when `nil`):
    /// as ``ProjectRepository/gap(at:in:onBoard:moving:)``.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n*) for a column of *n* projects, through an ordered index.
    func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap

    /// The star on `target`, or `nil`.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project or the board does not exist.
    func favourite(for target: Favourite.Target) throws(RepositoryError) -> Favourite?

    /// The board's lists in the board's order, archived ones included: as
    /// ``ProjectRepository/lists(onBoard:)``.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    func lists(onBoard board: Board.ID) throws(RepositoryError) -> [BoardList]

    /// The gap at `index` of a list, counted without the project `moving` (last when `nil`).
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    /// - Complexity: O(log *n*) for a list of *n* projects, through an ordered index.
    func gap(
        at index: Int?, inList list: BoardList.ID, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap

    /// Every project of a list, in order.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    /// - Complexity: O(*n*) for a list of *n* projects.
    func projects(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project]

    /// The board's labels, by name.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    func labels(onBoard board: Board.ID) throws(RepositoryError) -> [Label]

    /// The archived projects of a list, in order.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    func archived(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project]
    /// The card's checklist, in order: as ``ProjectRepository/checklist(of:)``.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* items, through an ordered index.
    func checklist(of card: Project.ID) throws(RepositoryError) -> [ChecklistItem]

    /// The checklist item with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    func checklistItem(id: ChecklistItem.ID) throws(RepositoryError) -> ChecklistItem

    /// The card's comments, newest first: as ``ProjectRepository/comments(of:)``.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* comments, through an ordered index.
    func comments(of card: Project.ID) throws(RepositoryError) -> [Comment]

    /// The comment with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    func comment(id: Comment.ID) throws(RepositoryError) -> Comment
}

extension StoreReading {
    /// The three standard lists: a reader written before boards had lists of their own.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board (or the list) does not exist.
    public func lists(onBoard board: Board.ID) throws(RepositoryError) -> [BoardList] {
        _ = try self.board(id: board)
        return BoardList.standard(on: board)
    }

    /// A standard list's gap, read as the column of its stage: a reader written before boards had
    /// lists of their own.
    /// - Throws: ``RepositoryError/notFound(_:)`` for any other list.
    public func gap(
        at index: Int?, inList list: BoardList.ID, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap {
        guard let stage = list.standardStage(on: board) else { throw .notFound(.list(list)) }
        return try gap(at: index, in: stage, onBoard: board, moving: moving)
    }

    /// No list's projects: a reader written before boards had lists of their own reads none.
    /// - Throws: ``RepositoryError/notFound(_:)`` always.
    public func projects(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
        throw .notFound(.list(list))
    }

    /// No labels: a reader written before boards had labels.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board (or the list) does not exist.
    public func labels(onBoard board: Board.ID) throws(RepositoryError) -> [Label] {
        _ = try self.board(id: board)
        return []
    }

    /// No archived projects: a reader written before projects could be archived.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board (or the list) does not exist.
    public func archived(inList list: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> [Project] {
        _ = try self.list(id: list, onBoard: board)
        return []
    }

    /// No items: a reader written before cards had checklists reads none.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    public func checklist(of card: Project.ID) throws(RepositoryError) -> [ChecklistItem] {
        _ = try project(id: card)
        return []
    }

    /// No item: a reader written before cards had checklists finds none.
    /// - Throws: ``RepositoryError/notFound(_:)`` always.
    public func checklistItem(id: ChecklistItem.ID) throws(RepositoryError) -> ChecklistItem {
        throw .notFound(.checklistItem(id))
    }

    /// No comments: a reader written before cards had comments reads none.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    public func comments(of card: Project.ID) throws(RepositoryError) -> [Comment] {
        _ = try project(id: card)
        return []
    }

    /// No comment: a reader written before cards had comments finds none.
    /// - Throws: ``RepositoryError/notFound(_:)`` always.
    public func comment(id: Comment.ID) throws(RepositoryError) -> Comment {
        throw .notFound(.comment(id))
    }

    /// The list with this id on `board`.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    public func list(id: BoardList.ID, onBoard board: Board.ID) throws(RepositoryError) -> BoardList {
        guard let list = try lists(onBoard: board).first(where: { $0.id == id }) else { throw .notFound(.list(id)) }
        return list
    }

    /// The list a card of `stage` lands in on `board`: the first list of that stage that is not
    /// archived.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board has none.
    public func landing(_ stage: ProjectState, onBoard board: Board.ID) throws(RepositoryError) -> BoardList {
        let lists = try lists(onBoard: board)
        guard let list = lists.first(stage) else { throw .notFound(.list(.standard(on: board, stage))) }
        return list
    }
}
