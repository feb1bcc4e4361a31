/// What one save changed, by id: delivered on a repository's change stream.
public struct RepositoryChange: Hashable, Sendable {
    public var inserted: Set<EntityReference>
    public var updated: Set<EntityReference>
    public var deleted: Set<EntityReference>

    public init(
        inserted: Set<EntityReference> = [], updated: Set<EntityReference> = [],
        deleted: Set<EntityReference> = []
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// Whether the save changed nothing.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    /// Every entity the save touched.
    public var all: Set<EntityReference> { inserted.union(updated).union(deleted) }
}
