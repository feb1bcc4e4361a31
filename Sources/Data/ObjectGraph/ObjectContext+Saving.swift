import Foundation

extension ObjectContext {
    /// Validates every change and makes it durable (a root context) or pushes it into the parent
    /// (a child context). Nothing is saved when any rule is broken.
    ///
    /// In a root context that keeps undo, the save becomes one undo step named `actionName`, or
    /// joins the open group (``beginUndoGroup(named:)``). The step belongs to `undoScope` (for the
    /// repositories, a board): ``undo(scope:)`` in that scope reverts it. A step of more than
    /// 10,000 objects (an import) is not kept: it empties the undo and redo stacks instead.
    ///
    /// - Throws: ``ContextError/validationFailed(_:)`` with every broken rule,
    ///   ``ContextError/uniquenessConflict(constraint:objects:)``, or ``ContextError/store(_:)``;
    ///   the changes are kept, unsaved, so the caller can fix them or ``rollback()``.
    /// - Complexity: O(*c*) for *c* changed objects, plus, for a root context, the store's write.
    public func save(actionName: String? = nil, undoScope: String? = nil) throws(ContextError) {
        let summary = try state.withLock { state throws(ContextError) -> ContextChanges in
            let operation: UndoOperation
            if state.undo.limit == 0 {
                operation = .none
            } else if let group = state.undoGroup {
                operation = group.started ? .merge : .push
            } else {
                operation = .push
            }
            let summary = try commit(
                &state, operation: operation, actionName: actionName ?? state.undoGroup?.name, scope: undoScope)
            if !summary.isEmpty, state.undoGroup != nil { state.undoGroup?.started = true }
            return summary
        }
        if !summary.isEmpty { notify(summary) }
    }

    /// Saves the state's pending changes with an undo operation; the caller holds the lock.
    func commit(
        _ state: inout State, operation: UndoOperation, actionName: String?, scope: String?
    ) throws(ContextError) -> ContextChanges {
        let summary = state.pendingChanges
        guard !summary.isEmpty else { return summary }
        try state.validate(summary)
        switch backing {
        case .store(let store):
            var operation = operation
            let groupSize = (operation == .merge ? state.undo.undo.last?.changes.count ?? 0 : 0) + state.originals.count
            if operation == .push || operation == .merge, groupSize > UndoStack.maximumStepSize { operation = .clear }
            let keepsBefore = operation != .none && operation != .clear
            let changes = state.originals.compactMap { id, original -> ObjectChange? in
                let after = state.graph[id]
                if case .absent = original, after == nil { return nil }
                return ObjectChange(id: id, before: keepsBefore ? original.object : nil, after: after)
            }
            let commit = StoreCommit(changes: changes, operation: operation, actionName: actionName, scope: scope)
            var undo = state.undo
            undo.apply(operation, name: actionName, scope: scope, changes: changes)
            do throws(StoreError) {
                try store.save(commit, contents: StoreContents(graph: state.graph, undo: undo))
            } catch {
                throw .store(error)
            }
            state.undo = undo
        case .parent(let parent):
            let values = state.originals.keys.map { ($0, state.graph[$0]) }
            parent.absorb(values)
        }
        state.originals = [:]
        return summary
    }

    /// Applies a child's saved changes as unsaved changes of this context.
    private func absorb(_ values: [(ObjectID, (any ManagedEntity)?)]) {
        state.withLock { state in
            for (id, object) in values {
                state.record(id)
                state.graph.set(id, to: object)
            }
        }
    }
}
