import Foundation

/// What one user action changes, as a use case decided it: the objects written and the history
/// entries recorded, saved by a ``ChangeRecording`` store as one unit (all or nothing), one change
/// on its stream and one undo step of ``undoBoard``.
///
/// ```swift
/// var changes = ChangeSet(action, undoOn: card.boardID)
/// changes.update(card)
/// changes.record(.moved(from: .todo, to: .doing), of: card)
/// try await store.save(changes)
/// ```
public struct ChangeSet: Hashable, Sendable {
    /// One object written.
    public enum Change: Hashable, Sendable {
        /// Inserts a new project.
        case insertProject(Project)
        /// Writes a project over the stored one with the same id.
        case updateProject(Project)
        /// Deletes a project, and its star.
        case deleteProject(Project.ID)
        /// Inserts a new board.
        case insertBoard(Board)
        /// Writes a board over the stored one with the same id.
        case updateBoard(Board)
        /// Deletes the board and what belongs to it (its projects, stars and history).
        case deleteBoard(Board.ID)
        /// Inserts a new star.
        case insertFavourite(Favourite)
        /// Writes a star over the stored one with the same id.
        case updateFavourite(Favourite)
        /// Takes a star off.
        case deleteFavourite(Favourite.ID)
        /// Write a list (a board's first change to its lists also writes its standard lists).
        case insertList(BoardList)
        /// Replace a list's stored values.
        case updateList(BoardList)
        /// Write a new label.
        case insertLabel(Label)
        /// Replace a label's name or colour.
        case updateLabel(Label)
        /// Delete a label (the cards it was on are updated in the same set).
        case deleteLabel(Label)
        /// Inserts a new checklist item.
        case insertChecklistItem(ChecklistItem)
        /// Writes a checklist item over the stored one with the same id.
        case updateChecklistItem(ChecklistItem)
        /// Deletes a checklist item.
        case deleteChecklistItem(ChecklistItem.ID)
        /// Inserts a new comment.
        case insertComment(Comment)
        /// Writes a comment over the stored one with the same id.
        case updateComment(Comment)
        /// Deletes a comment.
        case deleteComment(Comment.ID)
    }

    /// A history entry to record: the store numbers it and dates it with the action.
    public struct Entry: Hashable, Sendable {
        /// What happened.
        public var kind: Activity.Kind
        /// The project's title, or the board's for a board's entry.
        public var title: String
        /// The project it happened to; `nil` for a board's entry.
        public var project: Project.ID?
        /// The board whose history shows it.
        public var board: Board.ID

        /// An entry of `kind` about `project` (or the board), shown in `board`'s history.
        public init(kind: Activity.Kind, title: String, project: Project.ID? = nil, board: Board.ID) {
            self.kind = kind
            self.title = title
            self.project = project
            self.board = board
        }
    }

    /// The action these changes carry out.
    public var action: UserAction
    /// The board whose undo step this is: undo there reverts every change of the set.
    public let undoBoard: Board.ID
    /// The objects written, in order.
    public private(set) var changes: [Change] = []
    /// The history entries, in order.
    public private(set) var entries: [Entry] = []

    /// An empty change set for `action`, undone on `board`.
    public init(_ action: UserAction, undoOn board: Board.ID) {
        self.action = action
        undoBoard = board
    }

    /// Whether nothing would be written.
    public var isEmpty: Bool { changes.isEmpty && entries.isEmpty }

    /// Every board the changes touch: the boards of projects, stars, lists, checklist items and
    /// comments written, boards written, history entries'.
    public var boards: Set<Board.ID> {
        var boards: Set<Board.ID> = []
        forEachBoard { boards.insert($0) }
        return boards
    }

    /// Calls `body` with every board the changes touch, as ``boards`` lists them, some more than
    /// once: for a check that needs no set.
    /// - Throws: What `body` throws.
    public func forEachBoard<Failure: Error>(_ body: (Board.ID) throws(Failure) -> Void) throws(Failure) {
        try body(undoBoard)
        for change in changes {
            switch change {
            case .insertProject(let project), .updateProject(let project): try body(project.boardID)
            case .insertBoard(let board), .updateBoard(let board): try body(board.id)
            case .deleteBoard(let id): try body(id)
            case .insertFavourite(let favourite), .updateFavourite(let favourite): try body(favourite.boardID)
            case .insertList(let list), .updateList(let list): try body(list.boardID)
            case .insertLabel(let label), .updateLabel(let label), .deleteLabel(let label): try body(label.boardID)
            case .insertChecklistItem(let item), .updateChecklistItem(let item): try body(item.boardID)
            case .insertComment(let comment), .updateComment(let comment): try body(comment.boardID)
            case .deleteProject, .deleteFavourite, .deleteChecklistItem, .deleteComment: break
            }
        }
        for entry in entries { try body(entry.board) }
    }

    /// Adds the insertion of `project`.
    public mutating func insert(_ project: Project) { changes.append(.insertProject(project)) }
    /// Adds the writing of `project` over its stored self.
    public mutating func update(_ project: Project) { changes.append(.updateProject(project)) }
    /// Adds the deletion of the project `project`.
    public mutating func delete(_ project: Project.ID) { changes.append(.deleteProject(project)) }
    /// Adds the insertion of `board`.
    public mutating func insert(_ board: Board) { changes.append(.insertBoard(board)) }
    /// Adds the writing of `board` over its stored self.
    public mutating func update(_ board: Board) { changes.append(.updateBoard(board)) }
    /// Adds the deletion of the board `board`, with what is on it.
    public mutating func delete(_ board: Board.ID) { changes.append(.deleteBoard(board)) }
    /// Adds the insertion of `favourite`.
    public mutating func insert(_ favourite: Favourite) { changes.append(.insertFavourite(favourite)) }
    /// Adds the writing of `favourite` over its stored self.
    public mutating func update(_ favourite: Favourite) { changes.append(.updateFavourite(favourite)) }
    /// Adds the deletion of the star `favourite`.
    public mutating func delete(_ favourite: Favourite.ID) { changes.append(.deleteFavourite(favourite)) }
    /// Adds writing a new list.
    public mutating func insert(_ list: BoardList) { changes.append(.insertList(list)) }
    /// Adds replacing a list.
    public mutating func update(_ list: BoardList) { changes.append(.updateList(list)) }
    /// Adds writing a new label.
    public mutating func insert(_ label: Label) { changes.append(.insertLabel(label)) }
    /// Adds replacing a label.
    public mutating func update(_ label: Label) { changes.append(.updateLabel(label)) }
    /// Adds deleting a label.
    public mutating func delete(_ label: Label) { changes.append(.deleteLabel(label)) }
    /// Adds the insertion of the checklist item `item`.
    public mutating func insert(_ item: ChecklistItem) { changes.append(.insertChecklistItem(item)) }
    /// Adds the writing of the checklist item `item` over its stored self.
    public mutating func update(_ item: ChecklistItem) { changes.append(.updateChecklistItem(item)) }
    /// Adds the deletion of the checklist item `item`.
    public mutating func delete(_ item: ChecklistItem.ID) { changes.append(.deleteChecklistItem(item)) }
    /// Adds the insertion of `comment`.
    public mutating func insert(_ comment: Comment) { changes.append(.insertComment(comment)) }
    /// Adds the writing of `comment` over its stored self.
    public mutating func update(_ comment: Comment) { changes.append(.updateComment(comment)) }
    /// Adds the deletion of the comment `comment`.
    public mutating func delete(_ comment: Comment.ID) { changes.append(.deleteComment(comment)) }

    /// Records `kind` in the history of `project`'s board, under its title.
    public mutating func record(_ kind: Activity.Kind, of project: Project) {
        record(kind, title: project.title, project: project.id, on: project.boardID)
    }

    /// Records `kind` in `board`'s history.
    public mutating func record(_ kind: Activity.Kind, title: String, project: Project.ID? = nil, on board: Board.ID) {
        entries.append(Entry(kind: kind, title: title, project: project, board: board))
    }

    /// Makes the action `author`'s: the store that knows who is signed in says so as it saves.
    public mutating func attribute(to author: Account.ID?) {
        action.author = author
    }

    /// Makes the action `author`'s, the history naming it `name` (``UserAction/authorName``).
    public mutating func attribute(to author: Account.ID?, named name: String?) {
        action.author = author
        action.authorName = name
    }
}

/// Where a unit of changes is decided and saved: the write verb every store offers.
///
/// A use case reads what it needs and decides inside ``write(_:)``, as in a database
/// transaction: nothing else is written between its reads and its save, so two actions on one card
/// never lose each other's change.
/// ```swift
/// let change = try await store.write { store throws(RepositoryError) in
///     var card = try store.project(id: id)
///     card.rank = try store.gap(at: 0, in: .doing, onBoard: card.boardID, moving: id).rank
///     var changes = ChangeSet(action, undoOn: card.boardID)
///     changes.update(card)
///     return (changes, card)
/// }
/// ```
public protocol ChangeRecording: Sendable {
    /// Runs `decide` on the store as it is now, with nothing else written meanwhile, then saves the
    /// change set it returns as one unit: every object and history entry, or nothing; one change
    /// on the change stream, and one undo step of ``ChangeSet/undoBoard``. A `nil` change set saves
    /// nothing.
    /// - Returns: What `decide` returned beside the change set.
    /// - Throws: What `decide` throws; ``RepositoryError/notFound(_:)`` when an object written or
    ///   deleted does not exist (or the viewer may not see it), ``RepositoryError/storage(_:)``;
    ///   nothing is saved then.
    /// - Complexity: `decide`'s reads, then the store's save; the engine's writes O(*k* log *n*)
    ///   for *k* changes in tables of *n* objects, plus one append to the file.
    func write<Result: Sendable>(
        _ decide: @Sendable (any StoreReading) throws(RepositoryError) -> (changes: ChangeSet?, result: Result)
    ) async throws(RepositoryError) -> Result
}

extension ChangeRecording {
    /// Saves `changes`, decided already, as one unit (see ``write(_:)``).
    /// - Throws: As ``write(_:)``.
    public func save(_ changes: ChangeSet) async throws(RepositoryError) {
        try await write { _ throws(RepositoryError) in (changes, ()) }
    }
}

/// The ports a write use case reads and writes through: one store's projects, boards, stars, and
/// the unit of changes.
public typealias ProjectStore = ProjectRepository & BoardRepository & FavouriteRepository & ChangeRecording
