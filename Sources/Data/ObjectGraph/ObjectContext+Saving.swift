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
    /// A root context writes and syncs the store without the lock that readers take: while the
    /// disk works, reads see the objects as this save left them (the whole save, never part of
    /// it) and the undo stacks as the save before left them. Saves, undo and redo still run one
    /// at a time. A write that fails gives the changes back as unsaved changes.
    /// - Complexity: O(*c*) for *c* changed objects, plus, for a root context, the store's write.
    public func save(actionName: String? = nil, undoScope: String? = nil) throws(ContextError) {
        try saveLock.withLock { _ throws(ContextError) in
            let pending = try state.withLock { state throws(ContextError) -> PendingSave in
                let operation: UndoOperation
                if state.undo.limit == 0 {
                    operation = .none
                } else if let group = state.undoGroup {
                    operation = group.started ? .merge : .push
                } else {
                    operation = .push
                }
                var pending = try prepare(
                    &state, operation: operation, actionName: actionName ?? state.undoGroup?.name, scope: undoScope)
                pending.startsGroup = !pending.isEmpty && state.undoGroup != nil
                return pending
            }
            try complete(pending, ifTheWriteFails: .keepUnsaved)
        }
    }

    /// A save checked and taken out of the pending changes under the state lock, to be written
    /// with the lock released.
    struct PendingSave: Sendable {
        /// The saved objects' values at the save before: what a failed write gives back, and,
        /// against ``graph``, what the notifications tell.
        var changeLog = ChangeLog()
        /// The objects as the save leaves them; `nil` for a save of nothing.
        var graph: ObjectGraph?
        /// What a root context's store is to write; `nil` for a child context or an empty save.
        var write: (store: any PersistentStore, save: StoreSave, contents: StoreContents)?
        /// The undo and redo stacks once the write is durable.
        var undo: UndoStack?
        /// Whether the save goes into the open undo group, which later saves then join.
        var startsGroup = false

        /// Whether the save changes nothing.
        var isEmpty: Bool { graph == nil }
    }

    /// What a failed write does to the objects it was saving.
    enum FailedWrite {
        /// They stay as they are, as unsaved changes, for the caller to fix or roll back.
        case keepUnsaved
        /// They go back to their values at the save before: an undo or redo that did not happen.
        case restore
    }

    /// Validates the state's pending changes and takes them out of it as one save with an undo
    /// operation; the caller holds the state lock. A child context's save is pushed into its
    /// parent here.
    func prepare(
        _ state: inout State, operation: UndoOperation, actionName: String?, scope: String?
    ) throws(ContextError) -> PendingSave {
        guard state.changeLog.changesAnything(in: state.graph) else { return PendingSave() }
        if case .store = backing, let recorder = state.recorder {
            for (id, object) in recorder(state.changeLog, state.graph, scope) {
                state.record(id)
                state.graph.set(id, to: object)
            }
        }
        try state.validate(state.changeLog)
        let log = state.changeLog
        state.changeLog = ChangeLog()
        let graph = state.graph
        switch backing {
        case .store(let store):
            var operation = operation
            let count = log.count
            // What a save writes besides its changes (an outbox) is not in the step, nor counted.
            let groupSize =
                (operation == .merge ? state.undo.undo.last?.changes.count ?? 0 : 0)
                + log.count(excluding: UndoStack.unrecorded)
            if operation == .push || operation == .merge, groupSize > UndoStack.maximumStepSize { operation = .clear }
            let keepsBefore = operation != .none && operation != .clear
            let makeChanges: @Sendable (Int) -> [ObjectChange] = { limit in
                var changes: [ObjectChange] = []
                changes.reserveCapacity(min(limit, count))
                log.forEach { id, original in
                    guard changes.count < limit else { return }
                    let after = graph[id]
                    if original == nil, after == nil { return }
                    // What never joins an undo step keeps no value from before.
                    let before = keepsBefore && !UndoStack.unrecorded.contains(id.entityName) ? original : nil
                    changes.append(ObjectChange(id: id, before: before, after: after))
                }
                return changes
            }
            var undo = state.undo
            var save = StoreSave(
                operation: operation, actionName: actionName, scope: scope, count: count, changes: makeChanges)
            // Only an undo step keeps the changes; otherwise the store makes them if it writes a record.
            if operation == .push || operation == .merge {
                let changes = makeChanges(.max)
                undo.apply(operation, name: actionName, scope: scope, changes: changes)
                save = StoreSave(
                    StoreCommit(changes: changes, operation: operation, actionName: actionName, scope: scope))
            } else {
                undo.apply(operation, name: actionName, scope: scope, changes: [])
            }
            return PendingSave(
                changeLog: log, graph: graph, write: (store, save, StoreContents(graph: graph, undo: undo)), undo: undo)
        case .parent(let parent):
            var values: [(ObjectID, (any ManagedEntity)?)] = []
            values.reserveCapacity(log.count)
            log.forEach { id, _ in values.append((id, graph[id])) }
            parent.absorb(values)
            return PendingSave(changeLog: log, graph: graph)
        }
    }

    /// Writes and syncs a prepared save without the state lock, so that readers go on meanwhile,
    /// then makes its undo step current and tells the observers; the caller holds the save lock.
    ///
    /// - Throws: ``ContextError/store(_:)`` when the write fails; the objects are then treated as
    ///   `failure` says.
    func complete(_ pending: PendingSave, ifTheWriteFails failure: FailedWrite) throws(ContextError) {
        if let write = pending.write {
            do throws(StoreError) {
                try write.store.save(write.save, contents: write.contents)
            } catch {
                state.withLock { state in
                    switch failure {
                    case .keepUnsaved:
                        // Objects changed since the save began are logged with their values at the save before.
                        state.changeLog.restore(pending.changeLog)
                    case .restore:
                        pending.changeLog.forEach { id, original in
                            state.graph.set(id, to: original)
                            state.changeLog.remove(id)
                        }
                    }
                }
                throw .store(error)
            }
        }
        state.withLock { state in
            if let undo = pending.undo { state.undo = undo }
            if pending.startsGroup, state.undoGroup != nil { state.undoGroup?.started = true }
            if pending.graph != nil { state.saves += 1 }
        }
        if let graph = pending.graph { notify(pending.changeLog, in: graph) }
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
