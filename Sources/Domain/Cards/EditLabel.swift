import Foundation

/// Renames, recolours or deletes a board's label.
public struct EditLabel: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Makes `edit` to the label `id` of `board`, as one undo step. Deleting it takes it off
    /// every card of the board that has it (each such card is written).
    /// - Throws: ``RepositoryError/invalid(_:)`` for a bad name or a name another label has;
    ///   ``RepositoryError/notFound(_:)`` when the board or the label does not exist.
    @discardableResult
    public func callAsFunction(_ id: Label.ID, on board: Board.ID, _ edit: LabelEdit) async throws(RepositoryError)
        -> Label
    {
        let now = environment.now()
        return try await store.write { store throws(RepositoryError) in
            let labels = try store.labels(onBoard: board)
            guard let old = labels.first(where: { $0.id == id }) else { throw .notFound(.label(id)) }
            var label = old
            var changes = ChangeSet(UserAction(.editLabel(id, edit), at: now), undoOn: board)
            switch edit {
            case .rename(let name):
                label.name = try LabelRules.checked(name: name, colour: label.colour)
                try LabelRules.requireFree(label.name, among: labels, except: id)
            case .colour(let colour):
                label.colour = colour
                _ = try LabelRules.checked(name: label.name, colour: colour)
            case .delete:
                for list in try store.lists(onBoard: board) {
                    let cards =
                        try store.projects(inList: list.id, onBoard: board)
                        + store.archived(inList: list.id, onBoard: board)
                    for var card in cards where card.labels.contains(id) {
                        card.labels.removeAll { $0 == id }
                        changes.update(card)
                    }
                }
                changes.delete(old)
                changes.record(.labelDeleted(old.displayName), title: old.displayName, on: board)
                return (changes, old)
            }
            guard label != old else { return (nil, old) }
            changes.update(label)
            changes.record(.labelChanged(label.displayName), title: label.displayName, on: board)
            return (changes, label)
        }
    }
}
