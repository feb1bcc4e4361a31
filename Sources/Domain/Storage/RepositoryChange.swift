/// What one save changed, by id: delivered on a repository's change stream.
public struct RepositoryChange: Hashable, Sendable {
    /// The projects and boards the save made.
    public var inserted: Set<EntityReference>
    /// The projects and boards the save changed.
    public var updated: Set<EntityReference>
    /// The projects and boards the save deleted.
    public var deleted: Set<EntityReference>
    /// The board of each inserted or updated project, as the save left it, so that a screen can
    /// tell whether a save concerns its board without reading anything. A deleted project's board
    /// is not given: a screen knows whether it showed it.
    public var projectBoards: [Project.ID: Board.ID]
    /// The stars the save put on or took off (deleting a project or a board takes its star off).
    public var favourites: Set<Favourite.ID>

    /// A change; by default one that touched nothing.
    public init(
        inserted: Set<EntityReference> = [], updated: Set<EntityReference> = [],
        deleted: Set<EntityReference> = [], projectBoards: [Project.ID: Board.ID] = [:],
        favourites: Set<Favourite.ID> = []
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.projectBoards = projectBoards
        self.favourites = favourites
    }

    /// Whether two changes name the same inserted, updated and deleted entities and stars.
    ///
    /// ``projectBoards`` is not compared: the repository derives it from the store, as a lookup
    /// aid, and it says nothing the three sets do not.
    public static func == (lhs: RepositoryChange, rhs: RepositoryChange) -> Bool {
        (lhs.inserted, lhs.updated, lhs.deleted, lhs.favourites) == (
            rhs.inserted, rhs.updated, rhs.deleted, rhs.favourites
        )
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(inserted)
        hasher.combine(updated)
        hasher.combine(deleted)
        hasher.combine(favourites)
    }

    /// Whether the save changed nothing.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty && favourites.isEmpty }

    /// Every entity the save touched.
    public var all: Set<EntityReference> { inserted.union(updated).union(deleted) }
}
