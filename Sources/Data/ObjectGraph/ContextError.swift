/// One rule an object breaks, found when a context saves.
public struct ValidationIssue: Hashable, Sendable, CustomStringConvertible {
    /// The object that breaks the rule.
    public let object: ObjectID
    /// What is wrong, as a sentence.
    public let message: String

    /// The rule `object` breaks, as `message` says it.
    public init(object: ObjectID, message: String) {
        self.object = object
        self.message = message
    }

    public var description: String { "\(object): \(message)" }
}

/// Why a context could not do what it was asked.
public enum ContextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No object has this id.
    case objectNotFound(ObjectID)
    /// An object with this id exists already.
    case objectExists(ObjectID)
    /// The save broke these rules (every one found); nothing was saved.
    case validationFailed([ValidationIssue])
    /// The save would give two objects the same values for a uniqueness constraint.
    case uniquenessConflict(constraint: String, objects: [ObjectID])
    /// Undo and redo need the context saved first: save or roll back its changes.
    case unsavedChanges
    /// A fetch's predicate could not be evaluated.
    case fetchFailed(reason: String)
    /// The store could not read or write.
    case store(StoreError)
    /// Undo or redo would overwrite a later change to this object, made in another undo scope.
    case undoConflict(ObjectID)

    public var description: String {
        switch self {
        case .objectNotFound(let id): "\(id) does not exist"
        case .objectExists(let id): "\(id) exists already"
        case .validationFailed(let issues): "not saved: " + issues.map(\.description).joined(separator: "; ")
        case .uniquenessConflict(let constraint, let objects):
            "not saved: \(objects.map(\.description).joined(separator: " and ")) share the same \(constraint)"
        case .unsavedChanges: "the context has unsaved changes: save or roll them back before undo or redo"
        case .fetchFailed(let reason): "the fetch failed: \(reason)"
        case .store(let error): error.description
        case .undoConflict(let id): "\(id) changed since in another undo scope: undo that change first"
        }
    }
}

/// What one save inserted, updated and deleted, by id.
public struct ContextChanges: Hashable, Sendable {
    /// The objects the save inserted.
    public var inserted: Set<ObjectID> = []
    /// The objects the save changed.
    public var updated: Set<ObjectID> = []
    /// The objects the save deleted.
    public var deleted: Set<ObjectID> = []

    /// Changes; by default none.
    public init(inserted: Set<ObjectID> = [], updated: Set<ObjectID> = [], deleted: Set<ObjectID> = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}
