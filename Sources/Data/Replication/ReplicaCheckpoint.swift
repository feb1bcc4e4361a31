import Foundation
import ProjectManagerDomain

/// A replica's log folded into the merged state it had read: every object of the remote with its
/// stamps (deletes included), and the place in its writer's log it stands for.
///
/// A replica writes one when its log since its last grew to half the objects it holds (a board
/// shared whole at once, among others), in place of a log file, and then removes its own log
/// files: the checkpoint holds them. A replica that needs a file no longer there (a new device,
/// one offline meanwhile) merges the checkpoint instead, field by field as it merges
/// operations, and reads the writer's log on from the checkpoint's place (the others' logs from
/// their own files and checkpoints: a replica removes only files its own checkpoint holds, so
/// nothing a checkpoint says makes a reader skip another replica's log). Merging states is what
/// merging every operation they hold would have been, so a replica converges whichever it reads.
///
/// In binary: `PMCP`, the format, the writer and its place (first, so that they are read without
/// the rest), the merged objects (``ReplicatedObjectCoding``), then each board's conflicts.
struct ReplicaCheckpoint: Sendable {
    /// The replica that wrote it.
    var replica: ReplicaID
    /// The writer's log file the checkpoint stands in for, and what the writer's next file names
    /// as its previous.
    var place: ReplicationState.Position
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
        var writer = BinaryWriter(capacity: 256 + objects.count * 128)
        writer.append(Self.magic)
        writer.append(varint: Self.format)
        writer.append(string: replica.rawValue)
        writer.append(int: place.sequence)
        writer.append(string: place.digest)
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
            let (replica, place) = try header(&reader)
            let objects = try ReplicatedObjectCoding.read(&reader)
            var conflicts: [String: Set<String>] = [:]
            for _ in 0..<(try reader.count()) {
                let board = try reader.string()
                var keys: Set<String> = []
                for _ in 0..<(try reader.count()) { keys.insert(try reader.string()) }
                conflicts[board] = keys
            }
            try reader.expectEnd("a checkpoint")
            return ReplicaCheckpoint(replica: replica, place: place, objects: objects, conflicts: conflicts)
        }
    }

    /// The writer and place of the checkpoint at `url`, reading its first bytes only; `nil` when
    /// there is no checkpoint there, or it is not one this engine can read.
    static func place(at url: URL) -> (replica: ReplicaID, place: ReplicationState.Position)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 256) else { return nil }
        return try? start.withUnsafeBytes { bytes throws(BinaryCodingError) in
            var reader = BinaryReader(bytes)
            return try header(&reader)
        }
    }

    private static func header(_ reader: inout BinaryReader) throws(BinaryCodingError) -> (
        ReplicaID, ReplicationState.Position
    ) {
        guard try reader.bytes(4).elementsEqual(magic) else { throw reader.error("not a checkpoint") }
        guard try reader.varint() == format else { throw reader.error("a checkpoint of another format") }
        guard let replica = ReplicaID(rawValue: try reader.string()) else { throw reader.error("not a replica id") }
        let sequence = try reader.int()
        guard sequence > 0 else { throw reader.error("not a place in a log") }
        return (replica, ReplicationState.Position(sequence: sequence, digest: try reader.string()))
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
