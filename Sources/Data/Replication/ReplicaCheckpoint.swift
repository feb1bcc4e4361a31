import Foundation
import ProjectManagerDomain

/// A replica's log folded into the merged state it had read: every object of the remote with its
/// stamps (deletes included), and how far it had read each replica's log, its own among them.
///
/// A replica writes one when its log since its last grew to half the objects it holds (a board
/// shared whole at once, among others), in place of a log file, and then removes its own log
/// files: the checkpoint holds them. A replica that needs a file no longer there (a new device,
/// one offline meanwhile) merges the checkpoint instead, field by field as it merges
/// operations, and reads the writer's log on from the checkpoint's place (the others' logs from
/// their own files and checkpoints). Merging states is what merging every operation they hold
/// would have been, so a replica converges whichever it reads.
///
/// In binary: `PMCP`, the format, the writer, the positions (first, so that they are read without
/// the rest), the merged objects (``ReplicatedObjectCoding``), then each board's conflicts.
struct ReplicaCheckpoint: Sendable {
    /// The replica that wrote it.
    var replica: ReplicaID
    /// How far it had read each replica's log; its own entry is the log file the checkpoint
    /// stands in for, and its digest what that replica's next file names as its previous.
    var positions: [ReplicaID: ReplicationState.Position]
    var objects: [ReplicatedKey: ReplicatedObject]
    /// Each board's conflicts, as ``ReplicationState/Header/conflicts``.
    var conflicts: [String: Set<String>]

    /// The largest checkpoint read: one larger is set aside unread.
    static let maximumSize = 512 << 20

    private static let magic = Data("PMCP".utf8)
    private static let format: UInt64 = 1

    /// The checkpoint's path in the remote: one per replica, replaced by its next.
    static func path(replica: ReplicaID) -> String { "replicas/\(replica)/checkpoint.bin" }

    /// What the writer's next log file names as its previous, after a checkpoint that stands in
    /// for its file `sequence`, whose previous was `previous`.
    static func digest(after previous: String?, sequence: Int) -> String {
        SHA256.hash(data: Data("\(previous ?? "")\ncheckpoint \(sequence)".utf8)).hexadecimal
    }

    func encoded() -> Data {
        var writer = BinaryWriter(capacity: 256 + objects.count * 256)
        writer.append(Self.magic)
        writer.append(varint: Self.format)
        writer.append(string: replica.rawValue)
        writer.append(count: positions.count)
        for (other, position) in positions.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            writer.append(string: other.rawValue)
            writer.append(int: position.sequence)
            writer.append(string: position.digest)
            writer.append(byte: position.stopped ? 1 : 0)
        }
        ReplicatedObjectCoding.write(objects, to: &writer)
        writer.append(count: conflicts.count)
        for (board, keys) in conflicts.sorted(by: { $0.key < $1.key }) {
            writer.append(string: board)
            writer.append(count: keys.count)
            for key in keys.sorted() { writer.append(string: key) }
        }
        return writer.finish()
    }

    /// The checkpoint in `data`, or `nil` when it is not one this engine can read.
    static func decode(_ data: Data) -> ReplicaCheckpoint? {
        try? data.withUnsafeBytes { bytes throws(BinaryCodingError) in
            var reader = BinaryReader(bytes)
            let (replica, positions) = try header(&reader)
            let objects = try ReplicatedObjectCoding.read(&reader)
            var conflicts: [String: Set<String>] = [:]
            for _ in 0..<(try reader.count()) {
                let board = try reader.string()
                var keys: Set<String> = []
                for _ in 0..<(try reader.count()) { keys.insert(try reader.string()) }
                conflicts[board] = keys
            }
            try reader.expectEnd("a checkpoint")
            return ReplicaCheckpoint(replica: replica, positions: positions, objects: objects, conflicts: conflicts)
        }
    }

    /// The positions of the checkpoint at `url`, reading its start only; `nil` when there is no
    /// checkpoint there, or it is not one this engine can read.
    static func positions(at url: URL) -> (replica: ReplicaID, positions: [ReplicaID: ReplicationState.Position])? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 64 << 10) else { return nil }
        let prefix: Data
        if start.count < 64 << 10 {
            prefix = start
        } else {
            // More replicas than the start holds: the whole file.
            guard let data = try? Data(contentsOf: url) else { return nil }
            prefix = data
        }
        return try? prefix.withUnsafeBytes { bytes throws(BinaryCodingError) in
            var reader = BinaryReader(bytes)
            return try header(&reader)
        }
    }

    private static func header(_ reader: inout BinaryReader) throws(BinaryCodingError) -> (
        ReplicaID, [ReplicaID: ReplicationState.Position]
    ) {
        guard try reader.bytes(4).elementsEqual(magic) else { throw reader.error("not a checkpoint") }
        guard try reader.varint() == format else { throw reader.error("a checkpoint of another format") }
        guard let replica = ReplicaID(rawValue: try reader.string()) else { throw reader.error("not a replica id") }
        var positions: [ReplicaID: ReplicationState.Position] = [:]
        for _ in 0..<(try reader.count()) {
            guard let other = ReplicaID(rawValue: try reader.string()) else { throw reader.error("not a replica id") }
            let sequence = try reader.int()
            guard sequence >= 0 else { throw reader.error("not a place in a log") }
            let digest = try reader.string()
            let stopped = try reader.byte() == 1
            positions[other] = ReplicationState.Position(sequence: sequence, digest: digest, stopped: stopped)
        }
        return (replica, positions)
    }
}

extension ReplicatedObject {
    /// Takes in `other`, a state of the same object: each slot keeps the value of the greater
    /// stamp, the create and the delete their greater stamps. The same as applying every
    /// operation `other` holds.
    mutating func merge(_ other: ReplicatedObject) {
        if let made = other.created, created.map({ made > $0 }) ?? true { created = made }
        if let gone = other.deleted, deleted.map({ gone > $0 }) ?? true { deleted = gone }
        for (name, slot) in other.slots where slots[name].map({ slot.stamp > $0.stamp }) ?? true {
            slots[name] = slot
        }
    }

    /// The greatest stamp the object holds.
    var latestStamp: ReplicaStamp? {
        var latest = created
        if let deleted, latest.map({ deleted > $0 }) ?? true { latest = deleted }
        for slot in slots.values where latest.map({ slot.stamp > $0 }) ?? true { latest = slot.stamp }
        return latest
    }
}
