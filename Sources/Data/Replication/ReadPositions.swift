import Foundation
import ProjectManagerDomain

/// How far a replica has read every other's log, published in its own folder on the remote
/// (`replicas/ID/read.json`) at each sync that changed it: a version vector, with the file it waits
/// for where it set one aside. A writer learns from it that a reader is stuck on one of its files.
///
/// Read from another replica, it is untrusted: one larger than 1 MiB, or that does not decode, is
/// taken as none.
struct ReadPositions: Codable, Hashable, Sendable {
    /// How far one log was read.
    struct Entry: Codable, Hashable, Sendable {
        /// The number of the last file taken in (or that a checkpoint stood in for).
        var sequence: Int
        /// The path of the file after it, set aside and waited for; `nil`: none.
        var waiting: String?
    }

    var format = 1
    /// By the replica whose log it is.
    var positions: [String: Entry]
    /// The id the replica's default board goes by on the remote (``DefaultBoardSwap``), when it
    /// shares it: what a store joining every board reads to know, before it reads them, which
    /// will be its default board. `nil` from a replica of before 5.3.
    var defaultBoard: UUID?

    /// The path of `replica`'s published positions, in its folder.
    static func path(replica: ReplicaID) -> String { "replicas/\(replica)/read.json" }

    /// What `header` says of how far this replica read the others.
    init(_ header: ReplicationState.Header) {
        var positions: [String: Entry] = [:]
        for (other, position) in header.positions {
            let next = ReplicaLogFile.path(replica: other, sequence: position.sequence + 1)
            let waiting = position.blocked != nil || position.stopped ? next : nil
            positions[other.rawValue] = Entry(sequence: position.sequence, waiting: waiting)
        }
        self.positions = positions
        defaultBoard = header.boards.contains(.default) ? header.defaultBoard?.rawValue : nil
    }

    /// The paths of the files set aside that the logs wait for, in order.
    var waiting: [String] { positions.values.compactMap(\.waiting).sorted() }

    /// The positions `replica` published in `folder` (the remote's files), if any can be read.
    static func published(by replica: ReplicaID, in folder: URL) -> ReadPositions? {
        let url = folder.appendingPathComponent(path(replica: replica))
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue, size <= 1 << 20,
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(ReadPositions.self, from: data)
    }

    /// Writes these positions as `replica`'s in `folder` (`0600`, in folders of `0700`, when
    /// `private`), unless they are there already; returns whether it wrote.
    ///
    /// - Throws: ``SyncError/localState(reason:)`` when the file cannot be written.
    func publish(as replica: ReplicaID, in folder: URL, private: Bool) throws(SyncError) -> Bool {
        guard Self.published(by: replica, in: folder) != self else { return false }
        let url = folder.appendingPathComponent(Self.path(replica: replica))
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try PrivateStateFile.write(encoder.encode(self), to: url, private: `private`)
        } catch {
            throw .localState(
                reason: "\(Self.path(replica: replica)) could not be written (\(error.localizedDescription))")
        }
        return true
    }
}
