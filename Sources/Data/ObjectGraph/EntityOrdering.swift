import Foundation

/// An ordered index: an entity's objects in groups (a board's column, a board's history), each
/// group kept sorted by a key, so that a fetch by position, a window or a neighbour costs
/// O(log *n*) rather than a sort.
///
/// ```swift
/// extension Project: ManagedEntity {
///     public static var orderings: [EntityOrdering<Project>] {
///         [EntityOrdering(named: "column", groupedBy: { ProjectColumn($0.boardID, $0.state) }, orderedBy: \.rank)]
///     }
/// }
/// ```
/// Objects with equal keys are ordered by id.
public struct EntityOrdering<Entity: ManagedEntity>: Sendable {
    /// The ordering's name, used to read it.
    public let name: String
    let makeIndex: @Sendable () -> any AnyOrderedIndex<Entity>

    /// An ordering of the objects grouped by `group`, each group sorted by `key`.
    public init<Group: Hashable & Sendable, Key: Comparable & Sendable>(
        named name: String,
        groupedBy group: @escaping @Sendable (Entity) -> Group,
        orderedBy key: @escaping @Sendable (Entity) -> Key
    ) {
        self.name = name
        makeIndex = { OrderedIndex(group: group, key: key) }
    }
}

/// An ordered index, whatever the types of its group and key. It holds the table's row numbers
/// (``EntityTable``), so reading a group in order needs no lookup by id.
protocol AnyOrderedIndex<Entity>: Sendable {
    associatedtype Entity: ManagedEntity
    /// Indexes `object`, kept in table row `row`, which replaces `old` (the same object's previous
    /// value, in the same row) when given.
    mutating func insert(_ object: Entity, row: Int, replacing old: Entity?)
    mutating func remove(_ object: Entity)
    /// Indexes every object of `slots` (a table's rows, `nil` where empty) anew, sorting each
    /// group once: how a table read from a store builds its orderings.
    mutating func rebuild(from slots: [Entity?])
    /// The number of objects in the group `group` (of the ordering's group type).
    func count(inGroup group: any Hashable & Sendable) -> Int
    /// The rows of the group's objects from `offset`, at most `limit` of them.
    func rows(inGroup group: any Hashable & Sendable, offset: Int, limit: Int?) -> [Int]
    /// The row at `offset` from the end of the group (0: the last), if any.
    func row(inGroup group: any Hashable & Sendable, fromEnd offset: Int) -> Int?
    /// The object's place in its group.
    func position(of object: Entity) -> Int?
    /// The rows of the last object of each group.
    var lastRows: [Int] { get }
}

struct OrderedIndex<Entity: ManagedEntity, Group: Hashable & Sendable, Key: Comparable & Sendable>: AnyOrderedIndex {
    let group: @Sendable (Entity) -> Group
    let key: @Sendable (Entity) -> Key
    private var groups: [Group: OrderedEntries<Key>] = [:]

    init(group: @escaping @Sendable (Entity) -> Group, key: @escaping @Sendable (Entity) -> Key) {
        self.group = group
        self.key = key
    }

    mutating func insert(_ object: Entity, row: Int, replacing old: Entity?) {
        if let old {
            if group(old) == group(object), key(old) == key(object) { return }
            remove(old)
        }
        groups[group(object), default: OrderedEntries()].insert(
            OrderedEntry(key: key(object), id: object.id.rawValue, row: row))
    }

    mutating func remove(_ object: Entity) {
        let group = group(object)
        groups[group]?.remove(OrderedEntry(key: key(object), id: object.id.rawValue, row: 0))
        if groups[group]?.count == 0 { groups[group] = nil }
    }

    mutating func rebuild(from slots: [Entity?]) {
        var entries: [Group: [OrderedEntry<Key>]] = [:]
        for (row, object) in slots.enumerated() {
            guard let object else { continue }
            entries[group(object), default: []].append(OrderedEntry(key: key(object), id: object.id.rawValue, row: row))
        }
        groups = entries.mapValues { OrderedEntries(sorting: $0) }
    }

    func count(inGroup group: any Hashable & Sendable) -> Int {
        (group as? Group).flatMap { groups[$0]?.count } ?? 0
    }

    func rows(inGroup group: any Hashable & Sendable, offset: Int, limit: Int?) -> [Int] {
        guard let group = group as? Group, let entries = groups[group] else { return [] }
        return entries.rows(from: offset, limit: limit)
    }

    func row(inGroup group: any Hashable & Sendable, fromEnd offset: Int) -> Int? {
        guard let group = group as? Group, let entries = groups[group], offset >= 0, offset < entries.count else {
            return nil
        }
        return entries.rows(from: entries.count - 1 - offset, limit: 1).first
    }

    func position(of object: Entity) -> Int? {
        groups[group(object)]?.position(of: OrderedEntry(key: key(object), id: object.id.rawValue, row: 0))
    }

    var lastRows: [Int] {
        groups.values.compactMap { $0.rows(from: $0.count - 1, limit: 1).first }
    }
}

/// One object in an ordered index: its key, then its id to break ties; and its table row, which
/// takes no part in the order.
struct OrderedEntry<Key: Comparable & Sendable>: Comparable, Sendable {
    let key: Key
    let id: UUID
    let row: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.key != rhs.key { return lhs.key < rhs.key }
        return withUnsafeBytes(of: lhs.id.uuid) { left in
            withUnsafeBytes(of: rhs.id.uuid) { right in left.lexicographicallyPrecedes(right) }
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key && lhs.id == rhs.id }
}

/// Sorted entries in chunks of at most ``chunkCapacity``: an insertion or removal moves one
/// chunk's entries, not the whole group's, and a position is found by walking the chunks' counts.
struct OrderedEntries<Key: Comparable & Sendable>: Sendable {
    static var chunkCapacity: Int { 512 }
    private var chunks: [[OrderedEntry<Key>]] = []
    private(set) var count = 0

    init() {}

    /// The entries, sorted once and cut into half-full chunks, leaving room for inserts.
    ///
    /// - Complexity: O(*n* log *n*).
    init(sorting entries: [OrderedEntry<Key>]) {
        let sorted = entries.sorted()
        let size = Self.chunkCapacity / 2
        chunks = stride(from: 0, to: sorted.count, by: size).map { Array(sorted[$0..<min($0 + size, sorted.count)]) }
        count = sorted.count
    }

    /// - Complexity: O(log *n* + *c*) for chunks of *c* entries.
    mutating func insert(_ entry: OrderedEntry<Key>) {
        guard let lastChunk = chunks.indices.last, let last = chunks[lastChunk].last else {
            chunks = [[entry]]
            count = 1
            return
        }
        // Appending, as creates and imports do, needs one comparison.
        if last < entry, chunks[lastChunk].count < Self.chunkCapacity {
            chunks[lastChunk].append(entry)
            count += 1
            return
        }
        let chunk = chunkIndex(for: entry)
        let index = Self.insertionIndex(of: entry, in: chunks[chunk])
        chunks[chunk].insert(entry, at: index)
        count += 1
        if chunks[chunk].count > Self.chunkCapacity {
            let upper = Array(chunks[chunk][(Self.chunkCapacity / 2)...])
            chunks[chunk].removeSubrange((Self.chunkCapacity / 2)...)
            chunks.insert(upper, at: chunk + 1)
        }
    }

    /// - Complexity: O(log *n* + *c*).
    mutating func remove(_ entry: OrderedEntry<Key>) {
        guard let (chunk, index) = locate(entry) else { return }
        chunks[chunk].remove(at: index)
        count -= 1
        if chunks[chunk].isEmpty { chunks.remove(at: chunk) }
    }

    /// - Complexity: O(log *n* + *n* / *c*).
    func position(of entry: OrderedEntry<Key>) -> Int? {
        guard let (chunk, index) = locate(entry) else { return nil }
        return chunks[..<chunk].reduce(index) { $0 + $1.count }
    }

    /// - Complexity: O(*n* / *c* + *k*) for *k* rows.
    func rows(from offset: Int, limit: Int?) -> [Int] {
        let start = max(offset, 0)
        let wanted = min(limit.map { max($0, 0) } ?? count, max(count - start, 0))
        guard wanted > 0 else { return [] }
        var ids: [Int] = []
        ids.reserveCapacity(wanted)
        var skip = start
        for chunk in chunks {
            if skip >= chunk.count {
                skip -= chunk.count
                continue
            }
            for entry in chunk[skip...] {
                ids.append(entry.row)
                if ids.count == wanted { return ids }
            }
            skip = 0
        }
        return ids
    }

    /// The chunk an entry belongs in: the first whose last entry is not before it, or the last.
    private func chunkIndex(for entry: OrderedEntry<Key>) -> Int {
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high) / 2
            if let last = chunks[middle].last, last < entry { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func locate(_ entry: OrderedEntry<Key>) -> (chunk: Int, index: Int)? {
        guard !chunks.isEmpty else { return nil }
        let chunk = chunkIndex(for: entry)
        let index = Self.insertionIndex(of: entry, in: chunks[chunk])
        guard index < chunks[chunk].count, chunks[chunk][index] == entry else { return nil }
        return (chunk, index)
    }

    /// The first index whose entry is not before `entry`.
    private static func insertionIndex(of entry: OrderedEntry<Key>, in chunk: [OrderedEntry<Key>]) -> Int {
        var low = 0
        var high = chunk.count
        while low < high {
            let middle = (low + high) / 2
            if chunk[middle] < entry { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
