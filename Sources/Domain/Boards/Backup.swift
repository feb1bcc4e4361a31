import Foundation

/// Boards with their projects, as a backup holds them: what ``RestoreBoards`` puts back.
///
/// Each board's projects are listed column by column in their order; a project's ``Project/rank``
/// and ``Project/boardID`` are not kept, since the restore gives it a place at the end of its
/// column on its board.
/// ```swift
/// let backup = Backup(boards: [Backup.Entry(board: work, projects: [report, offsite])])
/// let restored = try await restoreBoards(backup)
/// ```
public struct Backup: Hashable, Sendable {
    /// One board and its projects, in order.
    public struct Entry: Hashable, Sendable {
        /// The board: its id, title and the date it was made. Its owner is not kept: a restored
        /// board is the restoring viewer's.
        public var board: Board
        /// Its projects, in each column's order.
        public var projects: [Project]

        /// A board and its projects, in each column's order.
        public init(board: Board, projects: [Project]) {
            self.board = board
            self.projects = projects
        }
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
