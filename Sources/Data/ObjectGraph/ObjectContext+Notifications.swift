import Foundation

extension ObjectContext {
    /// The changes of every save of this context from now on, by id.
    ///
    /// The stream ends when the context goes away.
    public func changeStream() -> AsyncStream<ContextChanges> {
        let (stream, continuation) = AsyncStream.makeStream(of: ContextChanges.self)
        let key = UUID()
        observers.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.observers.withLock { _ = $0.removeValue(forKey: key) }
        }
        return stream
    }

    /// Calls `observer` with the changes of every save, undo and redo from now on: synchronously,
    /// on the saving thread, once the save is durable and before ``changeStream()`` hears of it.
    ///
    /// For what must never lag behind the graph, such as an index; keep it quick, and do not
    /// save from it. Pass the key it returns to ``removeSaveObserver(_:)`` to stop.
    public func addSaveObserver(_ observer: @escaping @Sendable (ContextChanges) -> Void) -> UUID {
        let key = UUID()
        saveObservers.withLock { $0[key] = observer }
        return key
    }

    /// Stops calling the observer ``addSaveObserver(_:)`` returned `key` for.
    public func removeSaveObserver(_ key: UUID) {
        saveObservers.withLock { _ = $0.removeValue(forKey: key) }
    }

    func notify(_ changes: ContextChanges) {
        for observer in saveObservers.withLock({ Array($0.values) }) { observer(changes) }
        let continuations = observers.withLock { Array($0.values) }
        for continuation in continuations { continuation.yield(changes) }
    }
}
