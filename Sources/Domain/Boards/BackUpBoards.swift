import Foundation

/// Reads boards whole, as a ``Backup`` holds them: what `pm export --json` writes and
/// ``RestoreBoards`` puts back.
///
/// ```swift
/// let backup = try await backUpBoards()             // every board the viewer sees
/// let work = try await backUpBoards([work.id])      // one board
/// ```
/// Each board comes with its lists in order (archived ones included), its labels, and every
/// project list by list: each list's cards in order, then its archived cards in order; each
/// project with its checklist in order and its comments, newest first. It reads through the
/// ports and saves nothing.
public struct BackUpBoards: Sendable {
    private let boards: any BoardRepository
    private let projects: any ProjectRepository

    /// A use case reading `boards` and `projects`.
    public init(boards: any BoardRepository, projects: any ProjectRepository) {
        self.boards = boards
        self.projects = projects
    }

    /// A backup of the boards `ids`, in that order; of every board the viewer sees, oldest first,
    /// when `nil`.
    ///
    /// - Throws: ``RepositoryError/notFound(_:)`` for a board the viewer does not see;
    ///   ``RepositoryError/storage(_:)``.
    /// - Complexity: O(*l* + *n*) reads for *l* lists and *n* projects, each card's checklist and
    ///   comments read through their ordered index.
    public func callAsFunction(_ ids: [Board.ID]? = nil) async throws(RepositoryError) -> Backup {
        var chosen: [Board] = []
        if let ids {
            for id in ids { chosen.append(try await boards.board(id: id)) }
        } else {
            chosen = try await boards.boards()
        }
        var entries: [Backup.Entry] = []
        for board in chosen {
            entries.append(try await entry(of: board))
        }
        return Backup(boards: entries)
    }

    /// One board, whole.
    private func entry(of board: Board) async throws(RepositoryError) -> Backup.Entry {
        let lists = try await projects.lists(onBoard: board.id)
        var cards: [Project] = []
        for list in lists {
            cards += try await projects.column(list: list.id, onBoard: board.id, offset: 0, limit: nil).projects
            cards += try await projects.archived(inList: list.id, onBoard: board.id)
        }
        var checklists: [Project.ID: [ChecklistItem]] = [:]
        var comments: [Project.ID: [Comment]] = [:]
        for card in cards {
            let items = try await projects.checklist(of: card.id)
            if !items.isEmpty { checklists[card.id] = items }
            let said = try await projects.comments(of: card.id)
            if !said.isEmpty { comments[card.id] = said }
        }
        return Backup.Entry(
            board: board, lists: lists, labels: try await projects.labels(onBoard: board.id), projects: cards,
            checklists: checklists, comments: comments)
    }
}
