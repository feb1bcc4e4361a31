import Foundation
import Synchronization

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
///
/// Stacks read from a snapshot may be **decoded on first use** (``init(limit:decodingOnFirstUse:)``):
/// opening a store then costs nothing for its undo history, which holds up to ``byteLimit`` bytes
/// of objects. The saves replayed after the snapshot are kept in order and applied when the
/// stacks are first read or changed.
struct UndoStack: Sendable {
    /// The most objects one undo step holds; a larger save (an import) empties the stacks instead
    /// of keeping every object twice in memory and in the store.
    static let maximumStepSize = 10_000
    /// The most bytes (about) the steps of both stacks hold together; the oldest go first, so the
    /// store stays the size of its data plus a bounded history however long it is used.
    static let byteLimit = 4 << 20

    /// The undo steps and the redo steps, each oldest first.
    typealias Steps = (undo: [UndoGroup], redo: [UndoGroup])

    private var storedUndo: [UndoGroup] = []
    private var storedRedo: [UndoGroup] = []
    var limit: Int
    /// The stacks still to decode, and what was done to them since; `nil` once decoded.
    private var pending: PendingStacks?

    init(limit: Int) {
        self.limit = limit
    }

    /// Stacks that `decode` reads when they are first needed. When it fails, the stacks are empty:
    /// the history is lost, never the objects (the caller checked the bytes' framing and checksum).
    init(limit: Int, decodingOnFirstUse decode: @escaping @Sendable () throws -> Steps) {
        self.limit = limit
        pending = PendingStacks(decode: decode)
    }

    /// The undo steps, oldest first.
    var undo: [UndoGroup] {
        get { pending?.resolved(limit: limit).undo ?? storedUndo }
        set {
            resolve()
            storedUndo = newValue
        }
    }

    /// The redo steps, oldest first.
    var redo: [UndoGroup] {
        get { pending?.resolved(limit: limit).redo ?? storedRedo }
        set {
            resolve()
            storedRedo = newValue
        }
    }

    /// Decodes the stacks now, if they wait to be, and applies what was done to them since.
    private mutating func resolve() {
        guard let pending else { return }
        (storedUndo, storedRedo) = pending.resolved(limit: limit)
        self.pending = nil
    }

    /// Drops the oldest undo steps past ``limit``; for stacks not decoded yet, when they are.
    mutating func trimToLimit() {
        guard pending == nil else { return }
        if storedUndo.count > limit { storedUndo.removeFirst(storedUndo.count - limit) }
    }

    /// The entities whose changes never join an undo step: what ``ObjectContext/recordChanges(with:)``
    /// writes.
    static let unrecorded: Set<String> = [PendingChange.entityName]

    /// The index of the last step of `scope` in `steps` (`nil` scope: the last step). A step
    /// saved without a scope (by a store from before scopes) belongs to every scope.
    static func lastIndex(in steps: [UndoGroup], scope: String?) -> Int? {
        guard let scope else { return steps.indices.last }
        return steps.lastIndex { $0.scope == scope || $0.scope == nil }
    }

    /// Updates the stacks for a save of `changes` done as `operation` in `scope`. Stacks not
    /// decoded yet that no other copy holds (a store replaying its journal) keep the save, in
    /// order, for when they are; others are decoded first.
    mutating func apply(_ operation: UndoOperation, name: String?, scope: String? = nil, changes: [ObjectChange]) {
        // What a save writes besides its changes (an outbox) is never undone.
        let changes =
            operation == .push || operation == .merge
            ? changes.filter { !Self.unrecorded.contains($0.id.entityName) } : changes
        // Replaying a journal over stacks this value alone holds defers; a save decodes them.
        if pending?.isDecoded == false, isKnownUniquelyReferenced(&pending) {
            pending?.append(Replayed(operation: operation, name: name, scope: scope, changes: changes))
            return
        }
        resolve()
        switch operation {
        case .none:
            break
        case .push:
            storedUndo.append(UndoGroup(name: name, scope: scope, changes: changes))
            storedRedo.removeAll { scope == nil || $0.scope == scope || $0.scope == nil }
            trim()
        case .merge:
            if storedUndo.isEmpty {
                apply(.push, name: name, scope: scope, changes: changes)
            } else {
                storedUndo[storedUndo.count - 1].merge(changes)
                storedRedo.removeAll { scope == nil || $0.scope == scope || $0.scope == nil }
                trim()
            }
        case .undo:
            if let index = Self.lastIndex(in: storedUndo, scope: scope) {
                storedRedo.append(storedUndo.remove(at: index))
            }
        case .redo:
            if let index = Self.lastIndex(in: storedRedo, scope: scope) {
                storedUndo.append(storedRedo.remove(at: index))
            }
        case .clear:
            storedUndo = []
            storedRedo = []
        }
    }

    /// Drops the oldest steps past the count and byte limits; the newest step always stays.
    private mutating func trim() {
        if storedUndo.count > limit { storedUndo.removeFirst(storedUndo.count - limit) }
        var bytes = storedRedo.reduce(0) { $0 + $1.approximateByteCount }
        var firstKept = storedUndo.count
        while firstKept > 0 {
            let size = storedUndo[firstKept - 1].approximateByteCount
            if firstKept < storedUndo.count, bytes + size > Self.byteLimit { break }
            bytes += size
            firstKept -= 1
        }
        storedUndo.removeFirst(firstKept)
    }
}

/// A save replayed over stacks not decoded yet.
private struct Replayed: Sendable {
    var operation: UndoOperation
    var name: String?
    var scope: String?
    var changes: [ObjectChange]
}

/// Undo and redo stacks still to decode, with the saves replayed over them since, in order.
///
/// A stack appends a save only to stacks no other copy holds, and only before they are decoded
/// (``UndoStack/apply(_:name:scope:changes:)``); the lock keeps the decoding, once, and the
/// appends apart.
private final class PendingStacks: Sendable {
    private struct State {
        var replayed: [Replayed]
        var result: UndoStack.Steps?
    }

    private let decode: @Sendable () throws -> UndoStack.Steps
    private let state: Mutex<State>

    init(decode: @escaping @Sendable () throws -> UndoStack.Steps) {
        self.decode = decode
        state = Mutex(State(replayed: []))
    }

    /// Whether ``resolved(limit:)`` decoded the stacks already.
    var isDecoded: Bool { state.withLock { $0.result != nil } }

    /// Keeps `save` to apply after the others.
    func append(_ save: Replayed) {
        state.withLock { $0.replayed.append(save) }
    }

    /// The stacks decoded, trimmed to `limit` steps, then every replayed save applied; decoded
    /// once, on the first call.
    func resolved(limit: Int) -> UndoStack.Steps {
        state.withLock { state in
            if let result = state.result { return result }
            var stack = UndoStack(limit: limit)
            if let (undo, redo) = try? decode() {
                stack.undo = undo
                stack.redo = redo
            }
            stack.trimToLimit()
            for save in state.replayed {
                stack.apply(save.operation, name: save.name, scope: save.scope, changes: save.changes)
            }
            stack.trimToLimit()
            state.replayed = []
            state.result = (stack.undo, stack.redo)
            return (stack.undo, stack.redo)
        }
    }
}
