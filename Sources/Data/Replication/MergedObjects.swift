import Foundation
import ProjectManagerDomain

/// The merged objects of a sync state, by key: those read from the state's objects file decoded
/// only when asked for, and those changed since held as they are.
///
/// A sync after a one-card change asks for a few objects of a hundred thousand: it pays for
/// those, and for an index of the file's keys, instead of decoding every object. Iterating,
/// counting or comparing reads what it needs; ``dictionary`` decodes everything.
struct MergedObjects: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The objects changed or decoded since the file was read, and every object when there is none.
    private var overlay: [ReplicatedKey: ReplicatedObject]
    /// The objects file, read lazily; `nil`: the overlay holds every object.
    private var base: LazyObjectsFile?
    /// The objects of the overlay that the file does not hold.
    private var added: Int

    init(_ objects: [ReplicatedKey: ReplicatedObject] = [:]) {
        overlay = objects
        base = nil
        added = objects.count
    }

    init(dictionaryLiteral elements: (ReplicatedKey, ReplicatedObject)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The objects of `file`, decoded when asked for, with `changed` over them.
    init(file: LazyObjectsFile, changed: [ReplicatedKey: ReplicatedObject]) {
        overlay = changed
        base = file
        added = changed.keys.reduce(0) { $0 + (file.contains($1) ? 0 : 1) }
    }

    subscript(key: ReplicatedKey) -> ReplicatedObject? {
        get { overlay[key] ?? base?.object(key) }
        set {
            // Objects are never taken out of the merged state: a value of `nil` is none given.
            guard let newValue else { return }
            put(newValue, for: key)
        }
    }

    subscript(key: ReplicatedKey, default value: @autoclosure () -> ReplicatedObject) -> ReplicatedObject {
        get { self[key] ?? value() }
        set { put(newValue, for: key) }
    }

    /// Changes the object of `key` in place (`make()`'s when there is none), finding it once.
    mutating func modify(
        _ key: ReplicatedKey, default make: @autoclosure () -> ReplicatedObject,
        _ change: (inout ReplicatedObject) -> Void
    ) {
        var stored = true
        change(
            &overlay[
                key,
                default: {
                    if let object = base?.object(key) { return object }
                    stored = false
                    return make()
                }()
            ])
        if !stored { added += 1 }
    }

    private mutating func put(_ object: ReplicatedObject, for key: ReplicatedKey) {
        if overlay.updateValue(object, forKey: key) == nil, base?.contains(key) != true { added += 1 }
    }

    /// The number of objects.
    var count: Int { (base?.count ?? 0) + added }

    /// The objects changed since they were read from the file (or not in it): what a file
    /// written over that one must hold; `nil` when there is no file.
    var changedSinceFile: [ReplicatedKey: ReplicatedObject]? { base == nil ? nil : overlay }

    var isEmpty: Bool { count == 0 }

    /// Every key.
    var keys: [ReplicatedKey] {
        guard let base else { return Array(overlay.keys) }
        return base.keys.filter { overlay[$0] == nil } + overlay.keys
    }

    /// Every object.
    var values: [ReplicatedObject] { map(\.value) }

    /// Every object decoded, by key.
    var dictionary: [ReplicatedKey: ReplicatedObject] {
        guard let base else { return overlay }
        var objects = overlay
        objects.reserveCapacity(base.count + overlay.count)
        for key in base.keys where objects[key] == nil { objects[key] = base.object(key) }
        return objects
    }

    func makeIterator() -> Dictionary<ReplicatedKey, ReplicatedObject>.Iterator {
        dictionary.makeIterator()
    }

    static func == (left: MergedObjects, right: MergedObjects) -> Bool {
        left.dictionary == right.dictionary
    }
}

/// A merged objects file read lazily: its names, and where each object is. An indexed file
/// (``IndexedObjectsFile``) says where, once its checksum is checked; a version 2 file is found
/// out by one pass that decodes no value. Immutable once made.
final class LazyObjectsFile: Sendable {
    /// Where the objects are.
    private enum Places: Sendable {
        /// Each object's offset in the body, at its stamps (after its key).
        case scanned([ReplicatedKey: Int])
        /// The sorted entries of an indexed file, and the numbers of its entities.
        case indexed(IndexedObjectsFile.Layout, entities: [String], numbers: [String: UInt32])
    }

    private let data: Data
    /// Where the body starts and ends in `data`.
    private let body: Range<Int>
    private let replicas: [ReplicaID]
    /// The strings of a version 2 file, decoded as it was indexed.
    private let strings: [String]
    /// The strings of an indexed file, decoded when an object asks for them.
    private let lazyStrings: LazyStrings?
    private let places: Places

    /// The file's bytes after its magic; throws when they are not a version 2 body.
    init(body data: Data) throws(BinaryCodingError) {
        self.data = data
        body = 0..<data.count
        var replicas: [ReplicaID] = []
        var strings: [String] = []
        var offsets: [ReplicatedKey: Int] = [:]
        do {
            try Self.index(data, replicas: &replicas, strings: &strings, offsets: &offsets)
        } catch let error as BinaryCodingError {
            throw error
        } catch {
            throw BinaryCodingError(offset: 0, reason: "\(error)")
        }
        self.replicas = replicas
        self.strings = strings
        lazyStrings = nil
        places = .scanned(offsets)
    }

    /// The whole bytes of an indexed file, magic included; throws when its checksum or its
    /// layout is wrong.
    init(indexed data: Data) throws(BinaryCodingError) {
        let layout = try IndexedObjectsFile.Layout(of: data)
        self.data = data
        body = IndexedObjectsFile.magic.count..<layout.entitiesStart
        let body = body
        let names: (replicas: [ReplicaID], strings: LazyStrings, entities: [String])
        do {
            names = try Self.names(of: data, body: body, layout: layout)
        } catch let error as BinaryCodingError {
            throw error
        } catch {
            throw BinaryCodingError(offset: 0, reason: "\(error)")
        }
        replicas = names.replicas
        strings = []
        lazyStrings = names.strings
        var numbers: [String: UInt32] = [:]
        for (number, entity) in names.entities.enumerated() { numbers[entity] = UInt32(number) }
        places = .indexed(layout, entities: names.entities, numbers: numbers)
    }

    /// The replicas and strings an indexed file's body names, and its entities.
    private static func names(
        of data: Data, body: Range<Int>, layout: IndexedObjectsFile.Layout
    ) throws -> (replicas: [ReplicaID], strings: LazyStrings, entities: [String]) {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws in
            var reader = BinaryReader(UnsafeRawBufferPointer(rebasing: bytes[body]), origin: body.lowerBound)
            let replicas = try ReplicatedObjectCoding.replicas(&reader)
            let strings = try LazyStrings(&reader, in: data, at: body.lowerBound)
            var names = BinaryReader(
                UnsafeRawBufferPointer(rebasing: bytes[layout.entitiesStart..<layout.entriesStart]),
                origin: layout.entitiesStart)
            let entities = try ReplicatedObjectCoding.strings(&names)
            try names.expectEnd("the entities")
            return (replicas, strings, entities)
        }
    }

    /// Reads the names of `data` and where each object is, checking every object's bytes.
    private static func index(
        _ data: Data, replicas: inout [ReplicaID], strings: inout [String], offsets: inout [ReplicatedKey: Int]
    ) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws in
            var reader = BinaryReader(bytes)
            replicas = try ReplicatedObjectCoding.replicas(&reader)
            strings = try ReplicatedObjectCoding.strings(&reader)
            let count = try reader.count()
            offsets.reserveCapacity(count)
            for _ in 0..<count {
                let entity = try ReplicatedObjectCoding.string(&reader, in: strings)
                let key = ReplicatedKey(entity: entity, id: try reader.uuid())
                offsets[key] = reader.offset
                try ReplicatedObjectCoding.skipObject(&reader, replicas: replicas.count, strings: strings.count)
            }
            try reader.expectEnd("the objects")
        }
    }

    var count: Int {
        switch places {
        case .scanned(let offsets): offsets.count
        case .indexed(let layout, _, _): layout.count
        }
    }

    /// Every key, in no order.
    var keys: [ReplicatedKey] {
        switch places {
        case .scanned(let offsets): return Array(offsets.keys)
        case .indexed(let layout, let entities, _):
            return data.withUnsafeBytes { bytes in
                (0..<layout.count).compactMap { index in
                    let entry = layout.entriesStart + index * IndexedObjectsFile.entrySize
                    var id = UUID.zero.uuid
                    withUnsafeMutableBytes(of: &id) { target in
                        target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[entry..<entry + 16]))
                    }
                    let number = Int(
                        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: entry + 16, as: UInt32.self)))
                    guard number < entities.count else { return nil }
                    return ReplicatedKey(entity: entities[number], id: UUID(uuid: id))
                }
            }
        }
    }

    func contains(_ key: ReplicatedKey) -> Bool { offset(of: key) != nil }

    /// Where the stamps of `key`'s object start in `data`; `nil` when the file has none.
    private func offset(of key: ReplicatedKey) -> Int? {
        switch places {
        case .scanned(let offsets):
            return offsets[key].map { body.lowerBound + $0 }
        case .indexed(let layout, _, let numbers):
            guard let entity = numbers[key.entity] else { return nil }
            let found: Int? = data.withUnsafeBytes { bytes in
                var low = 0
                var high = layout.count
                while low < high {
                    let middle = (low + high) / 2
                    let entry = layout.entriesStart + middle * IndexedObjectsFile.entrySize
                    let order = IndexedObjectsFile.compare(
                        UnsafeRawBufferPointer(rebasing: bytes[entry..<entry + 20]), key.id, entity)
                    if order == 0 {
                        return Int(
                            truncatingIfNeeded: UInt64(
                                littleEndian: bytes.loadUnaligned(fromByteOffset: entry + 20, as: UInt64.self)))
                    }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
            guard let found, found >= 0, found < body.count else { return nil }
            return body.lowerBound + found
        }
    }

    /// The object of `key`, decoded; `nil` when the file has none (a version 2 file's bytes were
    /// checked when it was indexed, an indexed file's by its checksum).
    func object(_ key: ReplicatedKey) -> ReplicatedObject? {
        guard let offset = offset(of: key) else { return nil }
        let end = body.upperBound
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var reader = BinaryReader(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), origin: offset)
            if let lazyStrings {
                return try? ReplicatedObjectCoding.object(
                    &reader, entity: key.entity, replicas: replicas, strings: lazyStrings)
            }
            return try? ReplicatedObjectCoding.object(
                &reader, entity: key.entity, replicas: replicas, strings: strings)
        }
    }
}
