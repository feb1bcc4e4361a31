import Foundation

/// Makes a new, empty board: the signed-in account's, or no account's when signed out.
public struct CreateBoard: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Makes boards in `store`, with the ids and the clock of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Returns: The board as saved, with its owner.
    /// - Throws: ``RepositoryError/invalid(_:)`` when the title breaks the title rules.
    /// - Complexity: One save.
    public func callAsFunction(title: String) async throws(RepositoryError) -> Board {
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        let now = environment.now()
        let id = Board.ID(rawValue: environment.makeID())
        let title = title.trimmingWhitespace
        return try await store.write { store throws(RepositoryError) in
            let decided = Self.decide(Board(id: id, title: title, createdAt: now, owner: store.author), at: now)
            return (decided.changes, decided.board)
        }
    }

    /// The changes that make `board`: it, and its first history entry.
    static func decide(_ board: Board, at now: Date) -> (changes: ChangeSet, board: Board) {
        var changes = ChangeSet(UserAction(.createBoard(board.id, title: board.title), at: now), undoOn: board.id)
        changes.insert(board)
        changes.record(.boardCreated, title: board.title, on: board.id)
        return (changes, board)
    }
}
