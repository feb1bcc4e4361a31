import Foundation

/// One thing a user asked for: what, by whom and when.
///
/// Every write use case turns one action into one ``ChangeSet``, after checking it against the
/// rules; the store saves the change set as one unit. The action holds facts, never code paths, so
/// that it can be recorded, sent to another device and checked there again: the replication to
/// come will record it; the engine's store keeps its date in each history entry, not yet its
/// request or author.
/// ```swift
/// let action = UserAction(.moveProject(card.id, to: .done, index: nil), at: environment.now())
/// ```
public struct UserAction: Hashable, Sendable {
    /// What was asked.
    public enum Request: Hashable, Sendable {
        /// Make a project from a draft in a column of a board, at an index (last when `nil`).
        case createProject(Project.ID, ProjectDraft, board: Board.ID, state: ProjectState, index: Int?)
        /// Make many projects at the ends of their columns, as one action.
        case importProjects([Project.ID], board: Board.ID, state: ProjectState)
        /// Replace a project's title, body, deadline and repeat rule.
        case editProject(Project.ID, ProjectDraft)
        /// Move a project to an index of a column of its board (last when `nil`).
        case moveProject(Project.ID, to: ProjectState, index: Int?)
        /// Move a project to another board, into a column there (its own when `nil`).
        case moveProjectToBoard(Project.ID, board: Board.ID, state: ProjectState?, index: Int?)
        /// Skip the occurrence a repeating project waits for.
        case skipOccurrence(Project.ID)
        /// Delete a project.
        case deleteProject(Project.ID)
        /// Make a board.
        case createBoard(Board.ID, title: String)
        /// Give a board a new title.
        case renameBoard(Board.ID, title: String)
        /// Delete a board and everything on it.
        case deleteBoard(Board.ID)
        /// Star a project or a board.
        case star(Favourite.Target)
        /// Take a star off.
        case unstar(Favourite.Target)
        /// Put back boards and their projects from a backup (or a copy of them on a new board).
        case restoreBoards([Board.ID])
        /// Move a project to an index of a list (last when `nil`), on the list's board.
        case moveProjectToList(Project.ID, list: BoardList.ID, index: Int?)
        /// Add a list to a board at an index among its lists (last when `nil`).
        case createList(BoardList.ID, title: String, board: Board.ID, stage: ProjectState, index: Int?, limit: Int?)
        /// Change a list: its name, stage, limit or place, or archive or restore it.
        case editList(BoardList.ID, ListEdit)
        /// Make a label on a board.
        case createLabel(Label)
        /// Rename, recolour or delete a label.
        case editLabel(Label.ID, LabelEdit)
        /// Put a label on a project, or take it off.
        case labelProject(Project.ID, label: Label.ID, on: Bool)
        /// Archive a project, or restore it.
        case archiveProject(Project.ID, archived: Bool)
        /// Make an account a member of a board, or no longer one.
        case setBoardMember(Board.ID, account: Account.ID, member: Bool)
        /// Assign a project to an account, or take the assignment off.
        case assignProject(Project.ID, account: Account.ID, assigned: Bool)
        /// Make a board from a Trello board export.
        case importTrelloBoard(Board.ID, title: String)
        /// Add an item to a card's checklist at an index (last when `nil`).
        case addChecklistItem(ChecklistItem.ID, text: String, card: Project.ID, index: Int?)
        /// Change a checklist item: its text, whether it is ticked or its place, or delete it.
        case editChecklistItem(ChecklistItem.ID, ChecklistEdit)
        /// Post a comment on a card.
        case postComment(Comment.ID, text: String, card: Project.ID)
        /// Give a comment new text.
        case editComment(Comment.ID, text: String)
        /// Delete a comment.
        case deleteComment(Comment.ID)
        /// Keep in a project's history its local title and body, which a sync with GitHub is
        /// about to replace with the issue's.
        case keepLocalText(Project.ID)
    }

    /// What was asked.
    public var request: Request
    /// Who asked: the account signed in when it was saved, or `nil` when nobody was.
    public var author: Account.ID?
    /// How the history names who asked (``Activity/author``): the signed-in account's email,
    /// given with ``author`` by the store that knows who is signed in; `nil` when nobody was.
    public var authorName: String?
    /// When it was asked: every change and history entry it makes carries this time.
    public var date: Date

    /// An action of `author` at `date`.
    public init(_ request: Request, by author: Account.ID? = nil, at date: Date) {
        self.request = request
        self.author = author
        self.date = date
    }
}
