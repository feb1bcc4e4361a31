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
    /// The undo scope the action belongs to (for the repositories, a board), or `nil` for none.
    var scope: String?
    var changes: [ObjectChange] {
        didSet { approximateByteCount = Self.byteCount(of: changes) }
    }
    /// About how many bytes the group takes in memory and in the store; kept, since trimming
    /// the stack after every save reads it for every step.
    private(set) var approximateByteCount: Int

    init(name: String?, scope: String? = nil, changes: [ObjectChange]) {
        self.name = name
        self.scope = scope
        self.changes = changes
        approximateByteCount = Self.byteCount(of: changes)
    }

    private static func byteCount(of changes: [ObjectChange]) -> Int {
        changes.reduce(64) { total, change in
            total + 64 + (change.before?.approximateByteCount ?? 0) + (change.after?.approximateByteCount ?? 0)
        }
    }

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

/// The undo and redo stacks of a root context, bounded to `limit` steps and ``byteLimit`` bytes.
///
/// Each step belongs to a scope (a board) or to none: undo and redo in a scope take that scope's
/// last step, and a new step clears the redo steps of its scope only. Without a scope they take
/// the last step of all.
struct UndoStack: Sendable {
    /// The most objects one undo step holds; a larger save (an import) empties the stacks instead
    /// of keeping every object twice in memory and in the store.
    static let maximumStepSize = 10_000
    /// The most bytes (about) the steps of both stacks hold together; the oldest go first, so the
    /// store stays the size of its data plus a bounded history however long it is used.
    static let byteLimit = 4 << 20

    var undo: [UndoGroup] = []
    var redo: [UndoGroup] = []
    var limit: Int

    /// The index of the last step of `scope` in `steps` (`nil` scope: the last step). A step
    /// saved without a scope (by a store from before scopes) belongs to every scope.
    static func lastIndex(in steps: [UndoGroup], scope: String?) -> Int? {
        guard let scope else { return steps.indices.last }
        return steps.lastIndex { $0.scope == scope || $0.scope == nil }
    }

    /// Updates the stacks for a save of `changes` done as `operation` in `scope`.
    mutating func apply(_ operation: UndoOperation, name: String?, scope: String? = nil, changes: [ObjectChange]) {
        switch operation {
        case .none:
            break
        case .push:
            undo.append(UndoGroup(name: name, scope: scope, changes: changes))
            redo.removeAll { scope == nil || $0.scope == scope || $0.scope == nil }
            trim()
        case .merge:
            if undo.isEmpty {
                apply(.push, name: name, scope: scope, changes: changes)
            } else {
                undo[undo.count - 1].merge(changes)
                redo.removeAll { scope == nil || $0.scope == scope || $0.scope == nil }
                trim()
            }
        case .undo:
            if let index = Self.lastIndex(in: undo, scope: scope) { redo.append(undo.remove(at: index)) }
        case .redo:
            if let index = Self.lastIndex(in: redo, scope: scope) { undo.append(redo.remove(at: index)) }
        case .clear:
            undo = []
            redo = []
        }
    }

    /// Drops the oldest steps past the count and byte limits; the newest step always stays.
    private mutating func trim() {
        if undo.count > limit { undo.removeFirst(undo.count - limit) }
        var bytes = redo.reduce(0) { $0 + $1.approximateByteCount }
        var firstKept = undo.count
        while firstKept > 0 {
            let size = undo[firstKept - 1].approximateByteCount
            if firstKept < undo.count, bytes + size > Self.byteLimit { break }
            bytes += size
            firstKept -= 1
        }
        undo.removeFirst(firstKept)
    }
}
