import Foundation

/// One object's value before and after a save; `nil` where it did not exist.
struct ObjectChange: Sendable {
    let id: ObjectID
    var before: (any ManagedEntity)?
    var after: (any ManagedEntity)?
}

/// The changes of one user action: what one undo reverts.
struct UndoGroup: Sendable {
    var name: String?
    var changes: [ObjectChange]

    /// Folds a later save's changes into this group: the first before and the last after of each
    /// object.
    mutating func merge(_ later: [ObjectChange]) {
        var index = Dictionary(uniqueKeysWithValues: changes.enumerated().map { ($1.id, $0) })
        for change in later {
            if let position = index[change.id] {
                changes[position].after = change.after
            } else {
                index[change.id] = changes.count
                changes.append(change)
            }
        }
    }
}

/// What a save does to the undo and redo stacks.
enum UndoOperation: String, Sendable, Codable {
    /// Nothing: the context keeps no undo.
    case none
    /// The save is a new user action: it becomes the top undo step, and redo is cleared.
    case push
    /// The save belongs to the open undo group: it is folded into the top undo step.
    case merge
    /// The save reverted the top undo step: that step moves to the redo stack.
    case undo
    /// The save repeated the top redo step: that step moves back to the undo stack.
    case redo
    /// The save changed more objects than an undo step holds: it cannot be undone, and neither
    /// can anything before it, so both stacks are emptied.
    case clear
}

/// The undo and redo stacks of a root context, bounded to `limit` steps.
struct UndoStack: Sendable {
    /// The most objects one undo step holds; a larger save (an import) empties the stacks instead
    /// of keeping every object twice in memory and in the store.
    static let maximumStepSize = 10_000

    var undo: [UndoGroup] = []
    var redo: [UndoGroup] = []
    var limit: Int

    /// Updates the stacks for a save of `changes` done as `operation`.
    mutating func apply(_ operation: UndoOperation, name: String?, changes: [ObjectChange]) {
        switch operation {
        case .none:
            break
        case .push:
            undo.append(UndoGroup(name: name, changes: changes))
            redo = []
            if undo.count > limit { undo.removeFirst(undo.count - limit) }
        case .merge:
            if undo.isEmpty {
                apply(.push, name: name, changes: changes)
            } else {
                undo[undo.count - 1].merge(changes)
                redo = []
            }
        case .undo:
            if let group = undo.popLast() { redo.append(group) }
        case .redo:
            if let group = redo.popLast() { undo.append(group) }
        case .clear:
            undo = []
            redo = []
        }
    }
}
