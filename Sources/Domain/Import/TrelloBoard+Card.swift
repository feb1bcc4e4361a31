import Foundation

extension TrelloBoard {
    /// A card of a Trello board.
    public struct Card: Hashable, Sendable {
        /// The card's Trello id.
        public var id: String
        /// The card's name.
        public var title: String
        /// The card's description (`desc`), Markdown; empty when it has none.
        public var body: String
        /// When the card is due, if it has a due date.
        public var due: Date?
        /// Whether the due date is marked done (`dueComplete`).
        public var isDueComplete: Bool
        /// Whether the card is archived on Trello.
        public var isClosed: Bool
        /// The card's labels, in the card's order.
        public var labels: [Label]
        /// The people on the card, in the card's order.
        public var members: [Member]
        /// The card's checklists by Trello's position.
        public var checklists: [Checklist]
        /// The comments on the card, newest first.
        public var comments: [Comment]

        /// Makes a card value.
        public init(
            id: String, title: String, body: String = "", due: Date? = nil, isDueComplete: Bool = false,
            isClosed: Bool = false, labels: [Label] = [], members: [Member] = [], checklists: [Checklist] = [],
            comments: [Comment] = []
        ) {
            self.id = id
            self.title = title
            self.body = body
            self.due = due
            self.isDueComplete = isDueComplete
            self.isClosed = isClosed
            self.labels = labels
            self.members = members
            self.checklists = checklists
            self.comments = comments
        }
    }

    /// A checklist of a card.
    public struct Checklist: Hashable, Sendable {
        /// One item of a checklist.
        public struct Item: Hashable, Sendable {
            /// The item's text.
            public var name: String
            /// Whether the item is ticked (Trello's `"complete"` state).
            public var isDone: Bool

            /// Makes an item value.
            public init(name: String, isDone: Bool) {
                self.name = name
                self.isDone = isDone
            }
        }

        /// The checklist's name.
        public var name: String
        /// The checklist's items by Trello's position.
        public var items: [Item]

        /// Makes a checklist value.
        public init(name: String, items: [Item] = []) {
            self.name = name
            self.items = items
        }
    }

    /// A comment on a card (a `commentCard` action of the export).
    public struct Comment: Hashable, Sendable {
        /// The comment's text, Markdown.
        public var text: String
        /// Who wrote it; `nil` when the export names no one (an account since deleted).
        public var author: Member?
        /// When it was written.
        public var date: Date

        /// Makes a comment value.
        public init(text: String, author: Member?, date: Date) {
            self.text = text
            self.author = author
            self.date = date
        }
    }
}
