import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* items, through the ordered index of the card's checklist.
    public func checklist(of card: Project.ID) throws(RepositoryError) -> [ChecklistItem] {
        try reader.checklist(of: card)
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* comments, through the ordered index of the card's comments.
    public func comments(of card: Project.ID) throws(RepositoryError) -> [Comment] {
        try reader.comments(of: card)
    }
}
