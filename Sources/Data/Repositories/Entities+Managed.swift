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

    public func validationFailures() -> [String] {
        var failures = draft.failures.map(\.description)
        if position < 0 { failures.append("the position \(position) is negative") }
        return failures
    }
}

extension Schema {
    /// The entities of a ProjectManager store.
    public static let projectManager = Schema(version: 1, entities: [Board.self, Project.self, ActivityRecord.self])
}
