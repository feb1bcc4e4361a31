import Foundation

/// What to fetch: the objects of one entity that match a predicate, sorted, and a page of them.
///
/// ```swift
/// let cutoff = Day(year: 2026, month: 7, day: 1)
/// var request = FetchRequest<Project>(
///     predicate: #Predicate { $0.state == .doing },
///     sortBy: [SortDescriptor(\.position)])
/// request.fetchLimit = 20
/// let page = try context.fetch(request)
/// ```
public struct FetchRequest<Entity: ManagedEntity>: Sendable {
    /// Which objects to return; all of them when `nil`.
    public var predicate: Predicate<Entity>?
    /// The order of the results; unspecified when empty.
    public var sortBy: [SortDescriptor<Entity>]
    /// The most objects to return; no limit when `nil`.
    public var fetchLimit: Int?
    /// How many of the sorted results to skip.
    public var fetchOffset: Int

    /// A request; by default every object of the entity, in no set order.
    public init(
        predicate: Predicate<Entity>? = nil, sortBy: [SortDescriptor<Entity>] = [],
        fetchLimit: Int? = nil, fetchOffset: Int = 0
    ) {
        self.predicate = predicate
        self.sortBy = sortBy
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
    }
}
