import Foundation

/// One entry of a board's history: what happened to a project or to the board, and when.
///
/// This is the ProjectManager "history" popover and Krello's activity log.
public struct Activity: Identifiable, Hashable, Sendable, Codable {
    /// An activity's identifier.
    public struct ID: Hashable, Sendable, Codable {
        /// The identifier's UUID.
        public let rawValue: UUID
        /// Wraps a UUID.
        public init(rawValue: UUID) { self.rawValue = rawValue }

        public init(from decoder: any Decoder) throws {
            rawValue = try UUIDCoding.decode(from: decoder)
        }

        public func encode(to encoder: any Encoder) throws {
            try UUIDCoding.encode(rawValue, to: encoder)
        }
    }

    /// What happened.
    public enum Kind: Hashable, Sendable, Codable {
        /// The project was made, in this column.
        case added(ProjectState)
        /// The project moved from one column to another.
        case moved(from: ProjectState, to: ProjectState)
        /// The project was reordered within its column.
        case reordered(ProjectState)
        /// The project's title, body or deadline changed.
        case edited
        /// The project was deleted from this column.
        case deleted(ProjectState)
        /// `count` projects were imported into this column, as one action.
        case imported(count: Int, ProjectState)
        /// The project's title or body changed both here and on GitHub since the last sync: GitHub's
        /// text was kept, and this is the local text it replaced, so that nothing typed is lost.
        case keptGitHubText(localTitle: String, localBody: String)
        /// The project was edited here while another device deleted it, and the two met in a sync:
        /// the delete won, and this is the project's title and body as the edit left them, so that
        /// nothing typed is lost without a trace (`Docs/Replication.md`).
        case editLostToDelete(title: String, body: String)
        /// The occurrence due on this day of a repeating project was done; the project went back to
        /// To Do, due on `next`.
        case occurrenceCompleted(Day, next: Day)
        /// The occurrence due on this day of a repeating project was skipped (it became an
        /// `EXDATE`); the project is due on `next`, or, when `nil`, its schedule ended and it is done.
        case occurrenceSkipped(Day, next: Day?)
        /// The board was made.
        case boardCreated
        /// The board was renamed; it had this title.
        case boardRenamed(from: String)
        /// The board with this title was deleted (recorded on the default board).
        case boardDeleted
        /// The project, or the board, was starred.
        case starred(Favourite.Kind)
        /// The project's, or the board's, star was taken off.
        case unstarred(Favourite.Kind)
        /// The project left this board's `from` column for the `to` column of another board,
        /// titled `title` when it moved (recorded on the board it left).
        case movedToBoard(Board.ID, title: String, from: ProjectState, to: ProjectState)
        /// The project came from the `from` column of another board, titled `title` when it moved,
        /// into this board's `to` column (recorded on the board it joined).
        case movedFromBoard(Board.ID, title: String, from: ProjectState, to: ProjectState)

        /// The project moved between lists named `from` and `to` (recorded when a list of the
        /// user's own is one of them; moves between the standard lists are ``moved(from:to:)``).
        case movedBetweenLists(from: String, to: String)
        /// The project was made in the list of this name (a list of the user's own; in a
        /// standard list it is ``added(_:)``).
        case addedToList(String)
        /// A list of this name was added to the board.
        case listAdded(String)
        /// A list was renamed from `from` to `to`.
        case listRenamed(from: String, to: String)
        /// The list of this name moved to another place among the board's lists.
        case listMoved(String)
        /// The list of this name changed its stage or its limit.
        case listChanged(String)
        /// The list of this name was archived, with its cards.
        case listArchived(String)
        /// The list of this name was restored from the archive.
        case listRestored(String)
        /// The label of this name was put on the project.
        case labelled(String)
        /// The label of this name was taken off the project.
        case unlabelled(String)
        /// A label of this name was made on the board.
        case labelCreated(String)
        /// The label now of this name was renamed or recoloured.
        case labelChanged(String)
        /// The label of this name was deleted, and taken off every card.
        case labelDeleted(String)
        /// The board was made from a Trello export with this many cards.
        case importedFromTrello(cards: Int)
        /// An account became a member of the board.
        case memberAdded
        /// An account was no longer a member of the board.
        case memberRemoved
        /// The project was assigned to an account.
        case assigned
        /// An assignment was taken off the project.
        case unassigned
        /// The project was archived.
        case archived
        /// The project was restored from the archive.
        case restored

        /// An item of this text was added to the project's checklist.
        case checklistItemAdded(String)
        /// The checklist item of this text was ticked.
        case checklistItemDone(String)
        /// The checklist item of this text was unticked.
        case checklistItemUndone(String)
        /// A checklist item's text changed from `from` to `to`.
        case checklistItemEdited(from: String, to: String)
        /// The checklist item of this text moved to another place in the checklist.
        case checklistItemMoved(String)
        /// The checklist item of this text was deleted.
        case checklistItemDeleted(String)
        /// A comment was posted on the project.
        case commented
        /// A comment on the project was edited.
        case commentEdited
        /// A comment on the project was deleted.
        case commentDeleted
        /// A checklist item, a comment, a list or a label was edited here while another device
        /// deleted it, and the two met in a sync: the delete won, and `text` is what the edit left
        /// (the item's or the comment's text, the list's title, the label's name).
        case editLostToDeleteOf(LostEditSubject, text: String)

        /// Whether the activity is about a board rather than a project.
        public var isAboutBoard: Bool {
            switch self {
            case .boardCreated, .boardRenamed, .boardDeleted, .starred(.board), .unstarred(.board), .listAdded,
                .listRenamed, .listMoved, .listChanged, .listArchived, .listRestored, .labelCreated, .labelChanged,
                .labelDeleted, .importedFromTrello, .memberAdded, .memberRemoved, .editLostToDeleteOf(.list, _),
                .editLostToDeleteOf(.label, _):
                true
            default: false
            }
        }
    }

    public let id: ID
    /// The board whose history shows it.
    public let boardID: Board.ID
    /// The project it happened to; `nil` for an activity about a board.
    public let projectID: Project.ID?
    /// The project's title when this happened (the board's, for an activity about a board).
    public let projectTitle: String
    /// What happened.
    public let kind: Kind
    /// When it happened.
    public let date: Date
    /// Who did it: the account signed in when it was done (its email), or, signed out, the
    /// device's replica (`replica 0123456789abcdef`) once its store shares or joins a board;
    /// `nil` otherwise. On a shared board every device shows each entry's author.
    public let author: String?

    /// An activity as the store records it.
    public init(id: ID, boardID: Board.ID, projectID: Project.ID?, projectTitle: String, kind: Kind, date: Date) {
        self.init(
            id: id, boardID: boardID, projectID: projectID, projectTitle: projectTitle, kind: kind, date: date,
            author: nil)
    }

    /// An activity done by `author` (``author``).
    public init(
        id: ID, boardID: Board.ID, projectID: Project.ID?, projectTitle: String, kind: Kind, date: Date,
        author: String?
    ) {
        self.id = id
        self.boardID = boardID
        self.projectID = projectID
        self.projectTitle = projectTitle
        self.kind = kind
        self.date = date
        self.author = author
    }
}

/// What an edit that a delete won was an edit of, besides a card
/// (``Activity/Kind/editLostToDeleteOf(_:text:)``).
public enum LostEditSubject: String, Hashable, Sendable, Codable, CaseIterable {
    /// An item of a card's checklist.
    case checklistItem
    /// A comment on a card.
    case comment
    /// A list of the board.
    case list
    /// A label of the board.
    case label
}
