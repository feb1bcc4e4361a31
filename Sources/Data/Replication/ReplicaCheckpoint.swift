import Foundation
import ProjectManagerDomain

/// A replica's log folded into the merged state it had read: every object of the remote with its
/// stamps (deletes included), and the place in its writer's log it stands for.
///
/// A replica writes one when its log since its last grew to half the objects it holds (a board
/// shared whole at once, among others), in place of a log file, and then removes its own log
/// files: the checkpoint holds them. Beside it, its ``Coverage`` says how far it holds every
/// replica's log. A replica that needs a file no longer there (a new device, one offline
/// meanwhile) merges a checkpoint that covers it instead, whoever wrote it (the one covering the
/// most of what it has not read), field by field as it merges operations, and reads every log it
/// covers on from where it stands. A replica whose checkpoint another's covers wholly removes its
/// own. Merging states is what merging every operation they hold would have been, so a replica
/// converges whichever it reads.
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

    /// The path of what the checkpoint covers (``Coverage``), beside it.
    static func coveragePath(replica: ReplicaID) -> String { "replicas/\(replica)/checkpoint.json" }

    /// How far a checkpoint holds every replica's log: its writer's to its place, and each other
    /// replica's to where its writer had read it (a version vector). Written beside the checkpoint
    /// since 5.4.0 (`checkpoint.json`): a reader that lacks a log file of any replica merges the
    /// checkpoint that covers the most of what it has not read, whoever wrote it, so that a new
    /// device reads one checkpoint however many replicas wrote one. A checkpoint without one (or
    /// whose coverage names another place than its own) covers its writer's log alone.
    struct Coverage: Codable, Hashable, Sendable {
        struct Entry: Codable, Hashable, Sendable {
            var sequence: Int
            var digest: String
        }

        var format = 1
        /// The checkpoint's own place, as its header says: a coverage of another is ignored.
        var place: Entry
        /// Each other replica's last file the checkpoint holds, by replica id.
        var positions: [String: Entry]

        /// The largest coverage file read.
        static let maximumSize = 1 << 20
    }

    /// What the checkpoint of `writer` in `folder` (the remote's files) covers, by replica, its
    /// writer's place among them; `nil` when there is no checkpoint there this engine can read.
    static func coverage(of writer: ReplicaID, in folder: URL) -> [ReplicaID: ReplicationState.Position]? {
        guard let (named, place) = Self.place(at: folder.appendingPathComponent(path(replica: writer))),
            named == writer
        else { return nil }
        var covered = [writer: place]
        let url = folder.appendingPathComponent(coveragePath(replica: writer))
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue, size <= Coverage.maximumSize,
            let data = try? Data(contentsOf: url), let coverage = try? JSONDecoder().decode(Coverage.self, from: data),
            coverage.format == 1, coverage.place == Coverage.Entry(sequence: place.sequence, digest: place.digest)
        else { return covered }
        for (name, entry) in coverage.positions {
            guard let other = ReplicaID(rawValue: name), other != writer, entry.sequence > 0 else { continue }
            covered[other] = ReplicationState.Position(sequence: entry.sequence, digest: entry.digest)
        }
        return covered
    }

    /// What the writer's next log file names as its previous, after a checkpoint that stands in
    /// for its file `sequence`, whose previous was `previous`.
    static func digest(after previous: String?, sequence: Int) -> String {
        SHA256.hash(data: Data("\(previous ?? "")\ncheckpoint \(sequence)".utf8)).hexadecimal
    }

    /// The checkpoint in binary, with the ids `swap` trades traded in its objects and conflicts
    /// (``DefaultBoardSwap``: the remote's ids where the checkpoint holds this store's).
    func encoded(swapping swap: DefaultBoardSwap? = nil) -> Data {
        var writer = BinaryWriter(capacity: 256 + objects.count * 128)
        writer.append(Self.magic)
        writer.append(varint: Self.format)
        writer.append(string: replica.rawValue)
        writer.append(int: place.sequence)
        writer.append(string: place.digest)
        ReplicatedObjectCoding.write(objects, to: &writer, swapping: swap)
        let written = swap.map { $0.conflicts(conflicts) } ?? conflicts
        writer.append(count: written.count)
        for (board, keys) in written.sorted(by: { $0.key < $1.key }) {
            writer.append(string: board)
            writer.append(count: keys.count)
            for key in keys.sorted() { writer.append(string: key) }
        }
        return writer.finish()
    }

    /// The checkpoint in `data`, with the ids `swap` trades traded (the remote's ids become this
    /// store's); `nil` when it is not one this engine can read.
    static func decode(_ data: Data, swapping swap: DefaultBoardSwap? = nil) -> ReplicaCheckpoint? {
        guard var checkpoint = decodeSwappingObjects(data, swap) else { return nil }
        if let swap { checkpoint.conflicts = swap.conflicts(checkpoint.conflicts) }
        return checkpoint
    }

    private static func decodeSwappingObjects(_ data: Data, _ swap: DefaultBoardSwap?) -> ReplicaCheckpoint? {
        try? data.withUnsafeBytes { bytes throws(BinaryCodingError) in
            var reader = BinaryReader(bytes)
            let (replica, place) = try header(&reader)
            let objects = try ReplicatedObjectCoding.read(&reader, swapping: swap)
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
