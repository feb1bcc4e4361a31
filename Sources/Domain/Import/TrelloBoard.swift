import Foundation

/// One Trello board, read from the JSON that Trello's "Export as JSON" writes, in the order and shape
/// a board of this engine takes it: lists in Trello's order, each with its cards in order, each card
/// with its labels, members, checklists and comments.
///
/// ``decode(_:limit:)`` reads and checks an export; nothing is stored. What the export holds that
/// this engine cannot carry (attachments, custom fields, Power-Up data, …) is left out and counted
/// in ``skipped``.
///
/// ```swift
/// let board = try TrelloBoard.decode(try Data(contentsOf: file))
/// for list in board.lists {
///     print(list.name, list.cards.count)
/// }
/// if let attachments = board.skipped[.attachments] {
///     print("\(attachments) attachments left out")
/// }
/// ```
public struct TrelloBoard: Hashable, Sendable {
    /// The board's name.
    public var name: String
    /// The board's description (`desc`), Markdown; empty when it has none.
    public var description: String
    /// Whether the board is archived on Trello.
    public var isClosed: Bool
    /// The board's lists by Trello's position (`pos`), archived ones included; lists at the same
    /// position by their Trello id.
    public var lists: [List]
    /// The board's labels, in the export's order.
    public var labels: [Label]
    /// The board's members, in the export's order.
    public var members: [Member]
    /// What the export holds and this board leaves out, by kind; a kind is here only when its count
    /// is above zero, so an empty dictionary means nothing was left out.
    public var skipped: [Skipped: Int]

    /// Makes a board value; ``decode(_:limit:)`` makes one from an export.
    public init(
        name: String, description: String = "", isClosed: Bool = false, lists: [List] = [],
        labels: [Label] = [], members: [Member] = [], skipped: [Skipped: Int] = [:]
    ) {
        self.name = name
        self.description = description
        self.isClosed = isClosed
        self.lists = lists
        self.labels = labels
        self.members = members
        self.skipped = skipped
    }

    /// The cards of every list, list by list.
    public var cards: [Card] { lists.flatMap(\.cards) }
}

// MARK: - Lists, labels and members

extension TrelloBoard {
    /// A list of a Trello board, with its cards.
    public struct List: Hashable, Sendable {
        /// The list's Trello id.
        public var id: String
        /// The list's name.
        public var name: String
        /// Whether the list is archived on Trello.
        public var isClosed: Bool
        /// The list's cards by Trello's position, archived ones included; cards at the same position
        /// by their Trello id.
        public var cards: [Card]

        /// Makes a list value.
        public init(id: String, name: String, isClosed: Bool = false, cards: [Card] = []) {
            self.id = id
            self.name = name
            self.isClosed = isClosed
            self.cards = cards
        }
    }

    /// A label of a Trello board.
    public struct Label: Hashable, Sendable {
        /// The label's name; Trello allows an empty one (a label that is only a colour).
        public var name: String
        /// The label's colour.
        public var colour: LabelColour

        /// Makes a label value.
        public init(name: String, colour: LabelColour) {
            self.name = name
            self.colour = colour
        }
    }

    /// A person on a Trello board.
    public struct Member: Hashable, Sendable {
        /// The person's full name, as Trello shows it.
        public var fullName: String
        /// The person's Trello username.
        public var username: String

        /// Makes a member value.
        public init(fullName: String, username: String) {
            self.fullName = fullName
            self.username = username
        }
    }
}
