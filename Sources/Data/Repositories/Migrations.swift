import Foundation
import ProjectManagerDomain

extension SchemaMigration {
    /// Version 2 ordered each column by ``Rank`` instead of a dense position (0, 1, 2, …): each
    /// project's position becomes the rank of that ordinal, so columns keep their order and no
    /// card needs renumbering again.
    static let positionsToRanks = SchemaMigration(from: 1) { entity, object in
        guard entity == Project.entityName else { return }
        let position: Int = if case .number(let value)? = object["position"], value.isFinite { Int(value) } else { 0 }
        object["rank"] = .string(Rank(ordinal: position).rawValue)
        object["position"] = nil
    }
}
