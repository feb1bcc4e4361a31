import Foundation
import ProjectManagerDomain

// Asynchronous, as the port's defaults are: a synchronous method would lose to the default (which
// reads nothing) when called on the repository itself rather than through the port.

extension ObjectGraphRepository {
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* items, through the ordered index of the card's checklist.
    public func checklist(of card: Project.ID) async throws(RepositoryError) -> [ChecklistItem] {
        try reader.checklist(of: card)
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* comments, through the ordered index of the card's comments.
    public func comments(of card: Project.ID) async throws(RepositoryError) -> [Comment] {
        try reader.comments(of: card)
    }

    /// Each card's progress in one turn of the actor, from the board's items (through their index
    /// by board): nothing is read per card, so a board of many cards and few checklists costs
    /// its items.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func checklistProgress(of cards: [Project.ID], onBoard board: Board.ID) async throws(RepositoryError)
        -> [Project.ID: ChecklistProgress]
    {
        _ = try reader.board(id: board)
        let items = context.objects(ChecklistItem.self, where: \.boardID, is: board)
        guard !items.isEmpty else { return [:] }
        var counts: [Project.ID: (done: Int, total: Int)] = [:]
        for item in items { counts[item.projectID, default: (0, 0)].total += 1 }
        for item in items where item.isDone { counts[item.projectID, default: (0, 0)].done += 1 }
        var progress: [Project.ID: ChecklistProgress] = [:]
        for card in cards {
            if let count = counts[card] { progress[card] = ChecklistProgress(done: count.done, total: count.total) }
        }
        return progress
    }
}
