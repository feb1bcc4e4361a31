import Foundation

extension ObjectContext {
    /// One subscriber to the context's saves.
    struct ChangeObserver: Sendable {
        /// Hands a save's changes to the subscriber; called after the save, outside the lock.
        let deliver: @Sendable (ContextChanges) -> Void
        /// Ends the subscriber's stream: the context is going away.
        let finish: @Sendable () -> Void
    }

    /// The changes of every save of this context from now on, by id.
    ///
    /// The stream ends when the context goes away.
    public func changeStream() -> AsyncStream<ContextChanges> {
        changeStream { $0 }
    }

    /// The changes of every save of this context from now on, each turned into an element by
    /// `transform` as soon as the save is done, before ``save(actionName:undoScope:)`` returns: `transform`
    /// may read the context as that save left it.
    ///
    /// ```swift
    /// let titles = context.changeStream { [weak context] changes in
    ///     changes.inserted.compactMap { context?.object(Book.self, id: Book.ID(rawValue: $0.uuid))?.title }
    /// }
    /// ```
    /// Capture the context weakly in `transform`: the context holds it until the stream ends, and
    /// the stream ends when the context goes away.
    public func changeStream<Element: Sendable>(
        _ transform: @escaping @Sendable (ContextChanges) -> Element
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let key = UUID()
        let observer = ChangeObserver(
            deliver: { continuation.yield(transform($0)) }, finish: { continuation.finish() })
        observers.withLock { $0[key] = observer }
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

    /// Tells every observer what the logged changes did to `graph`; the changes are only made
    /// into sets of ids when someone listens.
    func notify(_ log: ChangeLog, in graph: ObjectGraph) {
        let saveObservers = saveObservers.withLock { Array($0.values) }
        let observers = observers.withLock { Array($0.values) }
        guard !saveObservers.isEmpty || !observers.isEmpty else { return }
        let changes = log.changes(in: graph)
        for observer in saveObservers { observer(changes) }
        for observer in observers { observer.deliver(changes) }
    }
}
