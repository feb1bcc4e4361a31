import Foundation
import ProjectManagerDomain

/// A card's detail screen as it renders: its fields, its checklist and its comments.
public struct CardDetail: Hashable, Sendable {
    /// One checklist item as a row shows it.
    public struct Item: Hashable, Sendable, Identifiable {
        /// The item's id.
        public let id: ChecklistItem.ID
        /// Its place in the checklist, from 1, as `pm show` numbers it.
        public let number: Int
        /// Its text.
        public let text: String
        /// Whether it is ticked.
        public let isDone: Bool
    }

    /// One comment as a row shows it.
    public struct CommentRow: Hashable, Sendable, Identifiable {
        /// The comment's id.
        public let id: Comment.ID
        /// Who wrote it, for the reader: "You", an imported author's name, "A member", "Nobody".
        public let author: String
        /// When it was posted, in the locale's words.
        public let time: String
        /// Its text.
        public let text: String
        /// "edited" when it changed since it was posted; `nil` when not.
        public let edited: String?
        /// Whether the reader may edit or delete it: it is theirs.
        public let canEdit: Bool
    }

    /// The card's title.
    public let title: String
    /// The card's description.
    public let body: String
    /// The name of the list it stands in.
    public let list: String
    /// Its labels, in the order they were put on.
    public let labels: [BoardRow.Badge]
    /// Its deadline, with its time of day when it has one; `nil` for none.
    public let due: String?
    /// Whether it is late now.
    public let isOverdue: Bool
    /// Its checklist, in order.
    public let items: [Item]
    /// How much of the checklist is done ("2 of 5 done"); `nil` without a checklist.
    public let progress: String?
    /// Its comments, newest first.
    public let comments: [CommentRow]
    /// Whether it is archived.
    public let isArchived: Bool
}
