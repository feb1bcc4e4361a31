import Foundation

/// Changes one item of a card's checklist: its text, whether it is ticked, its place, or deletes it.
///
/// ```swift
/// try await editChecklistItem(item.id, .done(true))
/// try await editChecklistItem(item.id, .text("Book room 4"))
/// try await editChecklistItem(item.id, .move(to: 0))
/// try await editChecklistItem(item.id, .delete)
/// ```
/// Each edit writes the item alone (its card is not written), as one undo step of the card's board.
public struct EditChecklistItem: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Makes `edit` to the item `id`; an edit that changes nothing (the same text, a tick on a
    /// ticked item, a move to where it stands) saves nothing.
    /// - Returns: The item as it is now; for ``ChecklistEdit/delete``, as it was.
    /// - Throws: ``RepositoryError/invalid(_:)`` for text that breaks a title's rules,
    ///   ``RepositoryError/notFound(_:)`` when the item does not exist.
    /// - Complexity: O(1) reads, or O(*n*) for a move in a checklist of *n* items; plus one save.
    @discardableResult
    public func callAsFunction(_ id: ChecklistItem.ID, _ edit: ChecklistEdit) async throws(RepositoryError)
        -> ChecklistItem
    {
        let text: String? =
            switch edit {
            case .text(let text): try CardRules.checked(itemText: text)
            default: nil
            }
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            let old = try store.checklistItem(id: id)
            let project = try store.project(id: old.projectID)
            var item = old
            var changes = ChangeSet(UserAction(.editChecklistItem(id, edit), at: now), undoOn: project.boardID)
            let kind: Activity.Kind
            switch edit {
            case .text:
                item.text = text ?? old.text
                kind = .checklistItemEdited(from: old.text, to: item.text)
            case .done(let done):
                item.isDone = done
                kind = done ? .checklistItemDone(item.text) : .checklistItemUndone(item.text)
            case .move(let index):
                let items = try store.checklist(of: old.projectID)
                let others = items.filter { $0.id != id }
                guard items.firstIndex(where: { $0.id == id }) != min(max(index, 0), others.count) else {
                    return (nil, old)
                }
                item.rank = CardRules.rank(at: index, among: others)
                kind = .checklistItemMoved(item.text)
            case .delete:
                changes.delete(id)
                changes.record(.checklistItemDeleted(old.text), of: project)
                return (changes, old)
            }
            guard item != old else { return (nil, old) }
            changes.update(item)
            changes.record(kind, of: project)
            return (changes, item)
        }
    }
}
