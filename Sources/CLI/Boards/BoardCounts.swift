import ProjectManager

/// A board with the number of projects in each of its columns, as `pm boards` lists it.
struct BoardCounts: Sendable {
    let board: Board
    let counts: [ProjectState: Int]

    /// The number of projects in the column of `state`.
    func count(in state: ProjectState) -> Int { counts[state] ?? 0 }

    /// The number of projects on the board.
    var count: Int { counts.values.reduce(0, +) }

    /// The counts of `boards`, in their order.
    /// - Complexity: One read of each board's columns.
    static func read(_ boards: [Board], on engine: ProjectManagerEngine) async throws(CommandLineError) -> [BoardCounts] {
        var result: [BoardCounts] = []
        for board in boards {
            let overview = try await attempt { () async throws(RepositoryError) in
                try await engine.fetchBoard(board.id, window: 0)
            }
            let counts = Dictionary(uniqueKeysWithValues: ProjectState.allCases.map { ($0, overview.column($0).count) })
            result.append(BoardCounts(board: board, counts: counts))
        }
        return result
    }
}
