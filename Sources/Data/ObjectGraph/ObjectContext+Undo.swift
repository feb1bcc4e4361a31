import Foundation

extension ObjectContext {
    /// Whether there is a saved user action to undo.
    public var canUndo: Bool { state.withLock { !$0.undo.undo.isEmpty } }
    /// Whether there is an undone action to redo.
    public var canRedo: Bool { state.withLock { !$0.undo.redo.isEmpty } }
    /// The name of the action ``undo(scope:)`` would revert.
    public var undoActionName: String? { state.withLock { $0.undo.undo.last?.name } }
    /// The name of the action ``redo(scope:)`` would repeat.
    public var redoActionName: String? { state.withLock { $0.undo.redo.last?.name } }

    /// Whether there is a saved user action of `scope` to undo.
    public func canUndo(scope: String) -> Bool {
        state.withLock { UndoStack.lastIndex(in: $0.undo.undo, scope: scope) != nil }
    }

    /// Whether there is an undone action of `scope` to redo.
    public func canRedo(scope: String) -> Bool {
        state.withLock { UndoStack.lastIndex(in: $0.undo.redo, scope: scope) != nil }
    }

    /// The objects of `type` that the next undo step and the next redo step wrote, as that step's
    /// action left them: what ``undo(scope:)`` would take back and what ``redo(scope:)`` would put back.
    ///
    /// An object the step deleted is not among them. The history reads the activity records a
    /// step inserted this way, to say what undo and redo would revert and repeat.
    /// With a `scope`, the steps are that scope's next undo and redo.
    /// - Complexity: O(*c*) for *c* objects in the two steps.
    public func undoStepObjects<E: ManagedEntity>(_ type: E.Type, scope: String? = nil) -> (undo: [E], redo: [E]) {
        state.withLock { state in
            let undo = UndoStack.lastIndex(in: state.undo.undo, scope: scope).map { state.undo.undo[$0] }
            let redo = UndoStack.lastIndex(in: state.undo.redo, scope: scope).map { state.undo.redo[$0] }
            return (
                undo?.changes.compactMap { $0.after as? E } ?? [], redo?.changes.compactMap { $0.after as? E } ?? []
            )
        }
    }

    /// Makes every save until ``endUndoGroup()`` one undo step, named `name`.
    public func beginUndoGroup(named name: String? = nil) {
        state.withLock { $0.undoGroup = (name, false) }
    }

    /// Closes the group opened by ``beginUndoGroup(named:)``.
    public func endUndoGroup() {
        state.withLock { $0.undoGroup = nil }
    }

    /// Reverts the last saved user action of `scope` (`nil`: the last of all) and saves the
    /// result, like any change.
    ///
    /// Does nothing when there is nothing to undo. A step is undone only while the fields it
    /// changed are as it left them, and redone only while they are as its undo left them: a
    /// later save of another scope that changed one of those fields (or made or deleted one of
    /// its objects) makes this throw rather than overwrite that change. Fields changed since by
    /// another save, and not by the step, keep their values.
    /// - Throws: ``ContextError/unsavedChanges`` when changes are pending (save or roll them back
    ///   first); ``ContextError/undoConflict(_:)``; what ``save(actionName:undoScope:)`` throws.
    /// - Complexity: O(*c*) for *c* objects the step wrote, plus one save.
    public func undo(scope: String? = nil) throws(ContextError) {
        try step(.undo, scope: scope)
    }

    /// Repeats the last undone action of `scope` (`nil`: the last of all) and saves the result.
    /// - Throws: as ``undo(scope:)``.
    /// - Complexity: O(*c*) for *c* objects the step wrote, plus one save.
    public func redo(scope: String? = nil) throws(ContextError) {
        try step(.redo, scope: scope)
    }

    private func step(_ operation: UndoOperation, scope: String?) throws(ContextError) {
        try saveLock.withLock { _ throws(ContextError) in
            let pending = try state.withLock { state throws(ContextError) -> PendingSave in
                guard state.changeLog.isEmpty else { throw .unsavedChanges }
                let steps = operation == .undo ? state.undo.undo : state.undo.redo
                guard let index = UndoStack.lastIndex(in: steps, scope: scope) else {
                    return PendingSave()
                }
                let group = steps[index]
                // Each object goes back to the value the step had it at, or, when it was changed
                // since in other fields only (a sync brought another device's edit), takes back
                // the step's fields and keeps the others.
                var targets: [ObjectID: (any ManagedEntity)?] = [:]
                for change in group.changes {
                    let (expected, target) =
                        operation == .undo ? (change.after, change.before) : (change.before, change.after)
                    let current = state.graph[change.id]
                    if Self.same(current, expected) {
                        targets[change.id] = target
                    } else if let current, let expected, let target,
                        let merged = Self.fieldsTakenBack(from: current, expected: expected, target: target)
                    {
                        targets[change.id] = merged
                    } else {
                        throw .undoConflict(change.id)
                    }
                }
                let changes = operation == .undo ? group.changes.reversed() : group.changes
                for change in changes {
                    state.record(change.id)
                    state.graph.set(change.id, to: targets[change.id] ?? nil)
                }
                do throws(ContextError) {
                    return try prepare(
                        &state, operation: operation, actionName: group.name, scope: group.scope ?? scope)
                } catch {
                    state.rollBack()
                    throw error
                }
            }
            try complete(pending, ifTheWriteFails: .restore)
        }
    }

    /// `current` with the fields in which `expected` and `target` differ set to `target`'s, when
    /// `current` holds `expected`'s values in each of them (only other fields changed since);
    /// `nil` when one of them changed since too, or a value cannot be coded.
    static func fieldsTakenBack(
        from current: any ManagedEntity, expected: any ManagedEntity, target: any ManagedEntity
    ) -> (any ManagedEntity)? {
        func merge<E: ManagedEntity>(_ current: E) -> (any ManagedEntity)? {
            guard let expected = expected as? E, let target = target as? E,
                case .object(var fields)? = try? JSONValueCoding.encode(current),
                case .object(let before)? = try? JSONValueCoding.encode(expected),
                case .object(let after)? = try? JSONValueCoding.encode(target)
            else { return nil }
            let bookkeeping = (E.self as? any UndoBookkeeping.Type)?.bookkeepingFields ?? []
            for name in Set(before.keys).union(after.keys) where before[name] != after[name] {
                // A field every change sets (when it was changed) keeps its latest value.
                if bookkeeping.contains(name) { continue }
                guard fields[name] == before[name] else { return nil }
                fields[name] = after[name]
            }
            return try? JSONValueCoding.decode(E.self, from: .object(fields))
        }
        return merge(current)
    }

    /// Whether an object's value is the one expected; values of a type that is not `Equatable`
    /// count as equal.
    private static func same(_ current: (any ManagedEntity)?, _ expected: (any ManagedEntity)?) -> Bool {
        switch (current, expected) {
        case (nil, nil): return true
        case (let current?, let expected?):
            guard let current = current as? any Equatable else { return true }
            return current.isEqual(to: expected)
        default: return false
        }
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}

/// An entity with fields that every change sets (when it was last changed): an undo of some
/// fields, after another change of others, keeps their latest values rather than taking them for
/// a change of the same fields.
protocol UndoBookkeeping {
    /// The names of those fields, as coded.
    static var bookkeepingFields: Set<String> { get }
}
