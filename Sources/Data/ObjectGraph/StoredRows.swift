import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The objects of one entity as a snapshot of layout 2 keeps them, read in place from the store
/// file's mapped bytes: a row is decoded when it is read, and nothing is built in proportion to
/// the rows when the store opens.
///
/// The snapshot keeps, after the rows (each length-prefixed, in row order), an index section:
/// ```
/// UInt32 count
/// UInt32 × count          each row's offset from the first row
/// (16-byte id, UInt32 row) × count, sorted by the id's bytes
/// UInt32 orderings; for each (in ManagedEntity.orderings' order):
///     UInt32 groups; (UInt32 start, UInt32 count) × groups; UInt32 row × count, each group's rows in order;
///     UInt32 place × count, each row's place in the ordering
/// UInt32 CRC-32C × blocks  one per 1,024 bytes from the first row to here
/// UInt32 CRC-32C of those checksums
/// ```
/// Integers are little-endian. Each 1 KiB block is checked against its checksum the first time a
/// read touches it; a block that does not match is damage: its rows read as missing, and
/// ``damage`` says where (a store refuses to compact over it, so nothing is lost by rewriting).
///
/// When the payload is mapped from the store file, rows are read with `pread`, 4 KiB at a time:
/// a read maps nothing, so reading rows scattered over a large store leaves the process's memory
/// as it was (a mapped page would count while mapped, and the system maps up to 64 KiB around each
/// page read). The last pages read are kept, more of the index (which every read of a row goes
/// through) than of the rows, and the checksums a kilobyte at a time.
final class StoredRows<Entity: ManagedEntity>: Sendable {
    /// The bytes each checksum covers.
    static var blockSize: Int { StoredIndexWriter.blockSize }

    /// One ordering's groups and rows.
    struct Ordering: Sendable {
        /// Each group's first place in ``rowsStart`` and its number of rows.
        var groups: [(start: Int, count: Int)]
        /// Where the ordering's rows begin in the payload.
        var rowsStart: Int
        /// Where each row's place in the ordering is kept: a `UInt32` for each row, in row order.
        var placesStart: Int
    }

    /// The number of rows.
    let count: Int
    let orderings: [Ordering]
    /// The coding version (``BinaryEntity/binaryVersion``) the rows were written in: a snapshot
    /// of the entity's current one takes their bytes as they are.
    let codingVersion: Int
    /// The snapshot payload: mapped from the store file, or read.
    private let payload: Data
    /// A descriptor of the file the payload is mapped from, and where the payload starts in it:
    /// rows are then read with `pread`, so that scattered reads map no pages into the process.
    private let file: (descriptor: Int32, offset: Int)?
    private let rowsStart: Int
    private let offsetsStart: Int
    private let idsStart: Int
    private let checksumsStart: Int
    /// The checksum of each block's bytes: `UInt32`s from ``checksumsStart``, then theirs.
    private let checksumsTable: Range<Int>
    private let checksumsChecksum: UInt32
    private let decodeRow: @Sendable (inout BinaryReader) throws -> Entity
    /// A bit per block, set once the block matched its checksum; and the pages last read.
    private let state: Mutex<StoredRowsReadState>
    private let damageNote = Mutex<String?>(nil)

    /// The bytes one `pread` reads: four blocks.
    private static var pageSize: Int { 4 * blockSize }
    /// The bytes of checksums one `pread` reads: those of 256 blocks.
    private static var checksumPageSize: Int { 1_024 }

    /// Reads the index section at `index` (its bytes in `payload`) of the `count` rows at
    /// `rows`; checks the checksums' own checksum, and that every part fits.
    init(
        payload: Data, rows: Range<Int>, index: Range<Int>, count: Int, file: (descriptor: Int32, offset: Int)? = nil,
        codingVersion: Int, decode: @escaping @Sendable (inout BinaryReader) throws -> Entity
    ) throws(BinaryCodingError) {
        self.payload = payload
        self.codingVersion = codingVersion
        self.file = file
        self.count = count
        self.decodeRow = decode
        rowsStart = rows.lowerBound
        func fail(_ reason: String, at offset: Int) -> BinaryCodingError {
            BinaryCodingError(offset: offset, reason: "the index of the \(Entity.entityName) objects: \(reason)")
        }
        var cursor = index.lowerBound
        func take(_ size: Int) throws(BinaryCodingError) -> Int {
            guard size >= 0, size <= index.upperBound - cursor else {
                throw fail("it ends early", at: cursor)
            }
            defer { cursor += size }
            return cursor
        }
        func u32(_ offset: Int) -> Int {
            payload.withUnsafeBytes {
                Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            }
        }
        guard u32(try take(4)) == count else { throw fail("its count is not the table's", at: index.lowerBound) }
        offsetsStart = try take(4 * count)
        idsStart = try take(20 * count)
        let orderingCount = u32(try take(4))
        guard orderingCount <= (index.upperBound - cursor) / 4 else { throw fail("it ends early", at: cursor - 4) }
        var orderings: [Ordering] = []
        for _ in 0..<orderingCount {
            let groupCount = u32(try take(4))
            let directory = try take(8 * groupCount)
            var groups: [(start: Int, count: Int)] = []
            groups.reserveCapacity(groupCount)
            var total = 0
            for group in 0..<groupCount {
                let start = u32(directory + 8 * group)
                let size = u32(directory + 8 * group + 4)
                guard start == total, size > 0 else { throw fail("its groups do not follow each other", at: directory) }
                total += size
                groups.append((start, size))
            }
            guard total == count else { throw fail("an ordering does not hold every row", at: directory) }
            orderings.append(Ordering(groups: groups, rowsStart: try take(4 * count), placesStart: try take(4 * count)))
        }
        self.orderings = orderings
        let covered = cursor - rowsStart
        let blocks = (covered + Self.blockSize - 1) / Self.blockSize
        checksumsStart = try take(4 * blocks)
        let stored = u32(try take(4))
        guard cursor == index.upperBound else { throw fail("it has bytes after its checksums", at: cursor) }
        checksumsTable = checksumsStart..<(checksumsStart + 4 * blocks)
        checksumsChecksum = UInt32(stored)
        state = Mutex(StoredRowsReadState(verified: Array(repeating: 0, count: (blocks + 63) / 64)))
        // Read from the file, the checksums are read a kilobyte at a time as blocks are checked,
        // and their own checksum by ``verifyAll()``: opening reads nothing in proportion to the table.
        if file == nil, let damage = checksumsDamage() { throw fail(damage, at: checksumsTable.lowerBound) }
    }

    /// Whether the checksums match their own checksum; why not, if they do not.
    private func checksumsDamage() -> String? {
        let bytes: [UInt8]
        if let file {
            guard let read = Self.read(checksumsTable.count, from: file, at: checksumsTable.lowerBound) else {
                return "its checksums cannot be read"
            }
            bytes = read
        } else {
            bytes = payload.withUnsafeBytes { [UInt8]($0[checksumsTable]) }
        }
        var crc = CRC32C()
        bytes.withUnsafeBytes { crc.update($0) }
        return crc.value == checksumsChecksum ? nil : "its checksums do not match their own checksum"
    }

    /// The stored checksum of block `block`.
    private func checksum(ofBlock block: Int) -> UInt32? {
        let offset = checksumsTable.lowerBound + 4 * block
        guard let file else {
            return payload.withUnsafeBytes {
                UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            }
        }
        let page = 4 * block / Self.checksumPageSize
        var bytes = state.withLock { $0.checksumPages.bytes(of: page) }
        if bytes == nil {
            let start = checksumsTable.lowerBound + page * Self.checksumPageSize
            bytes = Self.read(min(Self.checksumPageSize, checksumsTable.upperBound - start), from: file, at: start)
            if let bytes { state.withLock { $0.checksumPages.keep(bytes, as: page) } }
        }
        return bytes?.withUnsafeBytes {
            UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 4 * block % Self.checksumPageSize, as: UInt32.self))
        }
    }

    /// `count` bytes of the payload from `offset`, read from `file` with `pread`; `nil` when they
    /// cannot be.
    private static func read(_ count: Int, from file: (descriptor: Int32, offset: Int), at offset: Int) -> [UInt8]? {
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let read = pread(
                    file.descriptor, buffer.baseAddress! + done, count - done, off_t(file.offset + offset + done))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                done += read
            }
            // What a short read left unset is zeroed, and the read refused.
            if done < count { buffer.baseAddress!.advanced(by: done).initialize(repeating: 0, count: count - done) }
            complete = done == count
            initialized = count
        }
        return complete ? bytes : nil
    }

    /// Where the bytes of the store were found not to match their checksum, if they were.
    var damage: String? { damageNote.withLock { $0 } }

    // MARK: - Reading

    /// The object in `row`; `nil` when the row is out of range or its bytes are damaged.
    func object(atRow row: Int) -> Entity? {
        guard row >= 0, row < count, let offset = uint32(at: offsetsStart + 4 * row) else { return nil }
        let start = rowsStart + offset
        guard start < offsetsStart else { return nil }
        // The length prefix first (at most 10 bytes), then the row it announces.
        let head = withBytes(start..<min(start + 10, offsetsStart)) { bytes -> (length: Int, size: Int)? in
            var reader = BinaryReader(bytes, origin: start)
            guard let length = try? reader.varint(), length <= UInt64(offsetsStart - start) else { return nil }
            return (Int(length), reader.offset)
        }
        guard let head, start + head.size + head.length <= offsetsStart else {
            noteDamage("the \(Entity.entityName) object at byte \(start) has no readable length")
            return nil
        }
        let body = (start + head.size)..<(start + head.size + head.length)
        return withBytes(body) { bytes -> Entity? in
            var reader = BinaryReader(bytes, origin: body.lowerBound)
            do {
                return try decodeRow(&reader)
            } catch {
                noteDamage("the \(Entity.entityName) object at byte \(start) cannot be read: \(error)")
                return nil
            }
        }
    }

    /// The fewest rows ``forEachObject(atRows:_:)`` reads together.
    static var rowsReadTogether: Int { 512 }

    /// Calls `body` with the object in each of `rows`, in that order: `nil` for a row out of
    /// range or whose bytes are damaged (noted in ``damage``), as ``object(atRow:)`` gives. Many
    /// rows close together (a column, a whole board) are read together: their offsets, then the
    /// rows from the first of them to the last, each at once and each block checked once, rather
    /// than a page at a time.
    ///
    /// - Complexity: O(*k* + *b*) for *k* rows over *b* bytes, in two reads.
    func forEachObject(atRows rows: [Int], _ body: (Entity?) -> Void) {
        // Rows are stored in row order: those from the first asked for to the last, when they
        // are not many more than those asked for, with the next row's offset, where the last ends.
        guard rows.count >= Self.rowsReadTogether, let low = rows.min(), let high = rows.max(), low >= 0,
            high < count, high - low < 4 * rows.count,
            let offsets = readTogether(offsetsStart + 4 * low..<offsetsStart + 4 * min(high + 2, count)),
            offsets.damaged.isEmpty
        else { return rows.forEach { body(object(atRow: $0)) } }
        func offset(ofRow row: Int) -> Int {
            offsets.bytes.withUnsafeBytes { buffer in
                Int(
                    UInt32(
                        littleEndian: buffer.loadUnaligned(
                            fromByteOffset: offsetsStart + 4 * row - offsets.start, as: UInt32.self)))
            }
        }
        let rowOffsets = rows.map(offset(ofRow:))
        let end = high + 1 < count ? rowsStart + offset(ofRow: high + 1) : offsetsStart
        guard let first = rowOffsets.min(), rowsStart + first < end, end <= offsetsStart,
            let read = readTogether(rowsStart + first..<end)
        else { return rows.forEach { body(object(atRow: $0)) } }
        read.bytes.withUnsafeBytes { buffer in
            for (row, offset) in zip(rows, rowOffsets) {
                body(decodeRow(row, at: rowsStart + offset, in: buffer, from: read.start, damaged: read.damaged))
            }
        }
    }

    /// The object of `row`, whose length and bytes start at `start`, decoded from `buffer` (the
    /// payload's bytes from `origin`), or as ``object(atRow:)`` reads it when its bytes are not
    /// all in `buffer` or in a block among `damaged`, or cannot be decoded.
    private func decodeRow(
        _ row: Int, at start: Int, in buffer: UnsafeRawBufferPointer, from origin: Int, damaged: [Range<Int>]
    ) -> Entity? {
        guard start >= origin, start < offsetsStart else { return object(atRow: row) }
        var head = BinaryReader(UnsafeRawBufferPointer(rebasing: buffer[(start - origin)...]), origin: start)
        guard let length = try? head.varint(), length <= UInt64(offsetsStart - start - head.offset) else {
            return object(atRow: row)
        }
        let bodyStart = start + head.offset
        let end = bodyStart + Int(length)
        guard end - origin <= buffer.count, !damaged.contains(where: { $0.overlaps(start..<end) }) else {
            return object(atRow: row)
        }
        var reader = BinaryReader(
            UnsafeRawBufferPointer(rebasing: buffer[(bodyStart - origin)..<(end - origin)]), origin: bodyStart)
        guard let object = try? decodeRow(&reader) else { return object(atRow: row) }
        return object
    }

    /// The bytes of the blocks holding `range` (of the payload), read at once, from `start`, each
    /// block checked once against its checksum: `damaged`, those that do not match (noted in
    /// ``damage``). `nil` when they cannot be read.
    private func readTogether(_ range: Range<Int>) -> (bytes: [UInt8], start: Int, damaged: [Range<Int>])? {
        guard !range.isEmpty, range.lowerBound >= rowsStart, range.upperBound <= checksumsStart else { return nil }
        let firstBlock = (range.lowerBound - rowsStart) / Self.blockSize
        let lastBlock = (range.upperBound - 1 - rowsStart) / Self.blockSize
        let start = rowsStart + firstBlock * Self.blockSize
        let end = min(rowsStart + (lastBlock + 1) * Self.blockSize, checksumsStart)
        let bytes: [UInt8]
        if let file {
            guard let read = Self.read(end - start, from: file, at: start) else {
                noteDamage("bytes \(start)..<\(end) of the snapshot cannot be read (errno \(errno))")
                return nil
            }
            bytes = read
        } else {
            bytes = payload.withUnsafeBytes { [UInt8]($0[start..<end]) }
        }
        let unchecked = state.withLock { state in (firstBlock...lastBlock).filter { !state.isVerified($0) } }
        var damaged: [Range<Int>] = []
        var matched: [Int] = []
        bytes.withUnsafeBytes { buffer in
            for block in unchecked {
                let from = rowsStart + block * Self.blockSize
                let to = min(from + Self.blockSize, checksumsStart)
                var crc = CRC32C()
                crc.update(UnsafeRawBufferPointer(rebasing: buffer[(from - start)..<(to - start)]))
                if crc.value == checksum(ofBlock: block) { matched.append(block) } else { damaged.append(from..<to) }
            }
        }
        if let first = damaged.first {
            noteDamage("bytes \(first.lowerBound)..<\(first.upperBound) of the snapshot do not match their checksum")
        }
        state.withLock { state in
            for block in matched { state.verified[block / 64] |= 1 << UInt64(block % 64) }
        }
        return (bytes, start, damaged)
    }

    // MARK: - Reading every row as it is stored

    /// Where every row starts, from the first row, and where the last ends: row `r` is bytes
    /// `offsets[r]..<offsets[r + 1]`, its length prefix included. `nil` when the index cannot be
    /// read or does not add up (damage).
    ///
    /// - Complexity: O(*n*) for *n* rows, none of them decoded.
    func rowOffsets() -> [Int]? {
        var offsets: [Int] = []
        offsets.reserveCapacity(count + 1)
        let chunkRows = 4_096
        var row = 0
        while row < count {
            let rows = min(chunkRows, count - row)
            let start = offsetsStart + 4 * row
            let read: Bool? = withBytes(start..<(start + 4 * rows)) { bytes in
                for index in 0..<rows {
                    offsets.append(
                        Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))))
                }
                return true
            }
            guard read != nil else { return nil }
            row += rows
        }
        // The rows end where the index starts, with its count.
        offsets.append(offsetsStart - 4 - rowsStart)
        guard offsets[0] == 0, (0..<count).allSatisfy({ offsets[$0] < offsets[$0 + 1] }) else { return nil }
        return offsets
    }

    /// The id of every row, in row order; `nil` when the ids cannot be read or do not name every
    /// row once (damage).
    ///
    /// - Complexity: O(*n*) for *n* rows, none of them decoded.
    func rowIDs() -> [UUID]? {
        var ids = [UUID?](repeating: nil, count: count)
        let chunkEntries = 2_048
        var entry = 0
        while entry < count {
            let entries = min(chunkEntries, count - entry)
            let start = idsStart + 20 * entry
            let read: Bool? = withBytes(start..<(start + 20 * entries)) { bytes in
                for index in 0..<entries {
                    let at = 20 * index
                    let row = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt32.self)))
                    guard row < count, ids[row] == nil else { return false }
                    ids[row] = UUID(uuid: bytes.loadUnaligned(fromByteOffset: at, as: uuid_t.self))
                }
                return true
            }
            guard read == true else { return nil }
            entry += entries
        }
        let found = ids.compactMap { $0 }
        return found.count == count ? found : nil
    }

    /// Appends the bytes of `rows`, as the snapshot keeps them (each with its length prefix), to
    /// `writer`, checked against their checksums; `offsets` is what ``rowOffsets()`` returned.
    ///
    /// - Returns: `false`, with nothing appended, when they cannot be read or fail their
    ///   checksums (damage).
    func appendRows(_ rows: Range<Int>, offsets: [Int], to writer: inout BinaryWriter) -> Bool {
        let range = (rowsStart + offsets[rows.lowerBound])..<(rowsStart + offsets[rows.upperBound])
        guard !range.isEmpty else { return true }
        return withBytes(range) { bytes -> Bool? in
            writer.append(bytes: bytes)
            return true
        } != nil
    }

    /// The row of the object with `id`, found by binary search of the ids.
    func row(of id: UUID) -> Int? {
        var low = 0
        var high = count
        let wanted = id.uuid
        while low < high {
            let middle = (low + high) / 2
            let entry = idsStart + 20 * middle
            let found = withBytes(entry..<(entry + 20)) { bytes -> (order: Int32, row: Int)? in
                let order = withUnsafeBytes(of: wanted) { wanted in memcmp(bytes.baseAddress!, wanted.baseAddress!, 16)
                }
                return (order, Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self))))
            }
            guard let found else { return nil }
            if found.order == 0 { return found.row < count ? found.row : nil }
            if found.order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The place of `row` in ordering `ordering` (counting across its groups): found without
    /// reading any object, so that a changed row leaves the ordering at once.
    func place(ordering: Int, ofRow row: Int) -> Int? {
        guard row >= 0, row < count else { return nil }
        return uint32(at: orderings[ordering].placesStart + 4 * row).flatMap { $0 < count ? $0 : nil }
    }

    /// The row at `place` of ordering `ordering` (counting across its groups).
    func row(ordering: Int, at place: Int) -> Int? {
        guard place >= 0, place < count else { return nil }
        return uint32(at: orderings[ordering].rowsStart + 4 * place).flatMap { $0 < count ? $0 : nil }
    }

    private func uint32(at offset: Int) -> Int? {
        withBytes(offset..<(offset + 4)) { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
    }

    /// Calls `body` with the bytes of `range` (of the payload) once the blocks holding them
    /// matched their checksums; `nil` when they do not, or cannot be read.
    private func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> R?) -> R? {
        guard !range.isEmpty, range.lowerBound >= rowsStart, range.upperBound <= checksumsStart else { return nil }
        guard file != nil else {
            guard verify(range, in: nil) else { return nil }
            return payload.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
        let first = (range.lowerBound - rowsStart) / Self.pageSize
        let last = (range.upperBound - 1 - rowsStart) / Self.pageSize
        let from = range.lowerBound - rowsStart - first * Self.pageSize
        // Most reads are of a page read and checked before: one look under the lock finds it.
        if first == last {
            let firstBlock = (range.lowerBound - rowsStart) / Self.blockSize
            let lastBlock = (range.upperBound - 1 - rowsStart) / Self.blockSize
            let inIndex = rowsStart + first * Self.pageSize >= offsetsStart
            let checked = state.withLock { state -> [UInt8]? in
                guard (firstBlock...lastBlock).allSatisfy({ state.isVerified($0) }) else { return nil }
                return inIndex ? state.indexPages.bytes(of: first) : state.rowPages.bytes(of: first)
            }
            if let checked {
                return checked.withUnsafeBytes {
                    body(UnsafeRawBufferPointer(rebasing: $0[from..<(from + range.count)]))
                }
            }
        }
        var pages: [(page: Int, bytes: [UInt8])] = []
        for page in first...last {
            guard let bytes = self.page(page) else { return nil }
            pages.append((page, bytes))
        }
        guard verify(range, in: pages) else { return nil }
        if pages.count == 1 {
            return pages[0].bytes.withUnsafeBytes {
                body(UnsafeRawBufferPointer(rebasing: $0[from..<(from + range.count)]))
            }
        }
        let joined = pages.flatMap(\.bytes)
        return joined.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[from..<(from + range.count)])) }
    }

    /// The bytes of page `page` of the covered bytes (the rows and index), read with `pread`
    /// unless one of the last pages read.
    private func page(_ page: Int) -> [UInt8]? {
        let start = rowsStart + page * Self.pageSize
        let inIndex = start >= offsetsStart
        let cached = state.withLock { state in
            inIndex ? state.indexPages.bytes(of: page) : state.rowPages.bytes(of: page)
        }
        if let cached { return cached }
        guard let file else { return nil }
        let size = min(Self.pageSize, checksumsStart - start)
        guard size > 0 else { return nil }
        guard let bytes = Self.read(size, from: file, at: start) else {
            noteDamage("bytes \(start)..<\(start + size) of the snapshot cannot be read (errno \(errno))")
            return nil
        }
        state.withLock { state in
            if inIndex { state.indexPages.keep(bytes, as: page) } else { state.rowPages.keep(bytes, as: page) }
        }
        return bytes
    }

    // MARK: - Checksums

    /// Whether the blocks holding `range` match their checksums, checking each the first time,
    /// in `pages` (read with `pread`) or else in the payload.
    private func verify(_ range: Range<Int>, in pages: [(page: Int, bytes: [UInt8])]?) -> Bool {
        let first = (range.lowerBound - rowsStart) / Self.blockSize
        let last = (range.upperBound - 1 - rowsStart) / Self.blockSize
        for block in first...last {
            if state.withLock({ $0.isVerified(block) }) { continue }
            let start = rowsStart + block * Self.blockSize
            let end = min(start + Self.blockSize, checksumsStart)
            var crc = CRC32C()
            if let pages {
                let page = (start - rowsStart) / Self.pageSize
                guard let bytes = pages.first(where: { $0.page == page })?.bytes ?? self.page(page) else {
                    return false
                }
                let from = start - rowsStart - page * Self.pageSize
                bytes.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[from..<(from + end - start)])) }
            } else {
                payload.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            }
            guard crc.value == checksum(ofBlock: block) else {
                noteDamage("bytes \(start)..<\(end) of the snapshot do not match their checksum")
                return false
            }
            state.withLock { $0.verified[block / 64] |= 1 << UInt64(block % 64) }
        }
        return true
    }

    private func noteDamage(_ note: String) {
        damageNote.withLock { if $0 == nil { $0 = note } }
    }

    /// Checks every block now; `nil` when all match, else where the first does not.
    func verifyAll() -> String? {
        if let damage = checksumsDamage() { noteDamage("the \(Entity.entityName) index: \(damage)") }
        _ = verify(rowsStart..<checksumsStart, in: file == nil ? nil : [])
        return damage
    }
}

/// Builds the index section of ``StoredRows`` for rows written one after another.
enum StoredIndexWriter {
    /// The bytes each checksum of a stored table covers.
    static let blockSize = 1_024

    /// The index section without its checksums, for ``checksums(ofRows:index:)`` to finish.
    ///
    /// Written into a buffer of its exact size, four bytes at a time: appended to a `Data` a
    /// number at a time, the index of 100,000 rows took a compaction's time over again.
    static func index(
        rowSizes: [Int], ids: [(UUID, UInt32)], orderings: [[[Int]]]
    ) -> Data {
        let rows = rowSizes.count
        var size = 4 + 4 * rows + 20 * ids.count + 4
        for groups in orderings { size += 4 + 8 * groups.count + 4 * groups.reduce(0) { $0 + $1.count } + 4 * rows }
        // By the id's bytes in order: its two halves as big-endian numbers compare the same way.
        let sorted = ids.map { id, row in
            withUnsafeBytes(of: id.uuid) { bytes in
                (
                    high: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
                    low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)), id: id, row: row
                )
            }
        }.sorted { ($0.high, $0.low) < ($1.high, $1.low) }
        var data = Data(count: size)
        data.withUnsafeMutableBytes { buffer in
            var at = 0
            func put(_ value: UInt32) {
                buffer.storeBytes(of: value.littleEndian, toByteOffset: at, as: UInt32.self)
                at += 4
            }
            put(UInt32(rows))
            var offset = 0
            for size in rowSizes {
                put(UInt32(offset))
                offset += size
            }
            for entry in sorted {
                withUnsafeBytes(of: entry.id.uuid) { id in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[at..<(at + 16)]).copyMemory(from: id)
                }
                at += 16
                put(entry.row)
            }
            put(UInt32(orderings.count))
            for groups in orderings {
                put(UInt32(groups.count))
                var start = 0
                for group in groups {
                    put(UInt32(start))
                    put(UInt32(group.count))
                    start += group.count
                }
                var places = [UInt32](repeating: 0, count: rows)
                var place: UInt32 = 0
                for group in groups {
                    for row in group {
                        put(UInt32(row))
                        places[row] = place
                        place += 1
                    }
                }
                for place in places { put(place) }
            }
            precondition(at == size, "the stored index's size was measured wrong")
        }
        return data
    }

    /// The number of bytes the checksums of `coveredBytes` take, with their own checksum.
    static func checksumsByteCount(covering coveredBytes: Int) -> Int {
        4 * ((coveredBytes + StoredIndexWriter.blockSize - 1) / StoredIndexWriter.blockSize) + 4
    }
}

/// A checksum of each 1 KiB block of bytes fed in pieces.
struct BlockChecksums {
    private var current = CRC32C()
    private var filled = 0
    private(set) var checksums = Data()

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        let size = StoredIndexWriter.blockSize
        while !rest.isEmpty {
            let take = min(size - filled, rest.count)
            current.update(UnsafeRawBufferPointer(rebasing: rest[..<take]))
            filled += take
            rest = UnsafeRawBufferPointer(rebasing: rest[take...])
            if filled == size { finishBlock() }
        }
    }

    mutating func feed(_ data: Data) { data.withUnsafeBytes { feed($0) } }

    private mutating func finishBlock() {
        checksums.appendLittleEndian(current.value)
        current = CRC32C()
        filled = 0
    }

    /// The checksums, then their own checksum.
    consuming func finish() -> Data {
        if filled > 0 { finishBlock() }
        var data = checksums
        data.appendLittleEndian(CRC32C.checksum(of: checksums))
        return data
    }
}

/// What a ``StoredRows`` keeps as it reads: which blocks were checked, and the last pages read
/// with `pread`.
private struct StoredRowsReadState: Sendable {
    /// A bit per block, set once the block matched its checksum.
    var verified: [UInt64]
    /// Pages of the rows: read once or twice each, as a column or the history is read.
    var rowPages = PageCache(capacity: 8)
    /// Pages of the index, from the rows' offsets on: each row read looks up its offset there, and
    /// a walk through an ordering reads its rows' offsets all over the table (128 pages hold the
    /// offsets of 131,072 rows).
    var indexPages = PageCache(capacity: 128)
    /// Kilobytes of the checksums, 256 each.
    var checksumPages = PageCache(capacity: 64)

    /// Whether `block` matched its checksum when first read.
    func isVerified(_ block: Int) -> Bool {
        verified[block / 64] & (1 << UInt64(block % 64)) != 0
    }
}

/// The last pages read with `pread`, up to `capacity`: the least recently used goes first.
///
/// At most a hundred or so pages, looked for by a scan of their numbers, which costs less than
/// hashing them.
struct PageCache: Sendable {
    let capacity: Int
    private var numbers: [Int] = []
    private var pages: [[UInt8]] = []
    /// When each page was last used, by ``clock``.
    private var used: [Int] = []
    private var clock = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The bytes of page `number`, if kept; they are then the most recently used.
    mutating func bytes(of number: Int) -> [UInt8]? {
        guard let index = numbers.firstIndex(of: number) else { return nil }
        clock += 1
        used[index] = clock
        return pages[index]
    }

    /// Keeps `bytes` as page `number`, letting the least recently used go when full.
    mutating func keep(_ bytes: [UInt8], as number: Int) {
        clock += 1
        if let index = numbers.firstIndex(of: number) {
            (pages[index], used[index]) = (bytes, clock)
        } else if numbers.count < capacity {
            numbers.append(number)
            pages.append(bytes)
            used.append(clock)
        } else if let oldest = used.indices.min(by: { used[$0] < used[$1] }) {
            (numbers[oldest], pages[oldest], used[oldest]) = (number, bytes, clock)
        }
    }
}
