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

    /// Each list of each board, in rank order.
    public static var orderings: [EntityOrdering<Project>] {
        [
            EntityOrdering(
                named: ProjectColumn.ordering, groupedBy: { ProjectColumn($0.listID, archived: $0.isArchived) },
                orderedBy: { $0.rank })
        ]
    }

    // A project's own rules (title, body, deadline) are the Domain's: the use cases check them
    // once, before they reach the store; the context checks that its board exists.

    public var approximateByteCount: Int { 160 + title.utf8.count + body.utf8.count }
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
            Board.self, BoardList.self, Label.self, Project.self, ActivityRecord.self, GitHubBoardLink.self, GitHubCard.self, FavouriteRecord.self,
        ], migrations: [.positionsToRanks])
}
