import Foundation

/// Reads a board as its screen shows it: three columns, counts, and overdue flags for today.
public struct FetchBoard: Sendable {
    let boards: any BoardRepository
    let projects: any ProjectRepository
    let environment: EngineEnvironment

    /// Reads boards from `boards` and their projects from `projects`, with overdue flags for the
    /// day `environment` says it is.
    public init(boards: any BoardRepository, projects: any ProjectRepository, environment: EngineEnvironment) {
        self.boards = boards
        self.projects = projects
        self.environment = environment
    }

    /// - Parameter window: How many projects of each column to read from its top (`nil`: all);
    ///   each column's ``BoardOverview/Column/count`` is its whole size either way.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*k*) for the *k* projects read.
    public func callAsFunction(_ id: Board.ID = .default, window: Int? = nil) async throws(RepositoryError)
        -> BoardOverview
    {
        let board = try await boards.board(id: id)
        var columns: [ColumnWindow] = []
        for list in try await projects.lists(onBoard: id).open {
            columns.append(try await projects.column(list: list.id, onBoard: id, offset: 0, limit: window))
        }
        var overview = BoardOverview(board: board, columns: columns, today: environment.today(), now: environment.now())
        try await detail(&overview)
        return overview
    }

    /// Reads the board's labels and each card's checklist progress into `overview`, in place (its
    /// items are not copied).
    private func detail(_ overview: inout BoardOverview) async throws(RepositoryError) {
        overview.labels = try await projects.labels(onBoard: overview.board.id)
        let progress = try await projects.checklistProgress(
            of: overview.columns.flatMap { $0.items.map(\.id) }, onBoard: overview.board.id)
        guard !progress.isEmpty else { return }
        for column in overview.columns.indices {
            for item in overview.columns[column].items.indices {
                let id = overview.columns[column].items[item].id
                if let checklist = progress[id] { overview.columns[column].items[item].checklist = checklist }
            }
        }
    }

    /// A board with only the projects that carry `label`, every list read whole and filtered.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*n*) for *n* projects on the board.
    public func callAsFunction(_ id: Board.ID = .default, labelled label: Label.ID) async throws(RepositoryError)
        -> BoardOverview
    {
        let board = try await boards.board(id: id)
        var columns: [ColumnWindow] = []
        for list in try await projects.lists(onBoard: id).open {
            let all = try await projects.column(list: list.id, onBoard: id, offset: 0, limit: nil).projects
            let kept = all.filter { $0.labels.contains(label) }
            columns.append(ColumnWindow(list: list, offset: 0, projects: kept, count: kept.count))
        }
        var overview = BoardOverview(board: board, columns: columns, today: environment.today(), now: environment.now())
        try await detail(&overview)
        return overview
    }

    /// A further window of one column, for a screen that scrolls.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func column(
        _ state: ProjectState, on id: Board.ID = .default, offset: Int, limit: Int
    ) async throws(RepositoryError) -> BoardOverview.Column {
        BoardOverview.Column(
            try await projects.column(state, onBoard: id, offset: offset, limit: limit), today: environment.today(),
            now: environment.now())
    }

    /// A window of one list of a board, laid out for today.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    public func column(
        list: BoardList.ID, on id: Board.ID = .default, offset: Int, limit: Int
    ) async throws(RepositoryError) -> BoardOverview.Column {
        BoardOverview.Column(
            try await projects.column(list: list, onBoard: id, offset: offset, limit: limit),
            today: environment.today(),
            now: environment.now())
    }
}
