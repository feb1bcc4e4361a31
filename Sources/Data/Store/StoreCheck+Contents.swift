import Foundation
import ProjectManagerDomain

extension StoreCheck {
    /// The check of `contents`, as read from `file`.
    init(file: String, records: Int, contents: StoreContents, warnings: [StoreWarning]) {
        var objects: [String: Int] = [:]
        var problems: [String] = []
        for entity in contents.graph.schema.entities {
            let (count, found) = Self.check(entity, in: contents.graph)
            objects[entity.entityName] = count
            problems += found
        }
        self.init(file: file, records: records, objects: objects, problems: problems, warnings: warnings)
    }

    // MARK: - Checks

    /// The number of `type`'s objects in `graph`, and what is wrong with them.
    ///
    /// - Complexity: O(*n* log *n*) for *n* objects.
    private static func check<E: ManagedEntity>(_ type: E.Type, in graph: ObjectGraph) -> (Int, [String]) {
        let table = graph.table(type)
        var problems: [String] = []
        var uniqueKeys = [[AnyHashable: E.ID]](repeating: [:], count: E.uniquenessConstraints.count)
        for object in table.objects.sorted(by: { $0.id.rawValue.uuidString < $1.id.rawValue.uuidString }) {
            let name = object.objectID.description
            problems += object.validationFailures().map { "\(name) breaks a rule: \($0)" }
            for relationship in E.relationships {
                guard let target = relationship.target(object) else { continue }
                let targetID = ObjectID(entityName: relationship.targetEntity, uuid: target)
                if graph[targetID] == nil { problems.append("\(name) refers to \(targetID), which does not exist") }
                let referrers = table.sources(referringTo: target, via: relationship.keyPath)
                if !referrers.contains(where: { $0.id == object.id }) {
                    problems.append("\(name) is missing from the inverse of its relationship to \(targetID)")
                }
            }
            for index in E.indexes {
                let key = index.key(object)
                let bucket = table.candidates(for: [(keyPath: index.keyPath, value: AnyHashable(key.value))])
                if !bucket.contains(where: { $0.id == object.id }) {
                    problems.append("\(name) is missing from the index on \(key.value)")
                }
                if bucket.contains(where: { index.key($0) != key }) {
                    problems.append("the index entry of \(name) holds objects with another value")
                }
            }
            for (position, constraint) in E.uniquenessConstraints.enumerated() {
                if let other = uniqueKeys[position].updateValue(object.id, forKey: constraint.key(object)) {
                    problems.append("\(name) and \(ObjectID(E.self, id: other)) share their \(constraint.name)")
                }
            }
        }
        return (table.count, problems)
    }
}
