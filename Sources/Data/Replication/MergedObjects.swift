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

    private mutating func put(_ object: ReplicatedObject, for key: ReplicatedKey) {
        if overlay.updateValue(object, forKey: key) == nil, base?.contains(key) != true { added += 1 }
    }

    /// The number of objects.
    var count: Int { (base?.count ?? 0) + added }

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

/// A merged objects file (version 2) read lazily: its names, and where each object is, found by
/// one pass that decodes no value. Immutable once made.
final class LazyObjectsFile: Sendable {
    private let data: Data
    private let replicas: [ReplicaID]
    private let strings: [String]
    /// Each object's offset in `data`, at its stamps (after its key).
    private let offsets: [ReplicatedKey: Int]

    /// The file's bytes after its magic; throws when they are not a version 2 body.
    init(body data: Data) throws(BinaryCodingError) {
        self.data = data
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
        self.offsets = offsets
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

    var count: Int { offsets.count }
    var keys: Dictionary<ReplicatedKey, Int>.Keys { offsets.keys }
    func contains(_ key: ReplicatedKey) -> Bool { offsets[key] != nil }

    /// The object of `key`, decoded; `nil` when the file has none (its bytes were checked when
    /// the file was indexed).
    func object(_ key: ReplicatedKey) -> ReplicatedObject? {
        guard let offset = offsets[key] else { return nil }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var reader = BinaryReader(UnsafeRawBufferPointer(rebasing: bytes[offset..<bytes.count]), origin: offset)
            return try? ReplicatedObjectCoding.object(
                &reader, entity: key.entity, replicas: replicas, strings: strings)
        }
    }
}
