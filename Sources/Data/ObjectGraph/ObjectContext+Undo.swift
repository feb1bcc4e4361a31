import Foundation

extension ObjectContext {
    /// Whether there is a saved user action to undo.
    public var canUndo: Bool { state.withLock { !$0.undo.undo.isEmpty } }
    /// Whether there is an undone action to redo.
    public var canRedo: Bool { state.withLock { !$0.undo.redo.isEmpty } }
    /// The name of the action ``undo()`` would revert.
    public var undoActionName: String? { state.withLock { $0.undo.undo.last?.name } }
    /// The name of the action ``redo()`` would repeat.
    public var redoActionName: String? { state.withLock { $0.undo.redo.last?.name } }

    /// The objects of `type` that the next undo step and the next redo step wrote, as that step's
    /// action left them: what ``undo()`` would take back and what ``redo()`` would put back.
    ///
    /// An object the step deleted is not among them. The history reads the activity records a
    /// step inserted this way, to say what undo and redo would revert and repeat.
    /// - Complexity: O(*c*) for *c* objects in the two steps.
    public func undoStepObjects<E: ManagedEntity>(_ type: E.Type) -> (undo: [E], redo: [E]) {
        state.withLock { state in
            let undo = state.undo.undo.last?.changes.compactMap { $0.after as? E } ?? []
            let redo = state.undo.redo.last?.changes.compactMap { $0.after as? E } ?? []
            return (undo, redo)
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

    /// Reverts the last saved user action and saves the result, like any change.
    ///
    /// Does nothing when there is nothing to undo.
    /// - Throws: ``ContextError/unsavedChanges`` when changes are pending (save or roll them back
    ///   first); what ``save(actionName:)`` throws.
    public func undo() throws(ContextError) {
        try step(.undo)
    }

    /// Repeats the last undone action and saves the result.
    /// - Throws: as ``undo()``.
    public func redo() throws(ContextError) {
        try step(.redo)
    }

    private func step(_ operation: UndoOperation) throws(ContextError) {
        let summary = try state.withLock { state throws(ContextError) -> ContextChanges in
            guard state.originals.isEmpty else { throw .unsavedChanges }
            let group = operation == .undo ? state.undo.undo.last : state.undo.redo.last
            guard let group else { return ContextChanges() }
            let changes = operation == .undo ? group.changes.reversed() : group.changes
            for change in changes {
                state.record(change.id)
                state.graph.set(change.id, to: operation == .undo ? change.before : change.after)
            }
            do throws(ContextError) {
                return try commit(&state, operation: operation, actionName: group.name)
            } catch {
                for (id, original) in state.originals { state.graph.set(id, to: original.object) }
                state.originals = [:]
                throw error
            }
        }
        if !summary.isEmpty { notify(summary) }
    }
}
