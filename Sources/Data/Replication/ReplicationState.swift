import Foundation
import ProjectManagerDomain

/// What a store keeps about one remote between syncs: the boards shared on it, this replica's
/// clock and log, how far each other replica's log was read (the ``Header``), and the merged
/// state as of the last sync (what the next sync compares the store against to find what
/// changed here).
///
/// The header is a small JSON file, and the merged objects a binary file beside it that the
/// header names; each is replaced whole by an atomic rename. A sync with nothing to do reads
/// and writes only the header.
struct ReplicationState: Sendable {
    /// How far one other replica's log was read.
    struct Position: Sendable, Codable, Hashable {
        /// The last file read (applied or set aside).
        var sequence: Int
        /// Its SHA-256: the next file must name it as its previous, or the log was rewritten.
        var digest: String
        /// Set when the log was found rewritten: nothing more of it is read.
        var stopped: Bool = false
        /// The SHA-256 of the file after ``sequence`` when it was set aside (not whole yet, or not
        /// a log file): it is read again once its bytes change, and the files after it wait for
        /// it; `nil` when none is. `"unread"`: it was too large to read.
        var blocked: String?
    }

    /// Everything but the merged objects.
    struct Header: Sendable, Codable {
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
        var lastSync: Date?
        /// The store's generation (``BoardReplicator``'s `generation`) when the last sync ended:
        /// while it is the same, nothing changed here since.
        var storeGeneration: String?
        /// Which file holds the merged objects (`objects-N.bin` beside the header); 0: none yet.
        var objectsVersion = 0
        /// Each shared board's cards deleted on one device while edited on another, the delete
        /// the winner (by the cards' keys); `nil` before the first. Equal on every replica that
        /// read the same operations.
        var conflicts: [String: Set<String>]?
        /// Operations in this replica's log files since its last checkpoint; `nil` before the first.
        var unfolded: Int?
        /// The files of changed objects written after `objects-N.bin` since it was
        /// (`objects-N-1.bin`, …), and how many objects they hold; `nil`: none.
        var deltas: Int?
        var deltaObjects: Int?
        /// The version of the whole file the changed objects are written over, when it is not
        /// `objectsVersion`: the files of changed objects were folded into one
        /// (`objects-N-1.bin`, over `objects-B.bin`) since it was written; `nil`: it is.
        var baseVersion: Int?
        /// The token the last sync that changed the store or sent anything left in the store as
        /// well (``SyncMark``); `nil` before the first. A store whose token is another went back
        /// in time (it was put back from an older copy).
        var mark: UUID?
        /// The id this store's default board goes by on the remote (``DefaultBoardSwap``), chosen
        /// by the first sync; `nil` before it (or in a state written before 5.2, which keeps
        /// ``Board/ID/default``).
        var defaultBoard: Board.ID?

        /// How ids trade places between the store and the remote; `nil`: they do not.
        var swap: DefaultBoardSwap? { defaultBoard.flatMap(DefaultBoardSwap.init(remoteID:)) }
    }

    var header: Header
    var objects: MergedObjects = [:]
    /// The objects changed since the state was read; `nil`: unknown, so a save writes them all.
    var changed: Set<ReplicatedKey>? = []

    init(replica: ReplicaID) { header = Header(replica: replica) }

    /// What each object changed since ``keepObjectsBefore()`` was before (`nil` in the value: not
    /// there), while they are kept: what a sync compares with, without a copy of every object.
    private var before: [ReplicatedKey: ReplicatedObject?]?

    /// Keeps, from now on, what each object changed was before its first change.
    mutating func keepObjectsBefore() { before = [:] }

    /// Stops keeping what objects were before, and forgets it.
    mutating func forgetObjectsBefore() { before = nil }

    /// The object of `key` as it was when ``keepObjectsBefore()`` was called (as it is, when
    /// nothing is kept).
    func objectBefore(_ key: ReplicatedKey) -> ReplicatedObject? {
        if let kept = before?[key] { return kept }
        return objects[key]
    }

    private mutating func noteBefore(_ key: ReplicatedKey) {
        guard before != nil, before?.index(forKey: key) == nil else { return }
        before?.updateValue(objects[key], forKey: key)
    }

    /// Takes in `operation` (``ReplicatedObject/apply(_:)``), noting its object changed.
    mutating func apply(_ operation: ReplicaOperation) {
        noteBefore(operation.key)
        objects.modify(operation.key, default: operation.emptyObject) { $0.apply(operation) }
        noteChanged(operation.key)
    }

    /// Makes `object` the merged object of `key`, noting it changed.
    mutating func set(_ key: ReplicatedKey, _ object: ReplicatedObject) {
        noteBefore(key)
        objects[key] = object
        noteChanged(key)
    }

    /// Makes `objects` the merged objects of a state that holds none: every one changed.
    mutating func take(_ objects: [ReplicatedKey: ReplicatedObject]) {
        precondition(self.objects.isEmpty, "a state that holds objects merges them")
        for key in objects.keys { noteBefore(key) }
        self.objects = MergedObjects(objects)
        changed = objects.count > 4096 ? nil : Set(objects.keys)
    }

    /// Notes that the object of `key` changed, until so many changed that a save writes them all.
    private mutating func noteChanged(_ key: ReplicatedKey) {
        guard changed != nil else { return }
        if changed?.count ?? 0 > max(4096, objects.count / 2) {
            changed = nil
        } else {
            changed?.insert(key)
        }
    }

    init(header: Header, objects: MergedObjects) {
        self.header = header
        self.objects = objects
    }

    /// The objects file's first bytes: version 2 of ``ReplicatedObjectCoding``; `PMRO` was 1.
    private static let magic = Data("PMR2".utf8)
    private static let magicVersion1 = Data("PMRO".utf8)
    /// A file of changed objects since 5.4.0: `PMRS`, a version 2 body, and the CRC-32C of every
    /// byte before it, so that a flipped bit is found rather than read as another value.
    private static let magicSummed = Data("PMRS".utf8)

    /// Why the state kept for a remote could not be read.
    enum ReadFailure: Error {
        /// A file of it is damaged, or missing (the header names a file that is not there): a
        /// sync makes the state again from the remote's files.
        case damaged(reason: String)
        /// A file could not be read (a permission, an input error): nothing is made again.
        case failed(SyncError)

        /// The failure as a sync reports it.
        var syncError: SyncError {
            switch self {
            case .damaged(let reason): .localState(reason: "\(reason); a sync makes it again from the remote")
            case .failed(let error): error
            }
        }
    }

    /// The header in `file`, reading nothing else; a new one when there is no file.
    static func loadHeader(from file: URL, replica: ReplicaID) throws(SyncError) -> Header {
        do {
            return try readHeader(from: file, replica: replica)
        } catch {
            throw error.syncError
        }
    }

    /// ``loadHeader(from:replica:)``, saying whether the file is damaged or could not be read.
    static func readHeader(from file: URL, replica: ReplicaID) throws(ReadFailure) -> Header {
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: file.path) else { return Header(replica: replica) }
            data = try Data(contentsOf: file)
        } catch {
            throw .failed(.localState(reason: "\(file.path) could not be read (\(error.localizedDescription))"))
        }
        do {
            return try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw .damaged(reason: "\(file.path) is not a sync state this engine can read")
        }
    }

    /// The file of the merged objects the header `version` names, beside `file`; with `delta`,
    /// that file of changed objects written after it.
    private static func objectsFile(beside file: URL, version: Int, delta: Int = 0) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(
            delta == 0 ? "objects-\(version).bin" : "objects-\(version)-\(delta).bin")
    }

    /// Every file of objects `header` names: the whole one, then the changed objects after it.
    private static func objectsFiles(beside file: URL, header: Header) -> [URL] {
        [objectsFile(beside: file, version: header.baseVersion ?? header.objectsVersion)]
            + (0..<(header.deltas ?? 0)).map {
                objectsFile(beside: file, version: header.objectsVersion, delta: $0 + 1)
            }
    }

    /// The last file of objects `header` names: what changes whenever the objects are saved.
    private static func lastObjectsFile(beside file: URL, header: Header) -> URL {
        objectsFile(beside: file, version: header.objectsVersion, delta: header.deltas ?? 0)
    }

    /// The whole state kept in `file` and beside it, or a new one when there is none. The
    /// objects come from `cache` when it holds them as they are on disk.
    static func load(
        from file: URL, replica: ReplicaID, cache: ReplicationStateCache? = nil
    ) throws(SyncError) -> ReplicationState {
        do {
            return try read(from: file, header: readHeader(from: file, replica: replica), cache: cache)
        } catch {
            throw error.syncError
        }
    }

    /// The whole state kept beside `file` whose header is `header`, saying whether a file of it
    /// is damaged or could not be read.
    static func read(
        from file: URL, header: Header, cache: ReplicationStateCache? = nil
    ) throws(ReadFailure) -> ReplicationState {
        guard header.objectsVersion > 0 else { return ReplicationState(header: header, objects: [:]) }
        let last = lastObjectsFile(beside: file, header: header)
        if let objects = cache?.take(for: file, naming: last) {
            return ReplicationState(header: header, objects: objects)
        }
        // The whole file is indexed and its objects decoded when asked for; the files of
        // changed objects after it are decoded whole, over it.
        var base: LazyObjectsFile?
        var changed: [ReplicatedKey: ReplicatedObject] = [:]
        for delta in 0...(header.deltas ?? 0) {
            let objectsFile = objectsFile(
                beside: file, version: delta == 0 ? header.baseVersion ?? header.objectsVersion : header.objectsVersion,
                delta: delta)
            let data: Data
            do {
                guard FileManager.default.fileExists(atPath: objectsFile.path) else {
                    throw ReadFailure.damaged(reason: "\(objectsFile.path) is missing")
                }
                data = try Data(contentsOf: objectsFile)
            } catch let failure as ReadFailure {
                throw failure
            } catch {
                throw .failed(
                    .localState(reason: "\(objectsFile.path) could not be read (\(error.localizedDescription))"))
            }
            do {
                if delta == 0, data.prefix(4) == IndexedObjectsFile.magic {
                    base = try LazyObjectsFile(indexed: data)
                    continue
                }
                let version1 = data.prefix(4) == magicVersion1
                let summed = data.prefix(4) == magicSummed
                guard data.prefix(4) == magic || version1 || summed else {
                    throw BinaryCodingError(offset: 0, reason: "no magic")
                }
                var body = data.dropFirst(4)
                if summed {
                    guard data.count >= 8 else { throw BinaryCodingError(offset: 0, reason: "cut short") }
                    let sum = data.suffix(4).withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
                    guard CRC32C.checksum(of: data.dropLast(4)) == sum else {
                        throw BinaryCodingError(offset: data.count - 4, reason: "its checksum is wrong")
                    }
                    body = body.dropLast(4)
                }
                if delta == 0, !version1 {
                    base = try LazyObjectsFile(body: Data(body))
                    continue
                }
                let read = try body.withUnsafeBytes { bytes throws(BinaryCodingError) in
                    var reader = BinaryReader(bytes)
                    return try ReplicatedObjectCoding.read(&reader, version: version1 ? 1 : 2)
                }
                if changed.isEmpty {
                    changed = read
                } else {
                    changed.merge(read) { _, later in later }
                }
            } catch {
                throw .damaged(reason: "\(objectsFile.path) is not a sync state this engine can read")
            }
        }
        let objects = base.map { MergedObjects(file: $0, changed: changed) } ?? MergedObjects(changed)
        return ReplicationState(header: header, objects: objects)
    }

    /// The most files of changed objects written after a whole one.
    private static let maximumDeltas = 16

    /// The objects file a save writes, made apart from the writing (``preparedSave(beside:)``):
    /// a sync makes it beside other work, and the save writes it as it is.
    struct PreparedSave: Sendable {
        /// The header's fields that name the objects files, as the save leaves them.
        fileprivate var objectsVersion: Int
        fileprivate var baseVersion: Int?
        fileprivate var deltas: Int?
        fileprivate var deltaObjects: Int?
        /// The file written, and its bytes; `nil`: nothing changed, the files named hold the objects.
        fileprivate var data: Data?
    }

    /// What ``save(to:cache:prepared:)`` writes of the objects as they are now: those changed
    /// since the state was read in a file of their own after the others, or, when they are many
    /// (or unknown), every object in a new file. Made from the state alone; it holds until the
    /// objects change.
    func preparedSave() -> PreparedSave {
        var prepared = PreparedSave(
            objectsVersion: header.objectsVersion, baseVersion: header.baseVersion, deltas: header.deltas,
            deltaObjects: header.deltaObjects)
        if changed?.isEmpty == true, header.objectsVersion > 0 {
            // Nothing changed: the files named hold the objects.
        } else if let changed, header.objectsVersion > 0, (header.deltas ?? 0) < Self.maximumDeltas,
            ((header.deltaObjects ?? 0) + changed.count) * 2 <= objects.count
        {
            prepared.deltas = (header.deltas ?? 0) + 1
            prepared.deltaObjects = (header.deltaObjects ?? 0) + changed.count
            var subset: [ReplicatedKey: ReplicatedObject] = [:]
            subset.reserveCapacity(changed.count)
            for key in changed { subset[key] = objects[key] }
            prepared.data = Self.encoded(subset)
        } else if changed != nil, header.objectsVersion > 0, let overlay = objects.changedSinceFile,
            overlay.count * 2 <= objects.count
        {
            // As many files of changed objects as are read: they become one, over the same
            // whole file, rather than the whole being written again for a few objects.
            prepared.baseVersion = header.baseVersion ?? header.objectsVersion
            prepared.objectsVersion += 1
            prepared.deltas = 1
            prepared.deltaObjects = overlay.count
            prepared.data = Self.encoded(overlay)
        } else {
            prepared.objectsVersion += 1
            prepared.baseVersion = nil
            prepared.deltas = nil
            prepared.deltaObjects = nil
            prepared.data = Self.encodedWithIndex(objects.dictionary)
        }
        return prepared
    }

    /// Writes the state: the objects file `prepared` made (made now when `nil`; one made before
    /// the objects last changed must not be given), then the header that names it (so a crash
    /// leaves the old state or the new, whole); then removes the files no longer named. `cache`
    /// then holds the objects.
    mutating func save(
        to file: URL, cache: ReplicationStateCache? = nil, prepared: PreparedSave? = nil
    ) throws(SyncError) {
        let old = header
        let prepared = prepared ?? preparedSave()
        header.objectsVersion = prepared.objectsVersion
        header.baseVersion = prepared.baseVersion
        header.deltas = prepared.deltas
        header.deltaObjects = prepared.deltaObjects
        let written = Self.lastObjectsFile(beside: file, header: header)
        do {
            try PrivateStateFile.makeFolder(file.deletingLastPathComponent())
            if let data = prepared.data { try PrivateStateFile.write(data, to: written) }
        } catch {
            header = old
            throw .localState(reason: "the sync state could not be written (\(error.localizedDescription))")
        }
        do throws(SyncError) {
            try Self.saveHeader(header, to: file)
        } catch {
            header = old
            throw error
        }
        changed = []
        if old.objectsVersion > 0, old.objectsVersion != header.objectsVersion {
            let kept = Set(Self.objectsFiles(beside: file, header: header))
            for unnamed in Self.objectsFiles(beside: file, header: old) where !kept.contains(unnamed) {
                try? FileManager.default.removeItem(at: unnamed)
            }
        }
        cache?.put(objects, for: file, naming: written)
    }

    /// `objects` as a file of changed objects (`PMRS`).
    private static func encoded(_ objects: [ReplicatedKey: ReplicatedObject]) -> Data {
        var writer = BinaryWriter(capacity: 64 + objects.count * 128)
        writer.append(magicSummed)
        ReplicatedObjectCoding.write(objects, to: &writer)
        var data = writer.finish()
        let checksum = CRC32C.checksum(of: data)
        withUnsafeBytes(of: checksum.littleEndian) { data.append(contentsOf: $0) }
        return data
    }

    /// `objects` as a whole objects file: version 2 with an index (``IndexedObjectsFile``).
    private static func encodedWithIndex(_ objects: [ReplicatedKey: ReplicatedObject]) -> Data {
        var writer = BinaryWriter(capacity: 64 + objects.count * 160)
        writer.append(IndexedObjectsFile.magic)
        let places = ReplicatedObjectCoding.write(objects, to: &writer)
        return IndexedObjectsFile.finish(writer, places: places)
    }

    /// Writes `header` alone, naming the objects it named: whole, or not at all.
    static func saveHeader(_ header: Header, to file: URL) throws(SyncError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try PrivateStateFile.makeFolder(file.deletingLastPathComponent())
            try PrivateStateFile.write(encoder.encode(header), to: file)
        } catch {
            throw .localState(reason: "\(file.path) could not be written (\(error.localizedDescription))")
        }
    }
}

/// The merged objects in binary (version 2, `PMR2` in a state file): the replicas and the
/// strings named once (every field's name, and each text value of 64 bytes or less), then each
/// object's entity, id, made and deleted stamps and slots, each slot's stamp (or that it is the
/// one before in the object), and its value tagged by its kind. Version 1 (`PMRO`, 3.0.0) named
/// each string and stamp in full; it is still read.
enum ReplicatedObjectCoding {
    /// The longest text value named once in the strings.
    private static let sharedLength = 64

    /// Writes `objects` after what `writer` holds, with the ids `swap` trades traded in their
    /// keys and values (``DefaultBoardSwap``) as they are written.
    ///
    /// - Returns: Each object's key (as written), and where its stamps start (after its key),
    ///   counted from where the body starts in `writer`.
    @discardableResult
    static func write(
        _ objects: [ReplicatedKey: ReplicatedObject], to writer: inout BinaryWriter,
        swapping swap: DefaultBoardSwap? = nil
    ) -> [(key: ReplicatedKey, offset: Int)] {
        // The objects first, into a writer of their own, naming replicas and strings as they
        // come; then the names, and the objects after them.
        var body = Body(capacity: 64 + objects.count * 96)
        body.swap = swap
        body.writer.append(count: objects.count)
        var places: [(key: ReplicatedKey, offset: Int)] = []
        places.reserveCapacity(objects.count)
        for (key, object) in objects {
            let key = swap?.key(key) ?? key
            body.name(key.entity)
            body.writer.append(uuid: key.id)
            places.append((key, body.writer.count))
            body.append(optional: object.created)
            body.append(optional: object.deleted)
            body.writer.append(count: object.slots.count)
            var last = object.created
            for (slotName, slot) in object.slots {
                body.name(slotName)
                if slot.stamp == last {
                    body.writer.append(byte: 0)
                } else {
                    body.writer.append(byte: 1)
                    body.append(slot.stamp)
                    last = slot.stamp
                }
                body.append(slot.value)
            }
        }
        let start = writer.count
        let objectsStart = body.write(to: &writer) - start
        for index in places.indices { places[index].offset += objectsStart }
        return places
    }

    /// Values as they are written, with the replicas and strings they name: written after the
    /// names, which are known once every value is.
    struct Body: ~Copyable {
        var writer: BinaryWriter
        var replicas: [ReplicaID: Int] = [:]
        var replicaNames: [ReplicaID] = []
        var strings: [String: Int] = [:]
        var table: [String] = []
        /// The ids traded in the values written.
        var swap: DefaultBoardSwap?

        init(capacity: Int) { writer = BinaryWriter(capacity: capacity) }

        mutating func name(_ string: String) {
            // Found, or else numbered next, with one look in the table.
            let next = table.count
            let index = Self.read(&strings[string, default: next])
            if index == next { table.append(string) }
            writer.append(varint: UInt64(index))
        }

        private static func read(_ number: inout Int) -> Int { number }

        mutating func append(_ stamp: ReplicaStamp) {
            writer.append(int: Int(stamp.time))
            writer.append(varint: UInt64(stamp.counter))
            name(stamp.replica)
        }

        /// `replica` by its number among the replicas named.
        mutating func name(_ replica: ReplicaID) {
            if let index = replicas[replica] {
                writer.append(varint: UInt64(index))
            } else {
                replicas[replica] = replicaNames.count
                writer.append(varint: UInt64(replicaNames.count))
                replicaNames.append(replica)
            }
        }

        /// The replicas and strings named, then the values.
        ///
        /// - Returns: Where the values start in `out`.
        @discardableResult
        consuming func write(to out: inout BinaryWriter) -> Int {
            out.append(count: replicaNames.count)
            for replica in replicaNames { out.append(string: replica.rawValue) }
            out.append(count: table.count)
            for string in table { out.append(string: string) }
            let start = out.count
            out.append(writer.finish())
            return start
        }

        mutating func append(optional stamp: ReplicaStamp?) {
            if let stamp {
                writer.append(byte: 1)
                append(stamp)
            } else {
                writer.append(byte: 0)
            }
        }

        mutating func append(_ value: JSONValue) {
            switch value {
            case .null: writer.append(byte: 0)
            case .bool(let flag): writer.append(byte: flag ? 2 : 1)
            case .number(let number):
                writer.append(byte: 3)
                writer.append(double: number)
            case .string(let text) where text.utf8.count <= sharedLength:
                writer.append(byte: 7)
                name(swap?.text(text) ?? text)
            case .string(let text):
                writer.append(byte: 4)
                writer.append(string: text)
            case .array(let items):
                writer.append(byte: 5)
                writer.append(count: items.count)
                for item in items { append(item) }
            case .object(let members):
                writer.append(byte: 6)
                writer.append(count: members.count)
                for (member, memberValue) in members {
                    name(member)
                    append(memberValue)
                }
            }
        }
    }

    /// The strings a version 2 body names, as ``Body`` writes them.
    static func strings(_ reader: inout BinaryReader) throws(BinaryCodingError) -> [String] {
        var table: [String] = []
        for _ in 0..<(try reader.count()) { table.append(try reader.string()) }
        return table
    }

    /// The string of `table` the next number names.
    static func string<Table: NamedStrings>(
        _ reader: inout BinaryReader, in table: Table
    ) throws(BinaryCodingError) -> String {
        let index = try reader.varint()
        guard index < UInt64(table.count) else { throw reader.error("not a string's number") }
        return table[Int(index)]
    }

    /// The objects `write(_:to:)` wrote (version 2), or 3.0.0 wrote (version 1, `PMRO`: each
    /// string and stamp in full).
    ///
    /// With `swap`, the ids it trades are traded in the objects' keys and values as they are read
    /// (``DefaultBoardSwap``): what ``DefaultBoardSwap/objects(_:)`` makes of them after.
    static func read(
        _ reader: inout BinaryReader, version: Int = 2, swapping swap: DefaultBoardSwap? = nil
    ) throws(BinaryCodingError) -> [ReplicatedKey: ReplicatedObject] {
        let names = try replicas(&reader)
        let table = version >= 2 ? try strings(&reader) : nil
        var objects: [ReplicatedKey: ReplicatedObject] = [:]
        let count = try reader.count()
        objects.reserveCapacity(count)
        for _ in 0..<count {
            let entity: String
            if let table { entity = try string(&reader, in: table) } else { entity = try reader.string() }
            let id = try reader.uuid()
            let key = ReplicatedKey(entity: entity, id: swap?.id(id) ?? id)
            objects[key] = try object(&reader, entity: entity, replicas: names, strings: table, swapping: swap)
        }
        return objects
    }

    /// One object after its key: its stamps and slots. With `strings` (version 2), names are
    /// numbers there and a slot's stamp may be the one before.
    static func object<Table: NamedStrings>(
        _ reader: inout BinaryReader, entity: String, replicas names: [ReplicaID], strings table: Table?,
        swapping swap: DefaultBoardSwap? = nil
    ) throws(BinaryCodingError) -> ReplicatedObject {
        func shared() throws(BinaryCodingError) -> String {
            guard let table else { return try reader.string() }
            return try string(&reader, in: table)
        }
        func stamp() throws(BinaryCodingError) -> ReplicaStamp { try Self.stamp(&reader, replicas: names) }
        func optionalStamp() throws(BinaryCodingError) -> ReplicaStamp? {
            try reader.byte() == 1 ? try stamp() : nil
        }
        var object = ReplicatedObject(entity: entity)
        object.created = try optionalStamp()
        object.deleted = try optionalStamp()
        let slots = try reader.count()
        object.slots.reserveCapacity(slots)
        var last = object.created
        for _ in 0..<slots {
            let name = try shared()
            let slotStamp: ReplicaStamp
            // Version 2 flags a stamp that is the one before.
            if table != nil, try reader.byte() == 0 {
                guard let last else { throw reader.error("a slot's stamp is the one before, and there is none") }
                slotStamp = last
            } else {
                slotStamp = try stamp()
                last = slotStamp
            }
            object.slots[name] = ReplicatedObject.Slot(
                value: try value(&reader, depth: 0, strings: table, swapping: swap), stamp: slotStamp)
        }
        return object
    }

    /// Reads past one object of a version 2 body after its key, checking what ``object(_:entity:replicas:strings:)``
    /// would (every length, kind and number), and decoding nothing.
    static func skipObject(
        _ reader: inout BinaryReader, replicas: Int, strings: Int
    ) throws(BinaryCodingError) {
        func number(below limit: Int) throws(BinaryCodingError) {
            guard try reader.varint() < UInt64(limit) else { throw reader.error("not a name's number") }
        }
        func stamp() throws(BinaryCodingError) {
            _ = try reader.int()
            guard try reader.varint() <= UInt64(Int.max) else { throw reader.error("not a stamp") }
            try number(below: replicas)
        }
        func skipValue(depth: Int) throws(BinaryCodingError) {
            guard depth < 64 else { throw reader.error("values nested too deep") }
            switch try reader.byte() {
            case 0, 1, 2: break
            case 3: _ = try reader.double()
            case 4: _ = try reader.bytes(try reader.count())
            case 5: for _ in 0..<(try reader.count()) { try skipValue(depth: depth + 1) }
            case 6:
                for _ in 0..<(try reader.count()) {
                    try number(below: strings)
                    try skipValue(depth: depth + 1)
                }
            case 7: try number(below: strings)
            default: throw reader.error("not a value's kind")
            }
        }
        // Made, then deleted; a slot's stamp may be the one of its make.
        let made = try reader.byte() == 1
        if made { try stamp() }
        if try reader.byte() == 1 { try stamp() }
        var last = made
        for _ in 0..<(try reader.count()) {
            try number(below: strings)
            if try reader.byte() == 0 {
                guard last else { throw reader.error("a slot's stamp is the one before, and there is none") }
            } else {
                try stamp()
                last = true
            }
            try skipValue(depth: 0)
        }
    }

    /// The replicas the stamps name, as both versions write them first.
    static func replicas(_ reader: inout BinaryReader) throws(BinaryCodingError) -> [ReplicaID] {
        var names: [ReplicaID] = []
        for _ in 0..<(try reader.count()) {
            guard let name = ReplicaID(rawValue: try reader.string()) else { throw reader.error("not a replica id") }
            names.append(name)
        }
        return names
    }

    /// A stamp written in full: its time, counter and replica (by its place in `replicas`).
    static func stamp(
        _ reader: inout BinaryReader, replicas: [ReplicaID]
    ) throws(BinaryCodingError) -> ReplicaStamp {
        let time = Int64(try reader.int())
        let counter = try reader.varint()
        let index = try reader.varint()
        guard counter <= UInt64(Int.max), index < UInt64(replicas.count) else { throw reader.error("not a stamp") }
        return ReplicaStamp(time: time, counter: Int(counter), replica: replicas[Int(index)])
    }

    /// A value tagged by its kind. With `strings` (version 2), a member's name is its number
    /// there, and a text may be one (kind 7); without (version 1), each is written in full.
    static func value<Table: NamedStrings>(
        _ reader: inout BinaryReader, depth: Int, strings: Table?, swapping swap: DefaultBoardSwap? = nil
    ) throws(BinaryCodingError) -> JSONValue {
        guard depth < 64 else { throw reader.error("values nested too deep") }
        func shared() throws(BinaryCodingError) -> String {
            guard let strings else { return try reader.string() }
            return try string(&reader, in: strings)
        }
        // A text value, an id traded; a member's name is never traded.
        func text(_ text: String) -> String { swap?.text(text) ?? text }
        switch try reader.byte() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .number(try reader.double())
        case 4: return .string(text(try reader.string()))
        case 5:
            var items: [JSONValue] = []
            for _ in 0..<(try reader.count()) {
                items.append(try value(&reader, depth: depth + 1, strings: strings, swapping: swap))
            }
            return .array(items)
        case 6:
            var members: [String: JSONValue] = [:]
            for _ in 0..<(try reader.count()) {
                let name = try shared()
                members[name] = try value(&reader, depth: depth + 1, strings: strings, swapping: swap)
            }
            return .object(members)
        case 7 where strings != nil: return .string(text(try shared()))
        default: throw reader.error("not a value's kind")
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

/// The merged objects of the last sync of each remote, kept in memory between syncs of one
/// engine, so that a sync does not read them again while the files on disk are those it wrote.
///
/// `@unchecked Sendable`: its one stored variable, `entries`, is read and written only while
/// `lock` is held.
package final class ReplicationStateCache: @unchecked Sendable {
    private struct Entry {
        /// The last file of objects the state names, and what identifies that file on disk.
        var file: String
        var identity: String
        var objects: MergedObjects
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    package init() {}

    /// The objects of the state in `file` whose last file of objects is `last`, taken out of the
    /// cache (a sync changes them); `nil` when the cache does not hold them as they are there.
    func take(for file: URL, naming last: URL) -> MergedObjects? {
        let entry = lock.withLock { entries.removeValue(forKey: file.path) }
        guard let entry, entry.file == last.path, let identity = Self.identity(of: last), identity == entry.identity
        else { return nil }
        return entry.objects
    }

    /// Keeps `objects`, the state in `file` as just written, its last file of objects `last`.
    func put(_ objects: MergedObjects, for file: URL, naming last: URL) {
        guard let identity = Self.identity(of: last) else { return }
        lock.withLock { entries[file.path] = Entry(file: last.path, identity: identity, objects: objects) }
    }

    /// A file's device, number, size and time of change: another process that writes the state
    /// writes a new file (an atomic rename), which differs in these.
    private static func identity(of url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        let number = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value ?? 0
        let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        let changed = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(device):\(number):\(size):\(changed)"
    }
}
