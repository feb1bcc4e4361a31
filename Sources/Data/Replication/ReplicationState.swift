import Foundation
import ProjectManagerDomain

/// What a store keeps about one remote between syncs: the boards shared on it, this replica's
/// clock and log, how far each other replica's log was read, and the merged state as of the
/// last sync (what the next sync compares the store against to find what changed here).
struct ReplicationState: Sendable, Codable {
    /// How far one other replica's log was read.
    struct Position: Sendable, Codable, Hashable {
        /// The last file read (applied or set aside).
        var sequence: Int
        /// Its SHA-256: the next file must name it as its previous, or the log was rewritten.
        var digest: String
        /// Set when the log was found rewritten: nothing more of it is read.
        var stopped: Bool = false
    }

    var format = 1
    var replica: ReplicaID
    var boards: [Board.ID] = []
    var clock = HybridClock()
    /// The number of this replica's next log file.
    var nextSequence = 1
    /// The SHA-256 of this replica's last log file.
    var lastDigest: String?
    /// Operations written to this replica's log and not yet pushed.
    var unsent = 0
    var positions: [ReplicaID: Position] = [:]
    /// Files set aside and reported already.
    var reported: Set<String> = []
    var objects: [ReplicatedKey: ReplicatedObject] = [:]
    var lastSync: Date?

    init(replica: ReplicaID) { self.replica = replica }

    /// The state in `file`, or a new one when there is none.
    static func load(from file: URL, replica: ReplicaID) throws(SyncError) -> ReplicationState {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return ReplicationState(replica: replica)
        } catch {
            throw .localState(reason: "\(file.path) could not be read (\(error.localizedDescription))")
        }
        do {
            return try JSONDecoder().decode(ReplicationState.self, from: data)
        } catch {
            throw .localState(reason: "\(file.path) is not a sync state this engine can read")
        }
    }

    /// Writes the state to `file`: whole, or not at all.
    func save(to file: URL) throws(SyncError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(self).write(to: file, options: .atomic)
        } catch {
            throw .localState(reason: "\(file.path) could not be written (\(error.localizedDescription))")
        }
    }
}

/// One file of a replica's log: the operations one sync sent, chained to the file before.
struct ReplicaLogFile: Sendable, Codable {
    var format = 1
    var replica: ReplicaID
    var sequence: Int
    /// The SHA-256 of the replica's file before (`nil` for the first).
    var previous: String?
    /// Who made the changes: the signed-in account's name, or `nil` (the replica).
    var author: String?
    var operations: [ReplicaOperation]

    /// The largest log file read: one larger is set aside unread.
    static let maximumSize = 16 << 20

    /// The file's path in the remote.
    static func path(replica: ReplicaID, sequence: Int) -> String { "replicas/\(replica)/\(sequence).ops" }
}
