import Foundation

extension ObjectContext.State {
    /// Deletes an object and applies the delete rules of the references to it.
    mutating func delete(_ id: ObjectID) {
        var pending = [id]
        while let next = pending.popLast() {
            guard graph[next] != nil else { continue }
            let referrers = graph.referrers(of: next)
            record(next)
            graph.remove(next)
            for referrer in referrers {
                let source = ObjectID(entityName: referrer.entity, uuid: referrer.id)
                guard let object = graph[source] else { continue }
                switch Self.deleteRule(of: object, relationship: referrer.relationship) {
                case .cascade: pending.append(source)
                case .nullify:
                    record(source)
                    graph.upsert(Self.nullifying(object, relationship: referrer.relationship))
                case .deny: break
                }
            }
        }
    }

    private static func deleteRule<E: ManagedEntity>(of object: E, relationship: Int) -> DeleteRule {
        E.relationships[relationship].deleteRule
    }

    private static func nullifying<E: ManagedEntity>(_ object: E, relationship: Int) -> E {
        var object = object
        E.relationships[relationship].nullify?(&object)
        return object
    }

    /// Checks every changed object's own rules, its references, and uniqueness; and that no
    /// deleted object is still referred to by a denying relationship.
    func validate(_ log: ChangeLog) throws(ContextError) {
        var issues: [ValidationIssue] = []
        var hasUniquenessConstraints = false
        // An entity's objects are checked together: its rules are read once, not once an object.
        for (name, ids) in log.idsByEntity {
            guard let found = graph.validationIssues(ofEntityNamed: name, ids: ids) else { continue }
            issues += found.issues
            hasUniquenessConstraints = hasUniquenessConstraints || found.constrained
        }
        log.forEachPresent { id in
            guard !graph.contains(id) else { return }
            for referrer in graph.referrers(of: id) {
                let source = ObjectID(entityName: referrer.entity, uuid: referrer.id)
                issues.append(ValidationIssue(object: id, message: "cannot be deleted while \(source) refers to it"))
            }
        }
        guard issues.isEmpty else {
            let ordered = issues.enumerated().sorted {
                ($0.element.object.description, $0.offset) < ($1.element.object.description, $1.offset)
            }
            throw .validationFailed(ordered.map(\.element))
        }
        guard hasUniquenessConstraints else { return }
        try log.forEach { id, _ throws(ContextError) in
            guard let object = graph[id] else { return }
            try checkUniqueness(of: object)
        }
    }

    /// - Complexity: O(*n*) for *n* objects of the entity, when it declares constraints.
    private func checkUniqueness<E: ManagedEntity>(of object: E) throws(ContextError) {
        for constraint in E.uniquenessConstraints {
            let key = constraint.key(object)
            let clash = graph.existingTable(E.self)?.objects.first {
                $0.id != object.id && constraint.key($0) == key
            }
            if let clash {
                throw .uniquenessConflict(constraint: constraint.name, objects: [object.objectID, clash.objectID])
            }
        }
    }
}
