import Foundation

extension ObjectContext {
    /// The object of `type` with `id`, or `nil`.
    public func object<E: ManagedEntity>(_ type: E.Type, id: E.ID) -> E? {
        state.withLock { $0.graph[type, id] }
    }

    /// The object of `type` with `id`.
    /// - Throws: ``ContextError/objectNotFound(_:)``.
    public func existingObject<E: ManagedEntity>(_ type: E.Type, id: E.ID) throws(ContextError) -> E {
        guard let object = object(type, id: id) else { throw .objectNotFound(ObjectID(type, id: id)) }
        return object
    }

    /// The objects of `Source` whose relationship at `keyPath` points at `target`: the inverse,
    /// to-many side of a relationship.
    ///
    /// - Complexity: O(*k*) for *k* results when `keyPath` is a declared relationship.
    public func objects<Source: ManagedEntity, Target: ManagedID>(
        _ type: Source.Type, where keyPath: KeyPath<Source, Target>, is target: Target
    ) -> [Source] {
        state.withLock { $0.graph.existingTable(type)?.sources(referringTo: target.rawValue, via: keyPath) ?? [] }
    }

    /// The objects a request matches, sorted, from its offset up to its limit.
    ///
    /// - Throws: ``ContextError/fetchFailed(reason:)`` when the predicate throws.
    /// - Complexity: O(*n*) predicate evaluations for *n* objects of the entity, plus
    ///   O(*m* log *m*) to sort *m* matches.
    public func fetch<E: ManagedEntity>(_ request: FetchRequest<E>) throws(ContextError) -> [E] {
        let candidates = state.withLock { state in
            state.graph.existingTable(E.self)?.candidates(for: request.predicate?.equalityConstraints ?? []) ?? []
        }
        if candidates.isEmpty { return [] }
        var matches = candidates
        if let predicate = request.predicate { matches = try PredicateEvaluation.filter(candidates, predicate) }
        KeyedSort.sort(&matches, using: request.sortBy)
        let start = min(max(request.fetchOffset, 0), matches.count)
        let end = request.fetchLimit.map { min(start + max($0, 0), matches.count) } ?? matches.count
        return start == 0 && end == matches.count ? matches : Array(matches[start..<end])
    }

    /// Folds every object of `type` into a result, in no particular order.
    ///
    /// - Complexity: O(*n*) for *n* objects of the entity.
    public func reduce<E: ManagedEntity, Result: Sendable>(
        _ type: E.Type, into initial: Result, _ update: (inout Result, E) -> Void
    ) -> Result {
        state.withLock { state in
            var result = initial
            guard let table = state.graph.existingTable(type) else { return result }
            for object in table.objects { update(&result, object) }
            return result
        }
    }

    /// The number of objects a request matches, ignoring its sort, offset and limit.
    /// - Throws: ``ContextError/fetchFailed(reason:)`` when the predicate throws.
    /// - Complexity: O(1) without a predicate; O(*n*) for *n* objects of the entity with one.
    public func count<E: ManagedEntity>(_ request: FetchRequest<E>) throws(ContextError) -> Int {
        guard request.predicate != nil else { return state.withLock { $0.graph.count(of: E.self) } }
        return try fetch(FetchRequest(predicate: request.predicate)).count
    }
}
