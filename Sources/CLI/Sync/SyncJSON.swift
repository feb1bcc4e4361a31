import Foundation
import ProjectManager

// The objects of the sync commands' `--json` (Docs/CLI.md, "JSON"). An address is always written
// without its credential, as the engine gives it.

/// A board shared on a remote: `{"id", "fullID", "remoteID", "title"}`; `remoteID` is the whole
/// id the remote knows it by, which others join it by (this store's default board has one of its
/// own there); `title` is `null` when the board is not among the viewer's boards here.
struct SharedBoardObject: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    var remoteID: String
    @Null var title: String?
}

/// A remote: `{"name", "address", "boards", "lastSync", "unsent", "changed", "damage"}`; `lastSync`
/// is `null` before the first sync, `unsent` the operations written here and not yet sent,
/// `changed` the objects of its boards changed here since the last sync, `damage` why the sync
/// state beside the store cannot be read (the next sync makes it again), else `null`.
struct RemoteObject: Encodable, Hashable, Sendable {
    var name: String
    var address: String
    var boards: [SharedBoardObject]
    @Null var lastSync: Date?
    var unsent: Int
    var changed: Int
    @Null var damage: String?

    init(_ remote: SyncRemote, boards: SharedBoards) {
        name = remote.name
        address = remote.address
        self.boards = remote.boards.map { boards.object($0, remoteID: remote.remoteIDs[$0]) }
        lastSync = remote.lastSync
        unsent = remote.unsent
        changed = remote.changed.values.reduce(0, +)
        damage = remote.damage
    }
}

/// A file of a remote that a sync did not apply: `{"path", "reason"}`.
struct SetAsideObject: Encodable, Hashable, Sendable {
    var path: String
    var reason: String
}

/// What a sync did with one remote: `{"name", "sent", "received", "changed", "boards", "setAside",
/// "waiting", "rebuilt", "error"}`; `rebuilt` says why the sync state beside the store was made
/// again from the remote (`null`: it was read as kept); `error` is the line `pm` prints when it
/// failed, `null` when it synced.
struct SyncedRemoteObject: Encodable, Hashable, Sendable {
    var name: String
    var sent: Int
    var received: Int
    var changed: Int
    var boards: [SharedBoardObject]
    var setAside: [SetAsideObject]
    var waiting: [String]
    @Null var rebuilt: String?
    @Null var error: String?

    init(_ remote: SyncReport.Remote, boards: SharedBoards) {
        name = remote.name
        sent = remote.sent
        received = remote.received
        changed = remote.changed
        self.boards = remote.boards.map { boards.object($0, remoteID: remote.remoteIDs[$0]) }
        setAside = remote.setAside.map { SetAsideObject(path: $0.path, reason: $0.reason) }
        waiting = remote.waiting
        rebuilt = remote.rebuilt
        error = remote.failure?.commandLineMessage
    }
}
