import Foundation
import ProjectManagerDomain

/// What a ``ProjectSearchIndex`` holds: every project's folded text in one shared buffer, an
/// entry per project, and the signatures in an array of their own, so that a query's first pass
/// reads 32 bytes a project and nothing else.
struct SearchIndexContents: Sendable {
    /// One project: where its text is and what ranking needs.
    struct Entry: Sendable {
        var id: Project.ID
        var updatedAt: Date
        /// Where the text starts in ``text``.
        var offset: Int
        var titleEnd: UInt32
        var bodyEnd: UInt32
        /// The bytes the text takes, the bitmap included.
        var length: UInt32
        var board: UInt16
        var layout: FoldedLayout
    }

    /// The best matches of a query, with their highlights, and how many matched.
    struct Found: Sendable {
        var best: [(rank: SearchRank, title: [Range<Int>], body: [Range<Int>])] = []
        var total = 0
    }

    /// Every project's folded text, one after another; an edit appends, and the buffer is
    /// compacted when more than half of it is stale.
    private var text: [UInt8] = []
    private var staleBytes = 0
    /// Dense, in no particular order; a removal moves the last entry into the gap.
    private var entries: [Entry] = []
    private var signatures: [SearchSignature] = []
    private var slots: [Project.ID: Int] = [:]
    private var boards: [Board.ID] = []
    private var boardCodes: [Board.ID: UInt16] = [:]

    var count: Int { entries.count }

    var estimatedBytes: Int {
        text.capacity + entries.capacity * MemoryLayout<Entry>.stride
            + signatures.capacity * MemoryLayout<SearchSignature>.stride
            // A dictionary's slot: its key, its value and a byte of metadata.
            + slots.capacity * (MemoryLayout<Project.ID>.stride + MemoryLayout<Int>.stride + 1)
    }

    /// Folds the project and stores it, in place of what was stored for it.
    ///
    /// - Complexity: O(*n*) in the length of its title and body, amortised.
    mutating func upsert(_ project: Project) {
        let folded = FoldedText(title: project.title, body: project.body)
        let entry = Entry(
            id: project.id, updatedAt: project.updatedAt, offset: text.count, titleEnd: Self.length(folded.titleEnd),
            bodyEnd: Self.length(folded.bodyEnd), length: Self.length(folded.storage.count), board: code(of: project.boardID),
            layout: folded.layout)
        text.append(contentsOf: folded.storage)
        if let slot = slots[project.id] {
            staleBytes += Int(entries[slot].length)
            entries[slot] = entry
            signatures[slot] = folded.signature
        } else {
            slots[project.id] = entries.count
            entries.append(entry)
            signatures.append(folded.signature)
        }
        compactIfMostlyStale()
    }

    mutating func remove(_ id: Project.ID) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        staleBytes += Int(entries[slot].length)
        let last = entries.removeLast()
        let lastSignature = signatures.removeLast()
        if slot < entries.count {
            entries[slot] = last
            signatures[slot] = lastSignature
            slots[last.id] = slot
        }
        compactIfMostlyStale()
    }

    /// Makes room for `projects` projects of `bytes` bytes of title and body in all.
    ///
    /// Folded text is about as long as the original: a tenth more leaves room for the few
    /// characters that fold longer and for the bitmaps.
    mutating func reserveCapacity(projects: Int, bytes: Int) {
        text.reserveCapacity(bytes + bytes / 10)
        entries.reserveCapacity(projects)
        signatures.reserveCapacity(projects)
        slots.reserveCapacity(projects)
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
        text.withUnsafeBufferPointer { text in
            signatures.withUnsafeBufferPointer { signatures in
                entries.withUnsafeBufferPointer { entries in
                    for slot in 0..<entries.count where signatures[slot].mayContain(required) {
                        let entry = entries[slot]
                        if let boardCode, entry.board != boardCode { continue }
                        guard let relevance = view(entry, in: text).relevance(of: terms) else { continue }
                        total += 1
                        best.insert(
                            SearchRank(relevance: relevance.weakest, total: relevance.total, updatedAt: entry.updatedAt, id: entry.id),
                            slot: slot)
                    }
                }
            }
        }
        let hits = text.withUnsafeBufferPointer { text in
            best.inOrder().map { rank, slot in
                let view = view(entries[slot], in: text)
                return (rank, view.matchedCharacters(of: terms, in: .title), view.matchedCharacters(of: terms, in: .body))
            }
        }
        return Found(best: hits, total: total)
    }

    private func view(_ entry: Entry, in text: UnsafeBufferPointer<UInt8>) -> FoldedTextView {
        let start = Int(entry.offset)
        return FoldedTextView(
            UnsafeBufferPointer(rebasing: text[start..<start + Int(entry.length)]), titleEnd: Int(entry.titleEnd),
            bodyEnd: Int(entry.bodyEnd), layout: entry.layout)
    }

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

    /// Copies the live texts into a new buffer once more than half the buffer is stale.
    ///
    /// - Complexity: O(*n*) in the live bytes, once per as many stale bytes: O(1) amortised.
    private mutating func compactIfMostlyStale() {
        guard staleBytes > 65_536, staleBytes * 2 > text.count else { return }
        var compacted: [UInt8] = []
        compacted.reserveCapacity(text.count - staleBytes)
        for slot in entries.indices {
            let start = Int(entries[slot].offset)
            entries[slot].offset = compacted.count
            compacted.append(contentsOf: text[start..<start + Int(entries[slot].length)])
        }
        text = compacted
        staleBytes = 0
    }
}

/// The best ranks seen so far, at most `limit` of them; all of them when `limit` is `nil`.
private struct BestRanks {
    let limit: Int?
    private var ranks: [(rank: SearchRank, slot: Int)] = []

    init(limit: Int?) {
        self.limit = limit.map { max($0, 0) }
    }

    /// - Complexity: O(1) without a limit; otherwise O(log *l*) comparisons, and O(*l*) moves
    ///   when the rank is among the best *l*.
    mutating func insert(_ rank: SearchRank, slot: Int) {
        guard let limit else {
            ranks.append((rank, slot))
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
        ranks.insert((rank, slot), at: low)
        if ranks.count > limit { ranks.removeLast() }
    }

    /// The ranks, best first.
    func inOrder() -> [(rank: SearchRank, slot: Int)] {
        limit == nil ? ranks.sorted { $0.rank < $1.rank } : ranks
    }
}
