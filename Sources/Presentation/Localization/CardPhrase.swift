import ProjectManagerDomain

/// The text of a card's detail screen and of the board's lists and rows.
public enum CardPhrase: Hashable, Sendable {
    /// The checklist section's title.
    case checklistTitle
    /// The comments section's title.
    case commentsTitle
    /// A checklist's progress: "2 of 5 done".
    case progress(ChecklistProgress)
    /// The author of a comment written by the reader.
    case byYou
    /// The author of a comment written while nobody was signed in.
    case byNobody
    /// The author of a comment written by another account of the board.
    case byMember
    /// The mark of a comment edited since it was posted.
    case edited
    /// A list over its limit: "over its limit of 3".
    case overLimit(Int)
    /// A list's card count against its limit: "4 of 3".
    case countOfLimit(count: Int, limit: Int)
    /// The text when a card has no comments.
    case noComments
}
