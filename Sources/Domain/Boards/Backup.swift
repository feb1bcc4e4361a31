import Foundation

/// Boards with what is on them, as a backup holds them: what ``BackUpBoards`` reads and
/// ``RestoreBoards`` puts back.
///
/// Each board has its lists in order (archived ones included), its labels, and its projects list
/// by list, each list's cards in order, then its archived cards in order; each project has its
/// checklist in order and its comments, newest first. A project's ``Project/rank`` is not kept:
/// the restore gives each a place in its list in the backup's order.
/// ```swift
/// let backup = try await backUpBoards()                     // every board the viewer sees
/// let restored = try await restoreBoards(backup)            // into a new store, as they were
/// ```
///
/// A backup written before boards had lists of their own has no lists (``Entry/lists`` is `nil`)
/// and no labels, checklists or comments: its projects land in their board's first open list of
/// their stage.
public struct Backup: Hashable, Sendable {
    /// One board and what is on it.
    public struct Entry: Hashable, Sendable {
        /// The board: its id, title and the date it was made. Its owner and members are not kept:
        /// a restored board is the restoring viewer's.
        public var board: Board
        /// Its projects: list by list in ``lists``' order, each list's cards in order, then its
        /// archived cards in order. Each stands in ``Project/listID`` (one of ``lists``), or, when
        /// ``lists`` is `nil`, in the first open list of its ``Project/state``.
        public var projects: [Project]
        /// Its lists in the board's order, archived ones included; `nil` for a backup written
        /// before boards had lists of their own.
        public var lists: [BoardList]?
        /// Its labels, by name: the ones ``Project/labels`` name.
        public var labels: [Label]
        /// Each project's checklist, in order, by the project's id; a project missing here has none.
        public var checklists: [Project.ID: [ChecklistItem]]
        /// Each project's comments, newest first, by the project's id; a project missing here has
        /// none.
        public var comments: [Project.ID: [Comment]]

        /// A board and its projects, in each column's order: a backup written before boards had
        /// lists of their own.
        public init(board: Board, projects: [Project]) {
            self.init(board: board, lists: nil, labels: [], projects: projects)
        }

        /// A board with its lists in order (`nil`: from before lists), labels, projects list by
        /// list, and their checklists and comments by project.
        public init(
            board: Board, lists: [BoardList]?, labels: [Label], projects: [Project],
            checklists: [Project.ID: [ChecklistItem]] = [:], comments: [Project.ID: [Comment]] = [:]
        ) {
            self.board = board
            self.lists = lists
            self.labels = labels
            self.projects = projects
            self.checklists = checklists
            self.comments = comments
        }

        /// The project's checklist, in order.
        public func checklist(of project: Project.ID) -> [ChecklistItem] { checklists[project] ?? [] }

        /// The project's comments, newest first.
        public func comments(of project: Project.ID) -> [Comment] { comments[project] ?? [] }
    }

    /// The boards, in order.
    public var boards: [Entry]

    /// A backup of `boards`, in order.
    public init(boards: [Entry]) {
        self.boards = boards
    }

    /// Every project of every board.
    public var projects: [Project] { boards.flatMap(\.projects) }
}
