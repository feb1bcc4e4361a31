extension TrelloBoard {
    /// A kind of thing a Trello export holds that a ``TrelloBoard`` leaves out; ``TrelloBoard/skipped``
    /// counts each.
    public enum Skipped: String, Hashable, Sendable, CaseIterable {
        /// Files and links attached to cards (`cards[].attachments`).
        case attachments
        /// Custom fields the board defines (`customFields`).
        case customFields
        /// Values of custom fields on cards (`cards[].customFieldItems`).
        case customFieldItems
        /// Power-Up data of the board and of its cards (`pluginData`).
        case pluginData
        /// Stickers on cards (`cards[].stickers`).
        case stickers
        /// Votes on cards (`cards[].idMembersVoted`).
        case votes
        /// Start dates of cards (`cards[].start`).
        case startDates
        /// Checklists whose card is not in the export.
        case checklistsWithoutCard
        /// Comments whose card is not in the export (a card since deleted).
        case commentsWithoutCard
        /// Label ids on cards that name no label of the board.
        case unknownLabels
        /// Member ids on cards that name no member of the board (a person who left it).
        case unknownMembers
        /// Label colours that are not Trello's: such a label has no colour.
        case unknownColours
        /// Actions other than comments: the board's history of moves and edits.
        case otherActions
    }
}
