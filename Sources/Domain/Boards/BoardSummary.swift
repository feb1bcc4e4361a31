/// A board as a board list shows it: its title and how many projects each column holds.
public struct BoardSummary: Identifiable, Hashable, Sendable {
    /// The board.
    public let board: Board
    /// The number of projects in each column.
    public let counts: [ProjectState: Int]

    /// The summary of `board`, whose columns hold `counts` projects.
    public init(board: Board, counts: [ProjectState: Int]) {
        self.board = board
        self.counts = counts
    }

    public var id: Board.ID { board.id }

    /// The number of projects in the column of `state`.
    public func count(in state: ProjectState) -> Int { counts[state] ?? 0 }

    /// The number of projects on the board.
    public var count: Int { counts.values.reduce(0, +) }
}
