import Foundation
import ProjectManagerDomain

extension Board.ID: ManagedID {}
extension Project.ID: ManagedID {}
extension BoardList.ID: ManagedID {}
extension Label.ID: ManagedID {}

extension Label: ManagedEntity {
    public static let entityName = "Label"

    /// A label belongs to a board; deleting the board deletes its labels.
    public static var relationships: [Relationship<Label>] {
        [.required(\.boardID, to: Board.self, onDelete: .cascade)]
    }

    /// Labels are fetched by board.
    public static var indexes: [EntityIndex<Label>] { [EntityIndex(\.boardID)] }

    public var approximateByteCount: Int { 64 + name.utf8.count }
}
extension ChecklistItem.ID: ManagedID {}
extension Comment.ID: ManagedID {}

extension BoardList: ManagedEntity {
    public static let entityName = "List"

    /// A list belongs to a board; deleting the board deletes its lists.
    public static var relationships: [Relationship<BoardList>] {
        [.required(\.boardID, to: Board.self, onDelete: .cascade)]
    }

    /// Each board's lists, in rank order.
    public static var orderings: [EntityOrdering<BoardList>] {
        [EntityOrdering(named: BoardList.ordering, groupedBy: { $0.boardID }, orderedBy: { $0.rank })]
    }

    public func validationFailures() -> [String] {
        ProjectRules.failures(title: title).map(\.description)
    }

    public var approximateByteCount: Int { 96 + title.utf8.count }

    /// The name of the ordering of lists by board and rank.
    static let ordering = "lists"
}

extension ChecklistItem: ManagedEntity {
    public static let entityName = "ChecklistItem"

    /// An item belongs to a card and stands on its board; deleting either deletes the item.
    public static var relationships: [Relationship<ChecklistItem>] {
        [
            .required(\.projectID, to: Project.self, onDelete: .cascade),
            .required(\.boardID, to: Board.self, onDelete: .cascade),
        ]
    }

    /// A board's items are fetched at once, for its rows' progress.
    public static var indexes: [EntityIndex<ChecklistItem>] { [EntityIndex(\.boardID)] }

    /// Each card's checklist, in rank order.
    public static var orderings: [EntityOrdering<ChecklistItem>] {
        [EntityOrdering(named: ChecklistItem.ordering, groupedBy: { $0.projectID }, orderedBy: { $0.rank })]
    }

    public func validationFailures() -> [String] {
        ProjectRules.failures(title: text).map(\.description)
    }

    public var approximateByteCount: Int { 96 + text.utf8.count }

    /// The name of the ordering of items by card and rank.
    static let ordering = "checklist"
}

extension Comment: ManagedEntity {
    public static let entityName = "Comment"

    /// A comment belongs to a card and stands on its board; deleting either deletes the comment.
    public static var relationships: [Relationship<Comment>] {
        [
            .required(\.projectID, to: Project.self, onDelete: .cascade),
            .required(\.boardID, to: Board.self, onDelete: .cascade),
        ]
    }

    /// Each card's comments, oldest first (ties by id).
    public static var orderings: [EntityOrdering<Comment>] {
        [EntityOrdering(named: Comment.ordering, groupedBy: { $0.projectID }, orderedBy: { $0.createdAt })]
    }

    public func validationFailures() -> [String] {
        ProjectRules.failures(comment: text).map(\.description)
    }

    public var approximateByteCount: Int { 128 + text.utf8.count + (authorName?.utf8.count ?? 0) }

    /// The name of the ordering of comments by card and date.
    static let ordering = "comments"
}

extension Board: ManagedEntity {
    public static let entityName = "Board"

    public func validationFailures() -> [String] {
        ProjectRules.failures(title: title).map(\.description)
    }
}

extension Project: ManagedEntity {
    public static let entityName = "Project"

    /// A project belongs to a board; deleting the board deletes its projects.
    public static var relationships: [Relationship<Project>] {
        [.required(\.boardID, to: Board.self, onDelete: .cascade)]
    }

    /// Columns are fetched by state.
    public static var indexes: [EntityIndex<Project>] { [EntityIndex(\.state)] }

    /// Each list of each board, in rank order; and each board's cards by deadline, those that
    /// wait on one (``Project/waits(through:)``) apart, for the today summary.
    public static var orderings: [EntityOrdering<Project>] {
        [
            EntityOrdering(
                named: ProjectColumn.ordering, groupedBy: { ProjectColumn($0.listID, archived: $0.isArchived) },
                orderedBy: { $0.rank }),
            EntityOrdering(
                named: ProjectDeadlines.ordering,
                groupedBy: {
                    ProjectDeadlines(
                        board: $0.boardID, waiting: $0.deadline != nil && $0.state != .done && !$0.isArchived)
                },
                orderedBy: { $0.deadline ?? Day(year: 1, month: 1, day: 1) }),
        ]
    }

    // A project's own rules (title, body, deadline) are the Domain's: the use cases check them
    // once, before they reach the store; the context checks that its board exists.

    public var approximateByteCount: Int { 160 + title.utf8.count + body.utf8.count }
}

/// One board's cards that wait on a deadline (or the others): a group of the projects' ordering by deadline.
struct ProjectDeadlines: Hashable, Sendable {
    /// The name of the ordering of ``Project`` by board and deadline.
    static let ordering = "deadlines"
    let board: Board.ID
    /// Whether the cards have a deadline, are not archived and are not in a done stage.
    let waiting: Bool
}

/// One list of one board: a group of the projects' ordered index.
public struct ProjectColumn: Hashable, Sendable {
    /// The name of the ordering of ``Project`` by list and rank.
    public static let ordering = "column"
    /// The list.
    public let list: BoardList.ID
    /// Whether this is the list's archive rather than the list itself.
    public let archived: Bool

    /// The projects of `list` (or of its archive).
    public init(_ list: BoardList.ID, archived: Bool = false) {
        self.list = list
        self.archived = archived
    }

    /// The standard list of `state` on `board`.
    public init(_ board: Board.ID, _ state: ProjectState) {
        list = .standard(on: board, state)
        archived = false
    }
}

extension Schema {
    /// The entities of a ProjectManager store.
    public static let projectManager = Schema(
        version: 2,
        entities: [
            Board.self, BoardList.self, Label.self, Project.self, ActivityRecord.self, GitHubBoardLink.self,
            GitHubCard.self, FavouriteRecord.self, ChecklistItem.self, Comment.self, SyncMark.self, PendingChange.self,
        ], migrations: [.positionsToRanks])
}
