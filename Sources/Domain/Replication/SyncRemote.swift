import Foundation

/// A remote the boards are shared on, as listings show it: its address without credentials.
public struct SyncRemote: Hashable, Sendable {
    /// Its name.
    public let name: String
    /// Its address, any user name, password or token removed (``SyncError/redacted(_:)``).
    public let address: String
    /// The boards shared on it.
    public let boards: [Board.ID]
    /// When it was last synced; `nil`: never.
    public let lastSync: Date?
    /// Operations made here and written to this replica's log, not yet pushed.
    public let unsent: Int
    /// Each shared board's conflicts as of the last sync: its cards, checklist items, comments,
    /// lists and labels deleted on one device while edited on another, the delete the winner.
    /// Each is kept in the board's history (``Activity/Kind/editLostToDelete(title:body:)``,
    /// ``Activity/Kind/editLostToDeleteOf(_:text:)``).
    public let conflicts: [Board.ID: Int]
    /// How many log files this store wrote on it (the number of its last).
    public let written: Int
    /// The other devices that write on it, in replica order, with how far each read the other.
    public let devices: [SyncDevice]
    /// Each shared board's cards, lists, labels, checklist items, comments and stars changed here
    /// since the last sync (made, edited or deleted): what the next sync sends.
    public let changed: [Board.ID: Int]
    /// The id each board of ``boards`` goes by on the remote, for those whose id there is not
    /// theirs here (``SyncReport/Remote/remoteIDs``).
    public var remoteIDs: [Board.ID: Board.ID] = [:]
    /// Why the state this store keeps of the remote (beside the store) cannot be read: a file of
    /// it is damaged or missing, and the next sync makes it again from the remote
    /// (``SyncReport/Remote/rebuilt``). The other properties then say what the store recorded:
    /// its boards shared there, nothing of the last sync or the devices. `nil`: it was read.
    public var damage: String?

    /// A remote named `name` at `address` (already without credentials).
    public init(
        name: String, address: String, boards: [Board.ID], lastSync: Date?, unsent: Int,
        conflicts: [Board.ID: Int] = [:]
    ) {
        self.init(
            name: name, address: address, boards: boards, lastSync: lastSync, unsent: unsent, conflicts: conflicts,
            written: 0, devices: [])
    }

    /// A remote named `name` at `address` (already without credentials), where this store wrote
    /// `written` log files and `devices` write too.
    public init(
        name: String, address: String, boards: [Board.ID], lastSync: Date?, unsent: Int,
        conflicts: [Board.ID: Int] = [:], written: Int, devices: [SyncDevice]
    ) {
        self.init(
            name: name, address: address, boards: boards, lastSync: lastSync, unsent: unsent, conflicts: conflicts,
            written: written, devices: devices, changed: [:])
    }

    /// A remote named `name` at `address` (already without credentials), where this store wrote
    /// `written` log files and `devices` write too, and `changed` objects of each shared board
    /// wait for the next sync.
    public init(
        name: String, address: String, boards: [Board.ID], lastSync: Date?, unsent: Int,
        conflicts: [Board.ID: Int] = [:], written: Int, devices: [SyncDevice], changed: [Board.ID: Int]
    ) {
        self.name = name
        self.address = address
        self.boards = boards
        self.lastSync = lastSync
        self.unsent = unsent
        self.conflicts = conflicts
        self.written = written
        self.devices = devices
        self.changed = changed
    }
}
