import Foundation
import ProjectManagerDomain

/// What the last sync with each remote left in the store: a token that the sync's state beside
/// the store keeps too. Kept in the store file, so that a store put back from an older copy (a
/// backup, another laptop) carries an older token than the state: the sync then knows the store
/// went back in time, and receives what it lacks instead of taking it for deleted here.
///
/// One object in a store, with the token of each remote by its name.
struct SyncMark: ManagedEntity, Hashable {
    struct ID: ManagedID {
        let rawValue: UUID
    }

    static let entityName = "SyncMark"

    /// The one mark's id.
    static let only = ID(rawValue: UUID(uuid: (0x53, 0x59, 0x4E, 0x43, 0x4D, 0x41, 0x52, 0x4B, 0, 0, 0, 0, 0, 0, 0, 1)))

    let id: ID
    /// Each remote's token, by the remote's name.
    var tokens: [String: UUID]
    /// The boards shared on each remote, by the remote's name, as its last sync left them: a
    /// save records the changes it makes on them (``PendingChange``). `nil` in a store whose
    /// syncs did not say (written before 5.1.0).
    var boards: [String: [UUID]]?

    var approximateByteCount: Int { 64 + tokens.count * 64 + (boards?.values.reduce(0) { $0 + 16 * $1.count } ?? 0) }

    /// The boards shared on any remote; `nil` when no sync said.
    var sharedBoards: Set<Board.ID>? {
        boards.map { Set($0.values.joined().map(Board.ID.init(rawValue:))) }
    }
}
