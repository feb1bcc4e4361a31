import Foundation
import ProjectManagerDomain

extension Board.ID: ManagedID {}
extension Project.ID: ManagedID {}

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

    /// Each column of each board, in rank order.
    public static var orderings: [EntityOrdering<Project>] {
        [
            EntityOrdering(
                named: ProjectColumn.ordering, groupedBy: { ProjectColumn($0.boardID, $0.state) },
                orderedBy: { $0.rank })
        ]
    }

    // A project's own rules (title, body, deadline) are the Domain's: the use cases check them
    // once, before they reach the store; the context checks that its board exists.

    public var approximateByteCount: Int { 160 + title.utf8.count + body.utf8.count }
}

/// One column of one board: a group of the projects' ordered index.
public struct ProjectColumn: Hashable, Sendable {
    /// The name of the ordering of ``Project`` by column and rank.
    public static let ordering = "column"
    /// The board.
    public let board: Board.ID
    /// The column's state.
    public let state: ProjectState

    /// The `state` column of `board`.
    public init(_ board: Board.ID, _ state: ProjectState) {
        self.board = board
        self.state = state
    }
}

extension Schema {
    /// The entities of a ProjectManager store.
    public static let projectManager = Schema(
        version: 2,
        entities: [
            Board.self, Project.self, ActivityRecord.self, GitHubBoardLink.self, GitHubCard.self, FavouriteRecord.self,
        ], migrations: [.positionsToRanks])
}
