import Foundation

/// Renames, restages, limits, moves, archives or restores a list.
///
/// ```swift
/// try await editList(review.id, on: board.id, .rename("In review"))
/// try await editList(review.id, on: board.id, .move(to: 0))
/// ```
public struct EditList: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Makes `edit` to the list `id` of `board`, as one undo step; an edit that changes nothing
    /// saves nothing.
    ///
    /// A new stage goes to every card of the list (each card is written). Archiving keeps the
    /// cards in the list, hidden with it; a board keeps at least one list that is not archived.
    /// - Throws: ``RepositoryError/invalid(_:)`` for a bad name or limit, a name another list
    ///   has, or the board's last open list archived; ``RepositoryError/notFound(_:)`` when the
    ///   board or the list does not exist.
    @discardableResult
    public func callAsFunction(
        _ id: BoardList.ID, on board: Board.ID, _ edit: ListEdit
    ) async throws(RepositoryError) -> BoardList {
        if case .rename(let title) = edit { _ = try ListRules.checked(title: title, limit: nil) }
        if case .limit(let limit) = edit { _ = try ListRules.checked(title: "list", limit: limit) }
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            let lists = try store.lists(onBoard: board)
            guard let old = lists.first(where: { $0.id == id }) else { throw .notFound(.list(id)) }
            var list = old
            var changes = ChangeSet(UserAction(.editList(id, edit), at: now), undoOn: board)
            let kind: Activity.Kind
            switch edit {
            case .rename(let title):
                list.title = title.trimmingWhitespace
                try ListRules.requireFree(list.title, among: lists, except: id)
                kind = .listRenamed(from: old.title, to: list.title)
            case .stage(let stage):
                list.stage = stage
                guard stage != old.stage else { return (nil, old) }
                for var project in try store.projects(inList: id, onBoard: board) {
                    project.move(to: list)
                    project.updatedAt = now
                    changes.update(project)
                }
                kind = .listChanged(list.title)
            case .limit(let limit):
                list.limit = limit
                kind = .listChanged(list.title)
            case .move(let index):
                let others = lists.open.filter { $0.id != id }
                let current = lists.open.firstIndex { $0.id == id }
                guard !old.isArchived, current != min(max(index, 0), others.count) else { return (nil, old) }
                list.rank = ListRules.rank(at: index, among: others)
                kind = .listMoved(list.title)
            case .archive:
                guard !old.isArchived else { return (nil, old) }
                guard lists.open.count > 1 else { throw .invalid(ValidationError([.lastOpenList])) }
                list.isArchived = true
                kind = .listArchived(list.title)
            case .restore:
                guard old.isArchived else { return (nil, old) }
                try ListRules.requireFree(list.title, among: lists, except: id)
                list.isArchived = false
                list.rank = ListRules.rank(at: nil, among: lists.open)
                kind = .listRestored(list.title)
            }
            guard list != old else { return (nil, old) }
            changes.update(list)
            changes.record(kind, title: list.title, on: board)
            return (changes, list)
        }
    }
}
