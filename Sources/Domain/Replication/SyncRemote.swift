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
    /// Each shared board's conflicts as of the last sync: its cards deleted on one device while
    /// edited on another, the delete the winner. Each is kept in the board's history
    /// (``Activity/Kind/editLostToDelete(title:body:)``).
    public let conflicts: [Board.ID: Int]

    /// A remote named `name` at `address` (already without credentials).
    public init(
        name: String, address: String, boards: [Board.ID], lastSync: Date?, unsent: Int,
        conflicts: [Board.ID: Int] = [:]
    ) {
        self.name = name
        self.address = address
        self.boards = boards
        self.lastSync = lastSync
        self.unsent = unsent
        self.conflicts = conflicts
    }
}
