import Foundation
import ProjectManagerDomain

/// What a ``ProjectSearchIndex`` holds: a row per project, its signature in an array of its own,
/// so that a query's first pass reads 32 bytes a project and nothing else, its entry of 64 bytes
/// in another, and a table from id to row of 32-bit row numbers.
///
/// Most text folds to itself but for ASCII case (English, composed Korean): its entry holds the
/// project's own title and body, the very strings the graph holds, and matching reads them with
/// capitals lowered. Only text that folding changes otherwise (accents, full-width forms,
/// decomposed Hangul, emoji sequences) is copied, folded, into a shared buffer.
struct SearchIndexContents: Sendable {
    /// One project: where its text is, its board and what ranking needs, in this order so that
    /// it packs into 64 bytes.
    struct Entry: Sendable {
        var text: StoredText
        var id: Project.ID
        var board: UInt16
        var updatedAt: Date
    }

    /// Where an entry's text is.
    enum StoredText: Sendable {
        /// The project's title and body, shared with the graph: they fold to themselves but for
        /// ASCII case, laid out by bytes or by scalars.
        case original(title: String, body: String, layout: FoldedLayout)
        /// The folded title and body at `offset` in the folded buffer, then the bitmap of
        /// ``FoldedLayout/bitmap``.
        case folded(offset: Int, titleEnd: UInt32, bodyEnd: UInt32, layout: FoldedLayout)

        /// The bytes the text takes in the folded buffer.
        var foldedLength: Int {
            guard case .folded(_, _, let bodyEnd, let layout) = self else { return 0 }
            let end = Int(bodyEnd)
            return layout == .bitmap ? end + (end + 7) / 8 : end
        }
    }

    /// The best matches of a query, with their highlights, and how many matched.
    struct Found: Sendable {
        var best: [(rank: SearchRank, title: [Range<Int>], body: [Range<Int>])] = []
        var total = 0
    }

    /// The folded texts that are not their originals, one after another; an edit appends, and the
    /// buffer is compacted when more than half of it is stale.
    private var folded: [UInt8] = []
    private var staleBytes = 0
    /// The rows, dense, in no particular order; a removal moves the last row into the gap.
    private var entries: [Entry] = []
    private var signatures: [SearchSignature] = []
    /// Each row's number + 1 at a bucket found from its id by linear probing; 0 is empty. The
    /// count is a power of two, at most three quarters used.
    private var buckets = [UInt32](repeating: 0, count: 16)
    private var boards: [Board.ID] = []
    private var boardCodes: [Board.ID: UInt16] = [:]

    var count: Int { entries.count }

    /// The bytes of every buffer, by capacity. The original titles and bodies that rows share
    /// with the graph count as the 16 bytes of each reference, not again as text.
    var estimatedBytes: Int {
        folded.capacity + entries.capacity * MemoryLayout<Entry>.stride
            + signatures.capacity * MemoryLayout<SearchSignature>.stride + buckets.capacity
            * MemoryLayout<UInt32>.stride
    }

    /// Folds the project and stores it, in place of what was stored for it.
    ///
    /// - Complexity: O(*n*) in the length of its title and body, amortised.
    mutating func upsert(_ project: Project) {
        let text = FoldedText(title: project.title, body: project.body)
        let stored: StoredText
        if text.isOriginal(title: project.title, body: project.body) {
            var (title, body) = (project.title, project.body)
            // A no-op for native strings, which share the graph's storage; a bridged one is copied once.
            title.makeContiguousUTF8()
            body.makeContiguousUTF8()
            stored = .original(title: title, body: body, layout: text.layout)
        } else {
            stored = .folded(
                offset: folded.count, titleEnd: Self.length(text.titleEnd), bodyEnd: Self.length(text.bodyEnd),
                layout: text.layout)
            folded.append(contentsOf: text.storage)
        }
        let entry = Entry(text: stored, id: project.id, board: code(of: project.boardID), updatedAt: project.updatedAt)
        let place = find(project.id)
        if let row = place.row {
            staleBytes += entries[row].text.foldedLength
            (entries[row], signatures[row]) = (entry, text.signature)
        } else {
            entries.append(entry)
            signatures.append(text.signature)
            buckets[place.bucket] = Self.bucketValue(row: entries.count - 1)
            growIfFull()
        }
        compactIfMostlyStale()
    }

    mutating func remove(_ id: Project.ID) {
        let place = find(id)
        guard let row = place.row else { return }
        staleBytes += entries[row].text.foldedLength
        emptyBucket(place.bucket)
        let last = entries.count - 1
        if row < last {
            // The last row fills the gap, and its bucket follows it.
            buckets[find(entries[last].id).bucket] = Self.bucketValue(row: row)
            (entries[row], signatures[row]) = (entries[last], signatures[last])
        }
        entries.removeLast()
        signatures.removeLast()
        compactIfMostlyStale()
    }

    /// Makes room for `projects` projects.
    mutating func reserveCapacity(projects: Int) {
        entries.reserveCapacity(projects)
        signatures.reserveCapacity(projects)
        rehash(buckets: Self.bucketCount(for: projects))
    }

    /// Gives back the room the folded buffer grew beyond its bytes, once it is built: it grows by
    /// doubling, since which texts need a folded copy is known only once they are folded.
    ///
    /// - Complexity: O(*n*) in the folded bytes.
    mutating func trimFoldedBuffer() {
        if folded.capacity - folded.count > folded.count / 8 { folded = Array(folded[...]) }
    }

    /// The best `limit` matches of `query` on `board` (every board when `nil`), best first.
    func search(_ query: SearchQuery, onBoard board: Board.ID?, limit: Int?) -> Found {
        var boardCode: UInt16?
        if let board {
            guard let code = boardCodes[board] else { return Found() }
            boardCode = code
        }
        let required = query.signature
        let terms = query.terms
        var best = BestRanks(limit: limit)
        var total = 0
        folded.withUnsafeBufferPointer { folded in
            signatures.withUnsafeBufferPointer { signatures in
                entries.withUnsafeBufferPointer { entries in
                    for row in 0..<entries.count where signatures[row].mayContain(required) {
                        if let boardCode, entries[row].board != boardCode { continue }
                        guard
                            let relevance = Self.withView(
                                of: entries[row].text, in: folded, { $0.relevance(of: terms) })
                        else {
                            continue
                        }
                        total += 1
                        best.insert(
                            SearchRank(
                                relevance: relevance.weakest, total: relevance.total, updatedAt: entries[row].updatedAt,
                                id: entries[row].id),
                            row: row)
                    }
                }
            }
        }
        let hits = folded.withUnsafeBufferPointer { folded in
            best.inOrder().map { rank, row in
                Self.withView(of: entries[row].text, in: folded) { view in
                    (rank, view.matchedCharacters(of: terms, in: .title), view.matchedCharacters(of: terms, in: .body))
                }
            }
        }
        return Found(best: hits, total: total)
    }

    /// Calls `body` with a view of a stored text.
    private static func withView<Result>(
        of text: StoredText, in folded: UnsafeBufferPointer<UInt8>, _ body: (FoldedTextView) -> Result
    ) -> Result {
        switch text {
        case .original(let title, let original, let layout):
            return withUTF8(of: title) { title in
                withUTF8(of: original) { original in
                    body(
                        FoldedTextView(
                            title: FoldedFieldView(title, layout: layout),
                            body: FoldedFieldView(original, layout: layout)))
                }
            }
        case .folded(let offset, let titleEnd, let bodyEnd, let layout):
            let bytes = UnsafeBufferPointer(rebasing: folded[offset..<offset + text.foldedLength])
            return body(FoldedTextView(bytes, titleEnd: Int(titleEnd), bodyEnd: Int(bodyEnd), layout: layout))
        }
    }

    /// Calls `body` with the UTF-8 of `text`, which ``upsert(_:)`` made contiguous: in place,
    /// without copying or retaining it.
    private static func withUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    // MARK: - The table from id to row

    /// The bucket holding `id`'s row, and the row; or the empty bucket where it would go, and `nil`.
    ///
    /// - Complexity: O(1) on average.
    private func find(_ id: Project.ID) -> (bucket: Int, row: Int?) {
        let mask = buckets.count - 1
        var bucket = Self.home(of: id, mask: mask)
        while case let value = buckets[bucket], value != 0 {
            let row = Int(value) - 1
            if entries[row].id == id { return (bucket, row) }
            bucket = (bucket + 1) & mask
        }
        return (bucket, nil)
    }

    /// Empties `bucket`, moving back the rows after it that probing would no longer reach.
    private mutating func emptyBucket(_ bucket: Int) {
        let mask = buckets.count - 1
        var hole = bucket
        var next = (bucket + 1) & mask
        while case let value = buckets[next], value != 0 {
            let home = Self.home(of: entries[Int(value) - 1].id, mask: mask)
            // Moved back when its home is not between the hole (excluded) and here, cyclically.
            if (next &- home) & mask >= (next &- hole) & mask {
                buckets[hole] = value
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = 0
    }

    private mutating func growIfFull() {
        if entries.count * 4 > buckets.count * 3 { rehash(buckets: Self.bucketCount(for: entries.count)) }
    }

    /// Places every entry again in `count` buckets, when that is more than now.
    private mutating func rehash(buckets count: Int) {
        guard count > buckets.count else { return }
        buckets = [UInt32](repeating: 0, count: count)
        for row in entries.indices {
            buckets[find(entries[row].id).bucket] = Self.bucketValue(row: row)
        }
    }

    /// The smallest power of two that holds `rows` rows at most three quarters full, and at least 16.
    private static func bucketCount(for rows: Int) -> Int {
        var count = 16
        while rows * 4 > count * 3 { count *= 2 }
        return count
    }

    private static func home(of id: Project.ID, mask: Int) -> Int {
        id.hashValue & mask
    }

    /// What a bucket holds for `row`: 0 is an empty bucket.
    private static func bucketValue(row: Int) -> UInt32 {
        guard let value = UInt32(exactly: row + 1) else {
            preconditionFailure("the search index holds \(row + 1) projects, more than its 32-bit rows count")
        }
        return value
    }

    // MARK: - Boards and the folded buffer

    /// A length within one project's folded text, which the title and body limits keep far below 4 GiB.
    private static func length(_ count: Int) -> UInt32 {
        guard let length = UInt32(exactly: count) else {
            preconditionFailure("a project's folded title and body take \(count) bytes, more than 4 GiB")
        }
        return length
    }

    private mutating func code(of board: Board.ID) -> UInt16 {
        if let code = boardCodes[board] { return code }
        let code = UInt16(truncatingIfNeeded: boards.count)
        boards.append(board)
        boardCodes[board] = code
        return code
    }

    /// Copies the live folded texts into a new buffer once more than half the buffer is stale.
    ///
    /// - Complexity: O(*n*) in the live bytes, once per as many stale bytes: O(1) amortised.
    private mutating func compactIfMostlyStale() {
        guard staleBytes > 65_536, staleBytes * 2 > folded.count else { return }
        var compacted: [UInt8] = []
        compacted.reserveCapacity(folded.count - staleBytes)
        for row in entries.indices {
            guard case .folded(let offset, let titleEnd, let bodyEnd, let layout) = entries[row].text else { continue }
            let length = entries[row].text.foldedLength
            entries[row].text = .folded(offset: compacted.count, titleEnd: titleEnd, bodyEnd: bodyEnd, layout: layout)
            compacted.append(contentsOf: folded[offset..<offset + length])
        }
        folded = compacted
        staleBytes = 0
    }
}

/// The best ranks seen so far, at most `limit` of them; all of them when `limit` is `nil`.
private struct BestRanks {
    let limit: Int?
    private var ranks: [(rank: SearchRank, row: Int)] = []

    init(limit: Int?) {
        self.limit = limit.map { max($0, 0) }
    }

    /// - Complexity: O(1) without a limit; otherwise O(log *l*) comparisons, and O(*l*) moves
    ///   when the rank is among the best *l*.
    mutating func insert(_ rank: SearchRank, row: Int) {
        guard let limit else {
            ranks.append((rank, row))
            return
        }
        guard limit > 0 else { return }
        if ranks.count == limit, let worst = ranks.last, !(rank < worst.rank) { return }
        var low = 0
        var high = ranks.count
        while low < high {
            let middle = (low + high) / 2
            if ranks[middle].rank < rank { low = middle + 1 } else { high = middle }
        }
        ranks.insert((rank, row), at: low)
        if ranks.count > limit { ranks.removeLast() }
    }

    /// The ranks, best first.
    func inOrder() -> [(rank: SearchRank, row: Int)] {
        limit == nil ? ranks.sorted { $0.rank < $1.rank } : ranks
    }
}
