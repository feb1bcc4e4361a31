import Foundation

/// Makes an account a member of a board, or no longer one: the accounts that may use a board
/// besides its owner (Trello's board members).
///
/// ```swift
/// try await setBoardMember(work.id, account: colleague.id)               // a member
/// try await setBoardMember(work.id, account: colleague.id, member: false) // no longer
/// ```
public struct SetBoardMember: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Adds `account` to the board's members (`member`), or takes it off them and off every card
    /// of the board it was assigned to; one undo step. Only the signed-in owner may.
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/onlyTheOwner`` for anyone
    ///   else (and for a board of no account); ``RepositoryError/notFound(_:)`` for no board.
    @discardableResult
    public func callAsFunction(_ board: Board.ID, account: Account.ID, member: Bool = true)
        async throws(RepositoryError)
        -> Board
    {
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            var stored = try store.board(id: board)
            guard let owner = stored.owner, owner == store.author else {
                throw .invalid(ValidationError([.onlyTheOwner]))
            }
            guard account != owner, stored.members.contains(account) != member else { return (nil, stored) }
            var changes = ChangeSet(
                UserAction(.setBoardMember(board, account: account, member: member), at: now), undoOn: board)
            if member {
                stored.members.append(account)
            } else {
                stored.members.removeAll { $0 == account }
                for list in try store.lists(onBoard: board) {
                    let cards =
                        try store.projects(inList: list.id, onBoard: board)
                        + store.archived(inList: list.id, onBoard: board)
                    for var card in cards where card.assignees.contains(account) {
                        card.assignees.removeAll { $0 == account }
                        changes.update(card)
                    }
                }
            }
            changes.update(stored)
            changes.record(member ? .memberAdded : .memberRemoved, title: stored.title, on: board)
            return (changes, stored)
        }
    }
}
