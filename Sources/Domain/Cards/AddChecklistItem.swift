import Foundation

/// Adds an item to a card's checklist, last or at an index.
///
/// ```swift
/// let item = try await addChecklistItem("Book the room", to: card.id)
/// try await addChecklistItem("Send the agenda", to: card.id, at: 0)   // first
/// ```
/// Only the new item and its history entry are written: it takes a rank between its neighbours.
public struct AddChecklistItem: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time and with its ids.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Adds an item of `text` (one line, as a title) to the checklist of `card` at `index` (last
    /// when `nil` or past the end), as one undo step of the card's board.
    /// - Throws: ``RepositoryError/invalid(_:)`` for text that breaks a title's rules,
    ///   ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for a checklist of *n* items, plus one save.
    @discardableResult
    public func callAsFunction(
        _ text: String, to card: Project.ID, at index: Int? = nil
    ) async throws(RepositoryError) -> ChecklistItem {
        let text = try CardRules.checked(itemText: text)
        let now = environment.now()
        let id = ChecklistItem.ID(rawValue: environment.makeID())
        return try await store.write { store throws(RepositoryError) in
            let project = try store.project(id: card)
            let items = try store.checklist(of: card)
            let item = ChecklistItem(
                id: id, projectID: card, boardID: project.boardID, text: text,
                rank: CardRules.rank(at: index, among: items))
            var changes = ChangeSet(
                UserAction(.addChecklistItem(id, text: text, card: card, index: index), at: now),
                undoOn: project.boardID)
            changes.insert(item)
            changes.record(.checklistItemAdded(text), of: project)
            return (changes, item)
        }
    }
}
