import Foundation
import ProjectManagerDomain

extension GitHubBoardLink: ManagedEntity {
    public static let entityName = "GitHubBoardLink"

    /// A link belongs to its board; deleting the board deletes it.
    public static var relationships: [Relationship<GitHubBoardLink>] {
        [.required(\.id, to: Board.self, onDelete: .cascade)]
    }
}

extension GitHubCard: ManagedEntity {
    public static let entityName = "GitHubCard"

    /// A card's GitHub data belongs to its board; deleting the board deletes it. It outlives its
    /// project, so that a sync knows a deleted card's issue (and does not bring it in again).
    public static var relationships: [Relationship<GitHubCard>] {
        [.required(\.boardID, to: Board.self, onDelete: .cascade)]
    }

    /// Cards are read by board.
    public static var indexes: [EntityIndex<GitHubCard>] { [EntityIndex(\.boardID)] }

    public var approximateByteCount: Int { 200 + syncedTitle.utf8.count + syncedBody.utf8.count }
}

extension ObjectGraphRepository: GitHubLinkRepository {
    public func save(_ link: GitHubBoardLink) throws(RepositoryError) {
        let board = link.id
        _ = try self.board(id: board)
        let exists = context.object(GitHubBoardLink.self, id: board) != nil
        try unitOfWork(on: board) { () throws(ContextError) in
            if exists { try context.update(link) } else { try context.insert(link) }
        }
    }

    public func link(of board: Board.ID) throws(RepositoryError) -> GitHubBoardLink? {
        context.object(GitHubBoardLink.self, id: board)
    }

    public func cards(on board: Board.ID) throws(RepositoryError) -> [GitHubCard] {
        try mapped { () throws(ContextError) in
            try context.fetch(FetchRequest<GitHubCard>(predicate: #Predicate { $0.boardID == board }))
        }
    }

    public func save(_ cards: [GitHubCard]) throws(RepositoryError) {
        guard let board = cards.first?.boardID else { return }
        let existing = Set(cards.filter { context.object(GitHubCard.self, id: $0.id) != nil }.map(\.id))
        try unitOfWork(on: board) { () throws(ContextError) in
            for card in cards {
                if existing.contains(card.id) { try context.update(card) } else { try context.insert(card) }
            }
        }
    }
}
