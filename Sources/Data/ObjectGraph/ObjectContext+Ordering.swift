import Foundation

// MARK: - Reading through ordered indexes

extension ObjectContext {

    /// The number of objects in one group of an ordering (``ManagedEntity/orderings``).
    ///
    /// - Complexity: O(1).
    public func count<E: ManagedEntity>(
        _ type: E.Type, ordering: String, group: some Hashable & Sendable
    ) -> Int {
        state.withLock { $0.graph.existingTable(type)?.readable.ordering(named: ordering)?.count(inGroup: group) ?? 0 }
    }

    /// A group's objects in order, from `offset`, at most `limit` of them.
    ///
    /// - Complexity: O(log *n* + *k*) for *k* results, with chunks walked in O(*n* / 512).
    public func objects<E: ManagedEntity>(
        _ type: E.Type, ordering: String, group: some Hashable & Sendable, offset: Int = 0, limit: Int? = nil
    ) -> [E] {
        state.withLock { state in
            // Rows still in the store are read in place, a group read whole too: reading the
            // table whole first (and keeping it) costs three times as much for one read.
            guard let table = state.graph.existingTable(type)?.readable else { return [] }
            let rows = table.ordering(named: ordering)?.rows(inGroup: group, offset: offset, limit: limit) ?? []
            return table.objects(atRows: rows)
        }
    }

    /// The object `offset` places from the end of a group (0: the last), if any.
    public func object<E: ManagedEntity>(
        _ type: E.Type, ordering: String, group: some Hashable & Sendable, fromEnd offset: Int
    ) -> E? {
        state.withLock { state in
            guard let table = state.graph.existingTable(type)?.readable else { return nil }
            return table.ordering(named: ordering)?.row(inGroup: group, fromEnd: offset).flatMap { table[row: $0] }
        }
    }

    /// The last object of every group of an ordering.
    ///
    /// - Complexity: O(*g*) for *g* groups.
    public func lastObjects<E: ManagedEntity>(_ type: E.Type, ordering: String) -> [E] {
        state.withLock { state in
            guard let table = state.graph.existingTable(type)?.readable else { return [] }
            return (table.ordering(named: ordering)?.lastRows ?? []).compactMap { table[row: $0] }
        }
    }

    /// The place of an object in its group, from 0, or `nil` when the object is not in the graph.
    ///
    /// - Complexity: O(log *n* + *n* / 512).
    public func position<E: ManagedEntity>(of object: E, ordering: String) -> Int? {
        state.withLock { state in
            guard let table = state.graph.existingTable(E.self)?.readable else { return nil }
            guard let stored = table[object.id.rawValue] else { return nil }
            return table.ordering(named: ordering)?.position(of: stored)
        }
    }
}
