import Foundation

/// What one sync did, per remote: what went out, what came in, and what was set aside.
public struct SyncReport: Hashable, Sendable {
    /// One remote's part.
    public struct Remote: Hashable, Sendable {
        /// The remote's name (`pm remote add NAME URL`).
        public var name: String
        /// The operations this replica sent.
        public var sent: Int
        /// The operations that came in from other replicas and were applied.
        public var received: Int
        /// The objects the store changed by what came in.
        public var changed: Int
        /// The boards shared on this remote after the sync.
        public var boards: [Board.ID]
        /// Files on the remote that were not applied, each once, with why; the rest was applied.
        public var setAside: [SetAside]
        /// The files set aside that this store waits for, at every sync until their bytes change
        /// (a file not yet copied in whole): their replicas' later files wait with them.
        public var waiting: [String] = []
        /// Why the remote could not be synced; everything else was.
        public var failure: SyncError?
        /// Why the state this store keeps of the remote (beside the store) was made again from
        /// the remote's files: a file of it was damaged or missing. `nil`: it was read as kept.
        /// Nothing acknowledged is lost: the store receives what it lacks and sends what it
        /// changed since its last sync.
        public var rebuilt: String?
        /// The id each board of ``boards`` goes by on the remote, for those whose id there is not
        /// theirs here: this store's default board, shared on a remote first used by 5.2 or later,
        /// which others join by that id. Every other board goes by its own id.
        public var remoteIDs: [Board.ID: Board.ID] = [:]

        /// A remote's part of a sync.
        public init(
            name: String, sent: Int = 0, received: Int = 0, changed: Int = 0, boards: [Board.ID] = [],
            setAside: [SetAside] = [], failure: SyncError? = nil
        ) {
            self.name = name
            self.sent = sent
            self.received = received
            self.changed = changed
            self.boards = boards
            self.setAside = setAside
            self.failure = failure
        }
    }

    /// A file from a remote that was not applied: its path in the remote and why.
    public struct SetAside: Hashable, Sendable {
        /// The file's path in the remote, e.g. `replicas/0f3a…/12.ops`.
        public var path: String
        /// Why, in one line of English.
        public var reason: String

        /// The file at `path`, set aside for `reason`.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Each remote synced, in name order.
    public var remotes: [Remote]

    /// A report of `remotes`.
    public init(remotes: [Remote]) { self.remotes = remotes }

    /// Whether every remote synced.
    public var succeeded: Bool { remotes.allSatisfy { $0.failure == nil } }
}
