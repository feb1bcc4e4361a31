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
}
