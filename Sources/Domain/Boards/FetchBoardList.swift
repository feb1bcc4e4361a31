import Foundation

/// Lists the viewer's boards with how many projects each stage holds (its open lists' counts
/// added up), for a board list.
///
/// ```swift
/// for summary in try await fetchBoardList() {
///     print(summary.board.title, summary.count)   // "Work 12"
/// }
/// ```
/// The counts come from each column's ordered index: no project is read.
public struct FetchBoardList: Sendable {
    private let boards: any BoardRepository
    private let projects: any ProjectRepository

    /// Reads the boards from `boards` and each column's count from `projects`.
    public init(boards: any BoardRepository, projects: any ProjectRepository) {
        self.boards = boards
        self.projects = projects
    }

    /// - Complexity: O(*b* log *n*) for *b* boards of at most *n* projects in a column.
    /// - Throws: ``RepositoryError/accounts(_:)`` when who is signed in cannot be read,
    ///   ``RepositoryError/storage(_:)``.
    public func callAsFunction() async throws(RepositoryError) -> [BoardSummary] {
        var summaries: [BoardSummary] = []
        for board in try await boards.boards() {
            // Every open list counts toward its stage.
            var counts: [ProjectState: Int] = [.todo: 0, .doing: 0, .done: 0]
            for list in try await projects.lists(onBoard: board.id).open {
                counts[list.stage, default: 0] +=
                    try await projects.column(list: list.id, onBoard: board.id, offset: 0, limit: 0).count
            }
            summaries.append(BoardSummary(board: board, counts: counts))
        }
        return summaries
    }
}
