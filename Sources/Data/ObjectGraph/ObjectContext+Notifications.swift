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

    func notify(_ changes: ContextChanges) {
        let continuations = observers.withLock { Array($0.values) }
        for continuation in continuations { continuation.yield(changes) }
    }
}
