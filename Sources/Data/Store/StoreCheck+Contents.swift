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
        let table = graph.table(type).whole()
        var problems: [String] = []
        var uniqueKeys = [[AnyHashable: E.ID]](repeating: [:], count: E.uniquenessConstraints.count)
        // Each target's referrers and each index value's objects are read once, not once an object.
        var referrers = [[UUID: Set<UUID>]](repeating: [:], count: E.relationships.count)
        var buckets = [[AnyHashable: (ids: Set<UUID>, mixed: Bool)]](repeating: [:], count: E.indexes.count)
        let sorted = table.objects.sorted { left, right in
            withUnsafeBytes(of: left.id.rawValue.uuid) { left in
                withUnsafeBytes(of: right.id.rawValue.uuid) { right in left.lexicographicallyPrecedes(right) }
            }
        }
        for object in sorted {
            let name = object.objectID.description
            problems += object.validationFailures().map { "\(name) breaks a rule: \($0)" }
            for (position, relationship) in E.relationships.enumerated() {
                guard let target = relationship.target(object) else { continue }
                let targetID = ObjectID(entityName: relationship.targetEntity, uuid: target)
                if graph[targetID] == nil { problems.append("\(name) refers to \(targetID), which does not exist") }
                if referrers[position][target] == nil {
                    referrers[position][target] = Set(
                        table.sources(referringTo: target, via: relationship.keyPath).map(\.id.rawValue))
                }
                if referrers[position][target]?.contains(object.id.rawValue) != true {
                    problems.append("\(name) is missing from the inverse of its relationship to \(targetID)")
                }
            }
            for (position, index) in E.indexes.enumerated() {
                let key = index.key(object)
                let value = AnyHashable(key.value)
                if buckets[position][value] == nil {
                    let bucket = table.candidates(for: [(keyPath: index.keyPath, value: value)])
                    buckets[position][value] = (
                        Set(bucket.map(\.id.rawValue)), bucket.contains { index.key($0) != key }
                    )
                }
                let bucket = buckets[position][value]
                if bucket?.ids.contains(object.id.rawValue) != true {
                    problems.append("\(name) is missing from the index on \(key.value)")
                }
                if bucket?.mixed == true {
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
