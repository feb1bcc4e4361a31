import Foundation

/// Makes a label on a board.
///
/// ```swift
/// let urgent = try await createLabel("Urgent", colour: .red, on: board.id)
/// ```
public struct CreateLabel: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time and with its ids.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Makes a label named `name` (empty for one known by its colour) of `colour` on `board`.
    /// - Throws: ``RepositoryError/invalid(_:)`` for a bad name, a name another label of the
    ///   board has, or neither name nor colour; ``RepositoryError/notFound(_:)`` for no board.
    @discardableResult
    public func callAsFunction(_ name: String, colour: LabelColour, on board: Board.ID) async throws(RepositoryError)
        -> Label
    {
        let name = try LabelRules.checked(name: name, colour: colour)
        let now = environment.now()
        let label = Label(id: Label.ID(rawValue: environment.makeID()), boardID: board, name: name, colour: colour)
        return try await store.write { store throws(RepositoryError) in
            try LabelRules.requireFree(name, among: store.labels(onBoard: board), except: nil)
            var changes = ChangeSet(UserAction(.createLabel(label), at: now), undoOn: board)
            changes.insert(label)
            changes.record(.labelCreated(label.displayName), title: label.displayName, on: board)
            return (changes, label)
        }
    }
}

/// The rules of a label's name, shared by the label use cases.
enum LabelRules {
    /// `name` trimmed, when it is good: empty only for a label with a colour.
    static func checked(name: String, colour: LabelColour) throws(RepositoryError) -> String {
        let trimmed = name.trimmingWhitespace
        if trimmed.isEmpty {
            guard colour != .none else { throw .invalid(ValidationError([.titleEmpty])) }
            return ""
        }
        let failures = ProjectRules.failures(title: name)
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        return trimmed
    }

    /// Refuses `name` when another label of the board has it (without case).
    static func requireFree(_ name: String, among labels: [Label], except label: Label.ID?) throws(RepositoryError) {
        guard !name.isEmpty else { return }
        let key = name.lowercased()
        if labels.contains(where: { $0.id != label && $0.name.lowercased() == key }) {
            throw .invalid(ValidationError([.labelNameTaken(name)]))
        }
    }
}
