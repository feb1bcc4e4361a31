import Foundation

/// The rules of a checklist item's text and place and of a comment's text, shared by the
/// checklist and comment use cases.
enum CardRules {
    /// An item's `text` trimmed, when it keeps a title's rules (``ProjectRules/failures(title:)``).
    static func checked(itemText text: String) throws(RepositoryError) -> String {
        let failures = ProjectRules.failures(title: text)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        return text.trimmingWhitespace
    }

    /// A comment's `text` trimmed, when it keeps a comment's rules
    /// (``ProjectRules/failures(comment:)``).
    static func checked(comment text: String) throws(RepositoryError) -> String {
        let failures = ProjectRules.failures(comment: text)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        return text.trimmingWhitespace
    }

    /// The rank of an item put at `index` (last when `nil` or past the end) of `items`, in order.
    static func rank(at index: Int?, among items: [ChecklistItem]) -> Rank {
        let gap = min(max(index ?? items.count, 0), items.count)
        return Rank.between(gap > 0 ? items[gap - 1].rank : nil, gap < items.count ? items[gap].rank : nil)
    }

    /// Throws unless `viewer` may change `comment`: they wrote it.
    static func requireAuthor(of comment: Comment, is viewer: Account.ID?) throws(RepositoryError) {
        guard comment.isEditable(by: viewer) else { throw .invalid(ValidationError([.notYourComment])) }
    }
}
