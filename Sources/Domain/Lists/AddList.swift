import Foundation

/// Adds a list to a board (Trello's "Add another list").
///
/// ```swift
/// let review = try await addList("Review", on: board.id, stage: .doing, at: 2, limit: 3)
/// ```
public struct AddList: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time and with its ids.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Adds a list named `title` of `stage` at `index` among the board's lists that are not
    /// archived (last when `nil`), with an optional soft `limit`.
    /// - Throws: ``RepositoryError/invalid(_:)`` for a bad name or limit, or a name another list
    ///   has; ``RepositoryError/notFound(_:)`` when the board does not exist.
    @discardableResult
    public func callAsFunction(
        _ title: String, on board: Board.ID, stage: ProjectState = .todo, at index: Int? = nil, limit: Int? = nil
    ) async throws(RepositoryError) -> BoardList {
        let title = try ListRules.checked(title: title, limit: limit)
        let now = environment.now()
        let id = BoardList.ID(rawValue: environment.makeID())
        return try await store.write { store throws(RepositoryError) in
            _ = try store.board(id: board)
            let lists = try store.lists(onBoard: board)
            try ListRules.requireFree(title, among: lists, except: nil)
            let list = BoardList(
                id: id, boardID: board, title: title, stage: stage, rank: ListRules.rank(at: index, among: lists.open),
                limit: limit)
            var changes = ChangeSet(
                UserAction(
                    .createList(id, title: title, board: board, stage: stage, index: index, limit: limit), at: now),
                undoOn: board)
            changes.insert(list)
            changes.record(.listAdded(title), title: title, on: board)
            return (changes, list)
        }
    }
}

/// The rules of a list's name, limit and place, shared by the list use cases.
enum ListRules {
    /// `title` trimmed, when it and `limit` are good.
    static func checked(title: String, limit: Int?) throws(RepositoryError) -> String {
        var failures = ProjectRules.failures(title: title)
        if let limit, limit < 1 { failures.append(.listLimitInvalid(limit)) }
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        return title.trimmingWhitespace
    }

    /// Refuses `title` when a list other than `list`, not archived, has it (without case).
    static func requireFree(_ title: String, among lists: [BoardList], except list: BoardList.ID?)
        throws(RepositoryError)
    {
        let key = title.lowercased()
        if lists.contains(where: { $0.id != list && !$0.isArchived && $0.title.lowercased() == key }) {
            throw .invalid(ValidationError([.listNameTaken(title)]))
        }
    }

    /// The rank of a list put at `index` (last when `nil` or past the end) of `lists`, in order.
    static func rank(at index: Int?, among lists: [BoardList]) -> Rank {
        let gap = min(max(index ?? lists.count, 0), lists.count)
        return Rank.between(gap > 0 ? lists[gap - 1].rank : nil, gap < lists.count ? lists[gap].rank : nil)
    }
}
