import Foundation
import ProjectManagerDomain

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
    ///
    /// Never specialised: the generic body gets the index's type from the conformances its caller
    /// passes, where a specialised one would look each up among every conformance the process
    /// loaded, which a new process opening a store pays for before its first screen.
    @_semantics("optimize.sil.specialize.generic.never")
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
    /// Reads the rows of a snapshot (``StoredRows``) in place through its stored ordering number
    /// `ordering`: the index then holds only the objects inserted since.
    mutating func attach(_ stored: StoredRows<Entity>, ordering: Int)
    /// Leaves out `object`, kept in stored row `row`, which was changed or removed.
    mutating func forgetStored(_ object: Entity, row: Int)
    /// Each group's rows in order, the groups in no particular order; the rows that ``attach(_:ordering:)``
    /// left in the store are not included.
    func groupedRows() -> [[Int]]
    /// Each group's rows in order, the groups in no particular order, the rows left in the store
    /// included (without those changed or removed since): what a snapshot of the table keeps.
    func allGroupedRows() -> [[Int]]
}

struct OrderedIndex<Entity: ManagedEntity, Group: Hashable & Sendable, Key: Comparable & Sendable>: AnyOrderedIndex {
    let group: @Sendable (Entity) -> Group
    let key: @Sendable (Entity) -> Key
    /// The objects inserted since the snapshot, or all of them when nothing is attached.
    private var groups: [Group: OrderedEntries<Key>] = [:]
    /// The snapshot's rows read in place, when attached.
    private var stored: Stored?

    /// A snapshot's ordering read in place: each group's place in the stored rows, found by
    /// reading the first object of each group when attached, and the places of the objects
    /// changed or removed since, which reads leave out.
    private struct Stored: Sendable {
        let rows: StoredRows<Entity>
        let ordering: Int
        let groups: [Group: (start: Int, count: Int)]
        /// Places in each group (from 0) no longer read there, sorted.
        var gone: [Group: [Int]] = [:]

        func row(at place: Int, of range: (start: Int, count: Int)) -> Int? {
            rows.row(ordering: ordering, at: range.start + place)
        }

        /// The number of gone places before `place` in `group`.
        func goneBefore(_ place: Int, in group: Group) -> Int {
            guard let gone = gone[group] else { return 0 }
            var low = 0
            var high = gone.count
            while low < high {
                let middle = (low + high) / 2
                if gone[middle] < place { low = middle + 1 } else { high = middle }
            }
            return low
        }

        func isGone(_ place: Int, in group: Group) -> Bool {
            guard let gone = gone[group] else { return false }
            let index = goneBefore(place, in: group)
            return index < gone.count && gone[index] == place
        }
    }

    init(group: @escaping @Sendable (Entity) -> Group, key: @escaping @Sendable (Entity) -> Key) {
        self.group = group
        self.key = key
    }

    // Specialised for the cards' two orderings, like ``rebuild(from:)``: an insert or a remove
    // of the generic body looks up its dictionary's and entries' types at every call.
    @_specialize(exported:false,where Entity == Project, Group == ProjectColumn, Key == Rank)
    @_specialize(exported:false,where Entity == Project, Group == ProjectDeadlines, Key == Day)
    mutating func insert(_ object: Entity, row: Int, replacing old: Entity?) {
        if let old {
            if group(old) == group(object), key(old) == key(object) { return }
            remove(old)
        }
        groups[group(object), default: OrderedEntries()].insert(
            OrderedEntry(key: key(object), id: object.id.rawValue, row: row))
    }

    @_specialize(exported:false,where Entity == Project, Group == ProjectColumn, Key == Rank)
    @_specialize(exported:false,where Entity == Project, Group == ProjectDeadlines, Key == Day)
    mutating func remove(_ object: Entity) {
        let group = group(object)
        groups[group]?.remove(OrderedEntry(key: key(object), id: object.id.rawValue, row: 0))
        if groups[group]?.count == 0 { groups[group] = nil }
    }

    // Specialised for the cards' two orderings, which a load or an import of many cards
    // rebuilds: the generic body copies each card through its value witnesses.
    @_specialize(exported:false,where Entity == Project, Group == ProjectColumn, Key == Rank)
    @_specialize(exported:false,where Entity == Project, Group == ProjectDeadlines, Key == Day)
    mutating func rebuild(from slots: [Entity?]) {
        var entries: [Group: [OrderedEntry<Key>]] = [:]
        for (row, object) in slots.enumerated() {
            guard let object else { continue }
            entries[group(object), default: []].append(OrderedEntry(key: key(object), id: object.id.rawValue, row: row))
        }
        groups = entries.mapValues { OrderedEntries(sorting: $0) }
    }

    @_specialize(exported:false,where Entity == Project, Group == ProjectColumn, Key == Rank)
    @_specialize(exported:false,where Entity == Project, Group == ProjectDeadlines, Key == Day)
    func count(inGroup group: any Hashable & Sendable) -> Int {
        guard let group = group as? Group else { return 0 }
        let inserted = groups[group]?.count ?? 0
        guard let stored, let range = stored.groups[group] else { return inserted }
        return inserted + range.count - (stored.gone[group]?.count ?? 0)
    }

    @_specialize(exported:false,where Entity == Project, Group == ProjectColumn, Key == Rank)
    @_specialize(exported:false,where Entity == Project, Group == ProjectDeadlines, Key == Day)
    func rows(inGroup group: any Hashable & Sendable, offset: Int, limit: Int?) -> [Int] {
        guard let group = group as? Group else { return [] }
        guard let stored, let range = stored.groups[group] else {
            return groups[group]?.rows(from: offset, limit: limit) ?? []
        }
        return merged(group, stored: stored, range: range, offset: max(offset, 0), limit: limit)
    }

    func row(inGroup group: any Hashable & Sendable, fromEnd offset: Int) -> Int? {
        let count = count(inGroup: group)
        guard offset >= 0, offset < count else { return nil }
        return rows(inGroup: group, offset: count - 1 - offset, limit: 1).first
    }

    func position(of object: Entity) -> Int? {
        let group = group(object)
        let entry = OrderedEntry(key: key(object), id: object.id.rawValue, row: 0)
        guard let stored, let range = stored.groups[group] else { return groups[group]?.position(of: entry) }
        if let inserted = groups[group]?.position(of: entry) {
            let before = lowerBound(entry, stored: stored, range: range)
            return inserted + before - stored.goneBefore(before, in: group)
        }
        let place = lowerBound(entry, stored: stored, range: range)
        guard place < range.count, !stored.isGone(place, in: group),
            let found = self.entry(at: place, stored: stored, range: range), found == entry
        else { return nil }
        return place - stored.goneBefore(place, in: group) + (groups[group]?.rank(of: entry) ?? 0)
    }

    var lastRows: [Int] {
        guard let stored else { return groups.values.compactMap { $0.rows(from: $0.count - 1, limit: 1).first } }
        let all = Set(groups.keys).union(stored.groups.keys)
        return all.compactMap { row(inGroup: $0, fromEnd: 0) }
    }

    mutating func attach(_ rows: StoredRows<Entity>, ordering: Int) {
        var directory: [Group: (start: Int, count: Int)] = [:]
        for range in rows.orderings[ordering].groups {
            // A group is known by its first object: one read a group, not a row.
            guard let first = rows.row(ordering: ordering, at: range.start), let object = rows.object(atRow: first)
            else { continue }
            directory[group(object)] = range
        }
        stored = Stored(rows: rows, ordering: ordering, groups: directory)
        groups = [:]
    }

    mutating func forgetStored(_ object: Entity, row: Int) {
        let group = group(object)
        guard let current = stored, let range = current.groups[group] else { return }
        let entry = OrderedEntry(key: key(object), id: object.id.rawValue, row: row)
        // The row's place is stored; a search by key is for damage only.
        let place =
            current.rows.place(ordering: current.ordering, ofRow: row).map { $0 - range.start }
            .flatMap { (0..<range.count).contains($0) ? $0 : nil }
            ?? lowerBound(entry, stored: current, range: range)
        guard place < range.count, current.row(at: place, of: range) == row, !current.isGone(place, in: group) else {
            return
        }
        let index = current.goneBefore(place, in: group)
        stored?.gone[group, default: []].insert(place, at: index)
    }

    func groupedRows() -> [[Int]] {
        groups.values.map { $0.rows(from: 0, limit: nil) }
    }

    /// - Complexity: O(*n* + *k* log *n*) for *n* stored rows and *k* inserted since, reading
    ///   O(*k* log *n*) objects: each inserted one's place among the stored ones is found by search.
    func allGroupedRows() -> [[Int]] {
        guard let stored else { return groupedRows().filter { !$0.isEmpty } }
        var all: [[Int]] = []
        all.reserveCapacity(stored.groups.count + groups.count)
        for (group, range) in stored.groups {
            let inserted = groups[group].map { $0.entries(from: 0, limit: $0.count) } ?? []
            let places = inserted.map { lowerBound($0, stored: stored, range: range) }
            let gone = stored.gone[group] ?? []
            var rows: [Int] = []
            rows.reserveCapacity(range.count - gone.count + inserted.count)
            var next = 0
            var nextGone = 0
            for place in 0..<range.count {
                while next < inserted.count, places[next] <= place {
                    rows.append(inserted[next].row)
                    next += 1
                }
                if nextGone < gone.count, gone[nextGone] == place {
                    nextGone += 1
                    continue
                }
                // A place that cannot be read is damage, which a snapshot refuses before this.
                if let row = stored.row(at: place, of: range) { rows.append(row) }
            }
            rows += inserted[next...].map(\.row)
            if !rows.isEmpty { all.append(rows) }
        }
        for (group, entries) in groups where stored.groups[group] == nil && entries.count > 0 {
            all.append(entries.rows(from: 0, limit: nil))
        }
        return all
    }

    // MARK: - Stored and inserted, merged

    /// The stored object at `place` of a group, as an entry.
    private func entry(at place: Int, stored: Stored, range: (start: Int, count: Int)) -> OrderedEntry<Key>? {
        guard let row = stored.row(at: place, of: range), let object = stored.rows.object(atRow: row) else {
            return nil
        }
        return OrderedEntry(key: key(object), id: object.id.rawValue, row: row)
    }

    /// The stored entries of a group from `place`, at least one and at most `count` of them,
    /// read together (``StoredRows/forEachObject(atRows:_:)``); `nil` where one cannot be read.
    private func entries(
        from place: Int, count: Int, stored: Stored, range: (start: Int, count: Int)
    ) -> [OrderedEntry<Key>?] {
        let places = place..<min(place + max(count, 1), range.count)
        let rows = places.map { stored.row(at: $0, of: range) }
        var objects: [Entity?] = []
        objects.reserveCapacity(rows.count)
        stored.rows.forEachObject(atRows: rows.compactMap { $0 }) { objects.append($0) }
        var read = objects.makeIterator()
        return rows.map { row in
            guard let row, let object = read.next() ?? nil else { return nil }
            return OrderedEntry(key: key(object), id: object.id.rawValue, row: row)
        }
    }

    /// The first place of the group whose stored entry is not before `entry` (gone ones included).
    ///
    /// - Complexity: O(log *n*) objects read.
    private func lowerBound(_ entry: OrderedEntry<Key>, stored: Stored, range: (start: Int, count: Int)) -> Int {
        var low = 0
        var high = range.count
        while low < high {
            let middle = (low + high) / 2
            // A row that cannot be read (damage) sorts first, so that a search still ends.
            if let found = self.entry(at: middle, stored: stored, range: range), !(found < entry) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    /// The rows of a group from `offset`, stored and inserted merged in order.
    ///
    /// - Complexity: O(log *n*) objects read to find the start, then O(*k*) for *k* rows.
    private func merged(
        _ group: Group, stored: Stored, range: (start: Int, count: Int), offset: Int, limit: Int?
    ) -> [Int] {
        let inserted = groups[group]
        let goneCount = stored.gone[group]?.count ?? 0
        let total = range.count - goneCount + (inserted?.count ?? 0)
        let wanted = min(limit.map { max($0, 0) } ?? total, max(total - offset, 0))
        guard wanted > 0 else { return [] }
        if inserted == nil, goneCount == 0 {
            return (offset..<(offset + wanted)).compactMap { stored.row(at: $0, of: range) }
        }
        // The entries of the merged order before stored place p: the live stored ones before it
        // and the inserted ones before its entry. The walk starts at the last p where that is at
        // most `offset`.
        func before(_ place: Int) -> Int? {
            guard let entry = entry(at: place, stored: stored, range: range) else { return nil }
            return place - stored.goneBefore(place, in: group) + (inserted?.rank(of: entry) ?? 0)
        }
        var low = 0
        var high = range.count - 1
        var start: (place: Int, skipped: Int)?
        while low <= high {
            let middle = (low + high) / 2
            guard let count = before(middle) else { break }
            if count <= offset {
                start = (middle, count)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        var place = start?.place ?? 0
        var skip = offset - (start?.skipped ?? 0)
        let firstPending =
            start.flatMap { entry(at: $0.place, stored: stored, range: range) }.map { inserted?.rank(of: $0) ?? 0 } ?? 0
        let pending = inserted?.entries(from: firstPending, limit: skip + wanted) ?? []
        var next = 0
        // A long walk (a whole column) reads the stored objects ahead in blocks, together, rather
        // than one at a time.
        let together = StoredRows<Entity>.rowsReadTogether
        var block: (start: Int, entries: [OrderedEntry<Key>?]) = (place, [])
        func readEntry(at place: Int) -> OrderedEntry<Key>? {
            guard skip + wanted >= together else { return entry(at: place, stored: stored, range: range) }
            if place < block.start || place >= block.start + block.entries.count {
                block = (
                    place, entries(from: place, count: min(skip + wanted, 8 * together), stored: stored, range: range)
                )
            }
            return block.entries[place - block.start]
        }
        var storedEntry = place < range.count ? readEntry(at: place) : nil
        func advance() {
            place += 1
            storedEntry = place < range.count ? readEntry(at: place) : nil
        }
        var rows: [Int] = []
        rows.reserveCapacity(wanted)
        while rows.count < wanted {
            while place < range.count, stored.isGone(place, in: group) { advance() }
            let row: Int
            if place < range.count, let current = storedEntry {
                if next >= pending.count || current < pending[next] {
                    row = current.row
                    advance()
                } else {
                    row = pending[next].row
                    next += 1
                }
            } else if place < range.count {
                // Damage: a row that cannot be read keeps its place, as the counts do; reading it
                // gives nothing, so the window holds one object fewer.
                row = stored.row(at: place, of: range) ?? -1
                advance()
            } else if next < pending.count {
                row = pending[next].row
                next += 1
            } else {
                break
            }
            if skip > 0 { skip -= 1 } else { rows.append(row) }
        }
        return rows
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
    @_specialize(exported:false,where Key == Rank)
    @_specialize(exported:false,where Key == Day)
    @_specialize(exported:false,where Key == Int)
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

    /// The number of entries before `entry`.
    ///
    /// - Complexity: O(log *n* + *n* / *c*).
    func rank(of entry: OrderedEntry<Key>) -> Int {
        guard !chunks.isEmpty else { return 0 }
        let chunk = chunkIndex(for: entry)
        let index = Self.insertionIndex(of: entry, in: chunks[chunk])
        return chunks[..<chunk].reduce(index) { $0 + $1.count }
    }

    /// The entries from `offset`, at most `limit` of them.
    ///
    /// - Complexity: O(*n* / *c* + *k*) for *k* entries.
    func entries(from offset: Int, limit: Int) -> [OrderedEntry<Key>] {
        var found: [OrderedEntry<Key>] = []
        var skip = max(offset, 0)
        for chunk in chunks where found.count < limit {
            if skip >= chunk.count {
                skip -= chunk.count
                continue
            }
            found += chunk[skip..<min(chunk.count, skip + limit - found.count)]
            skip = 0
        }
        return found
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
