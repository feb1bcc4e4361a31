import Foundation
import Synchronization

/// A fetch, split into sections, that keeps itself current: Core Data's fetched results
/// controller.
///
/// After each save of its context that touches its entity, it fetches again and delivers, for
/// every section, the difference from the previous results as a `CollectionDifference` of ids
/// (inserts, removals, and moves with `inferringMoves()`), so that a board can animate.
/// ```swift
/// let columns = try LiveResults(
///     context: context,
///     request: FetchRequest<Project>(sortBy: [SortDescriptor(\.position)]),
///     sectionedBy: \.state, sections: ProjectState.allCases)
/// for await update in columns.updates() {
///     for section in update.sections { render(section.key, section.objects, section.difference) }
/// }
/// ```
public final class LiveResults<Entity: ManagedEntity, SectionKey: Hashable & Sendable>: Sendable {
    /// One section of the results.
    public struct Section: Sendable {
        /// The value of the section key its objects share.
        public let key: SectionKey
        /// The objects, in the request's order.
        public let objects: [Entity]
        /// How the section's ids changed since the previous update (all inserts in the first).
        public let difference: CollectionDifference<Entity.ID>
        /// The objects that stayed in the section but whose values changed.
        public let updated: Set<Entity.ID>
    }

    /// The sections after one save.
    public struct Update: Sendable {
        public let sections: [Section]

        /// The section with this key.
        public func section(_ key: SectionKey) -> Section? {
            sections.first { $0.key == key }
        }
    }

    private let context: ObjectContext
    private let request: FetchRequest<Entity>
    private let sectionKey: @Sendable (Entity) -> SectionKey
    private let fixedSections: [SectionKey]?
    private let state: Mutex<State>
    private let task: Mutex<Task<Void, Never>?> = Mutex(nil)

    private struct State {
        var sections: [Section]
        var subscribers: [UUID: AsyncStream<Update>.Continuation] = [:]
    }

    /// Fetches the results, split by `keyPath`, and starts following the context's saves.
    ///
    /// - Parameters:
    ///   - sections: The sections to show, in order, even when empty; `nil` shows the keys found,
    ///     in the order of their first object.
    /// - Throws: ``ContextError/fetchFailed(reason:)``.
    public init(
        context: ObjectContext, request: FetchRequest<Entity>,
        sectionedBy keyPath: KeyPath<Entity, SectionKey> & Sendable, sections: [SectionKey]? = nil
    ) throws(ContextError) {
        self.context = context
        self.request = request
        self.sectionKey = { $0[keyPath: keyPath] }
        self.fixedSections = sections
        let objects = try context.fetch(request)
        state = Mutex(State(sections: []))
        let initial = Self.sections(of: objects, key: sectionKey, fixed: sections, previous: [])
        state.withLock { $0.sections = initial }
        let changes = context.changeStream()
        let follow = Task { [weak self] in
            for await change in changes {
                guard let self else { return }
                self.refresh(after: change)
            }
        }
        task.withLock { $0 = follow }
    }

    deinit {
        task.withLock { $0?.cancel() }
        state.withLock { state in
            for continuation in state.subscribers.values { continuation.finish() }
        }
    }

    /// The current sections.
    public var sections: [Section] { state.withLock { $0.sections } }

    /// The sections after every later save that touches the entity; ends when the results go away,
    /// or when the request's predicate throws on the changed objects.
    public func updates() -> AsyncStream<Update> {
        let (stream, continuation) = AsyncStream.makeStream(of: Update.self)
        let key = UUID()
        state.withLock { $0.subscribers[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: key) }
        }
        return stream
    }

    private func refresh(after change: ContextChanges) {
        let touched = change.inserted.union(change.updated).union(change.deleted)
        let changedIDs = Set(touched.filter { $0.entityName == Entity.entityName }.map(\.uuid))
        guard !changedIDs.isEmpty else { return }
        let objects: [Entity]
        do {
            objects = try context.fetch(request)
        } catch {
            // The predicate threw on the new objects: the results can no longer stay current, so
            // every stream ends rather than showing stale sections as current.
            let subscribers = state.withLock { state in
                defer { state.subscribers = [:] }
                return Array(state.subscribers.values)
            }
            for subscriber in subscribers { subscriber.finish() }
            return
        }
        let (update, subscribers) = state.withLock { state in
            let sections = Self.sections(
                of: objects, key: sectionKey, fixed: fixedSections, previous: state.sections,
                changed: changedIDs)
            state.sections = sections
            return (Update(sections: sections), Array(state.subscribers.values))
        }
        for subscriber in subscribers { subscriber.yield(update) }
    }

    /// Splits `objects` into sections and diffs each against the previous section of its key.
    ///
    /// - Complexity: O(*n* + *d*²) per section in the worst case of `CollectionDifference`, for *n*
    ///   objects and *d* differences.
    private static func sections(
        of objects: [Entity], key: (Entity) -> SectionKey, fixed: [SectionKey]?, previous: [Section],
        changed: Set<UUID> = []
    ) -> [Section] {
        var grouped: [SectionKey: [Entity]] = [:]
        var order: [SectionKey] = fixed ?? []
        for object in objects {
            let sectionKey = key(object)
            if grouped[sectionKey] == nil, fixed == nil { order.append(sectionKey) }
            grouped[sectionKey, default: []].append(object)
        }
        let old = Dictionary(previous.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return order.map { sectionKey in
            let objects = grouped[sectionKey] ?? []
            let ids = objects.map(\.id)
            let oldIDs = old[sectionKey]?.objects.map(\.id) ?? []
            let oldSet = Set(oldIDs)
            let updated = Set(ids.filter { oldSet.contains($0) && changed.contains($0.rawValue) })
            return Section(
                key: sectionKey, objects: objects, difference: ids.difference(from: oldIDs).inferringMoves(),
                updated: updated)
        }
    }
}
