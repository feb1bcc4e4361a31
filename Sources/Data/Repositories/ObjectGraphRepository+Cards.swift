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

    /// Each card's progress in one turn of the actor: a count of its checklist's group, and its
    /// items read only when it has some.
    public func checklistProgress(of cards: [Project.ID], onBoard board: Board.ID) async throws(RepositoryError)
        -> [Project.ID: ChecklistProgress]
    {
        _ = try reader.board(id: board)
        var progress: [Project.ID: ChecklistProgress] = [:]
        for card in cards
        where context.count(ChecklistItem.self, ordering: ChecklistItem.ordering, group: card) > 0
            && context.object(Project.self, id: card)?.boardID == board
        {
            let items = context.objects(
                ChecklistItem.self, ordering: ChecklistItem.ordering, group: card, offset: 0, limit: nil)
            progress[card] = ChecklistProgress(items)
        }
        return progress
    }
}
