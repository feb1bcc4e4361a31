import Foundation

/// Makes a new, empty board: the signed-in account's, or no account's when signed out.
public struct CreateBoard: Sendable {
    private let boards: any BoardRepository
    private let environment: EngineEnvironment

    public init(boards: any BoardRepository, environment: EngineEnvironment) {
        self.boards = boards
        self.environment = environment
    }

    /// - Returns: The board as saved, with its owner.
    /// - Throws: ``RepositoryError/invalid(_:)`` when the title breaks the title rules.
    public func callAsFunction(title: String) async throws(RepositoryError) -> Board {
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        let board = Board(
            id: Board.ID(rawValue: environment.makeID()),
            title: title.trimmingCharacters(in: .whitespacesAndNewlines),
            createdAt: environment.now())
        return try await boards.insert(board)
    }
}

/// Gives a board a new title.
public struct RenameBoard: Sendable {
    private let boards: any BoardRepository

    public init(boards: any BoardRepository) {
        self.boards = boards
    }

    /// - Throws: ``RepositoryError/invalid(_:)``, ``RepositoryError/notFound(_:)``.
    @discardableResult
    public func callAsFunction(_ id: Board.ID, to title: String) async throws(RepositoryError) -> Board {
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        var board = try await boards.board(id: id)
        board.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        try await boards.update(board)
        return board
    }
}

/// Deletes a board and every project on it.
public struct DeleteBoard: Sendable {
    private let boards: any BoardRepository

    public init(boards: any BoardRepository) {
        self.boards = boards
    }

    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/defaultBoardIsPermanent``.
    public func callAsFunction(_ id: Board.ID) async throws(RepositoryError) {
        guard id != .default else { throw .defaultBoardIsPermanent }
        try await boards.deleteBoard(id: id)
    }
}

/// Lists the boards the viewer may see, oldest first (see ``Board/isVisible(to:)``).
public struct ListBoards: Sendable {
    private let boards: any BoardRepository

    public init(boards: any BoardRepository) {
        self.boards = boards
    }

    public func callAsFunction() async throws(RepositoryError) -> [Board] {
        try await boards.boards()
    }
}

/// Lists the viewer's boards with how many projects each column holds, for a board list.
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

    public init(boards: any BoardRepository, projects: any ProjectRepository) {
        self.boards = boards
        self.projects = projects
    }

    /// - Complexity: O(*b* log *n*) for *b* boards of at most *n* projects in a column.
    public func callAsFunction() async throws(RepositoryError) -> [BoardSummary] {
        var summaries: [BoardSummary] = []
        for board in try await boards.boards() {
            var counts: [ProjectState: Int] = [:]
            for state in ProjectState.allCases {
                counts[state] = try await projects.column(state, onBoard: board.id, offset: 0, limit: 0).count
            }
            summaries.append(BoardSummary(board: board, counts: counts))
        }
        return summaries
    }
}

/// The board a viewer starts on: signed out, the default board; signed in, the account's oldest
/// board, made for it (titled ``Board/defaultTitle``) when it has none yet.
///
/// ```swift
/// let session = try await signIn(email: email, password: password)
/// let home = try await homeBoard()      // the account's first board, made on its first sign-in
/// ```
public struct HomeBoard: Sendable {
    private let boards: any BoardRepository
    private let createBoard: CreateBoard

    public init(boards: any BoardRepository, environment: EngineEnvironment) {
        self.boards = boards
        createBoard = CreateBoard(boards: boards, environment: environment)
    }

    /// - Returns: The board; only an account's first call saves anything.
    /// - Throws: ``RepositoryError/storage(_:)``.
    public func callAsFunction() async throws(RepositoryError) -> Board {
        let boards = try await boards.boards()
        if let home = boards.first(where: { $0.id == .default }) ?? boards.first { return home }
        return try await createBoard(title: Board.defaultTitle)
    }
}
