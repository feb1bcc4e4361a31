import Foundation

/// A project's title and body, folded once by ``SearchFolding`` and kept as UTF-8, with where
/// each unit (original character) starts.
///
/// Most text needs no more than its bytes: in ASCII every byte is a unit, and in text whose
/// characters each fold to one scalar (Korean, accented Latin) every scalar is a unit. Only text
/// with a character of several folded scalars (an emoji with a skin tone, `ﬁ`) keeps one bit per
/// byte marking the units' starts.
package struct FoldedText: Sendable, Hashable {
    /// The folded title's bytes, the folded body's, then the bitmap for ``FoldedLayout/bitmap``:
    /// what an index stores, wherever it likes.
    package private(set) var storage: [UInt8]
    /// Where the title ends and the body begins.
    package let titleEnd: Int
    /// Where the body ends.
    package let bodyEnd: Int
    package let layout: FoldedLayout
    /// Which adjacent pairs occur, for rejecting most texts without reading them.
    package let signature: SearchSignature

    /// Folds a title and a body.
    ///
    /// - Complexity: O(*n*) in the length of the text; ASCII without carriage returns is folded
    ///   byte by byte.
    package init(title: String, body: String) {
        var builder = Builder()
        builder.append(title)
        let titleEnd = builder.bytes.count
        builder.append(body)
        let bodyEnd = builder.bytes.count
        var storage = builder.bytes
        var layout = FoldedLayout.bytes
        if builder.hasMultiScalarUnits {
            layout = .bitmap
            storage.append(contentsOf: builder.bitmap)
        } else if builder.hasMultiByteUnits {
            layout = .scalars
        }
        self.storage = storage
        self.titleEnd = titleEnd
        self.bodyEnd = bodyEnd
        self.layout = layout
        self.signature = builder.signature
    }

    /// Whether this is `title` and `body` as they are but for ASCII capitals, unit for unit, so
    /// that a view over the original strings reads as a view over this text.
    ///
    /// True of ASCII without `"\r\n"` and of composed Korean, among others; false wherever
    /// folding changed a character otherwise (an accent, a width, a normal form) or a character
    /// folded to several scalars.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    package func isOriginal(title: String, body: String) -> Bool {
        guard layout != .bitmap, titleEnd == title.utf8.count, bodyEnd - titleEnd == body.utf8.count else {
            return false
        }
        var offset = 0
        func follows(_ text: String) -> Bool {
            for byte in text.utf8 {
                guard storage[offset] == FoldedFieldView.lowercased(byte) else { return false }
                offset += 1
            }
            return true
        }
        return follows(title) && follows(body)
    }

    /// Calls `body` with a view of the text.
    package func withView<Result>(_ body: (FoldedTextView) -> Result) -> Result {
        storage.withUnsafeBufferPointer { buffer in
            body(FoldedTextView(buffer, titleEnd: titleEnd, bodyEnd: bodyEnd, layout: layout))
        }
    }

    /// Folds text into UTF-8 bytes, unit starts and the signature.
    private struct Builder {
        var bytes: [UInt8] = []
        var signature = SearchSignature()
        var hasMultiByteUnits = false
        /// The byte ranges of units of more than one scalar, for the bitmap.
        private var multiScalarUnits: [Range<Int>] = []
        private var scalars: [Unicode.Scalar] = []

        var hasMultiScalarUnits: Bool { !multiScalarUnits.isEmpty }

        /// One bit per byte: set where a scalar starts, except inside a unit of several scalars.
        var bitmap: [UInt8] {
            var bitmap = [UInt8](repeating: 0, count: (bytes.count + 7) / 8)
            for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
                bitmap[offset >> 3] |= 1 << UInt8(offset & 7)
            }
            for unit in multiScalarUnits {
                for offset in unit.dropFirst() { bitmap[offset >> 3] &= ~(1 << UInt8(offset & 7)) }
            }
            return bitmap
        }

        mutating func append(_ text: String) {
            if !text.utf8.contains(where: { $0 >= 0x80 || $0 == 0x0D }) {
                // ASCII without "\r\n" (one character of two bytes): one unit a byte.
                var last: UInt32?
                for byte in text.utf8 {
                    let folded = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                    bytes.append(folded)
                    if let last { signature.insert(last, UInt32(folded)) }
                    last = UInt32(folded)
                }
                return
            }
            var previous: (first: UInt32, last: UInt32)?
            for character in text {
                scalars.removeAll(keepingCapacity: true)
                SearchFolding.fold(character, into: &scalars)
                let start = bytes.count
                var last = previous?.last
                for scalar in scalars {
                    if let last { signature.insert(last, scalar.value) }
                    last = scalar.value
                    appendUTF8(scalar.value)
                }
                if scalars.count > 1 { multiScalarUnits.append(start..<bytes.count) }
                if bytes.count - start > 1 { hasMultiByteUnits = true }
                let first = scalars.first?.value ?? 0
                if let previous { signature.insertAdjacentUnits(previous.first, first) }
                previous = (first, last ?? first)
            }
        }

        private mutating func appendUTF8(_ value: UInt32) {
            switch value {
            case ..<0x80:
                bytes.append(UInt8(value))
            case ..<0x800:
                bytes.append(UInt8(0xC0 | value >> 6))
                bytes.append(UInt8(0x80 | value & 0x3F))
            case ..<0x10000:
                bytes.append(UInt8(0xE0 | value >> 12))
                bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | value >> 18))
                bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            }
        }
    }
}

/// How a folded text marks where its units start.
package enum FoldedLayout: UInt8, Sendable, Hashable {
    /// Every byte is a unit.
    case bytes
    /// Every scalar is a unit: a unit starts at every byte that is not a UTF-8 continuation.
    case scalars
    /// A bitmap after the body, one bit per byte, marks the unit starts.
    case bitmap
}

/// A folded title and body where they are stored: in a ``FoldedText``, in an index's shared
/// buffer, or in the original strings when they fold to themselves but for ASCII case.
package struct FoldedTextView {
    let title: FoldedFieldView
    let body: FoldedFieldView

    package init(title: FoldedFieldView, body: FoldedFieldView) {
        self.title = title
        self.body = body
    }

    /// A view of a text stored as ``FoldedText/storage`` is: `bytes` must hold the bitmap too.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, titleEnd: Int, bodyEnd: Int, layout: FoldedLayout) {
        let bitmap = layout == .bitmap ? bytes.baseAddress.map { $0 + bodyEnd } : nil
        title = FoldedFieldView(
            UnsafeBufferPointer(rebasing: bytes[0..<titleEnd]), layout: layout, bitmap: bitmap, firstBit: 0)
        body = FoldedFieldView(
            UnsafeBufferPointer(rebasing: bytes[titleEnd..<bodyEnd]), layout: layout, bitmap: bitmap, firstBit: titleEnd
        )
    }

    /// The view of `field`.
    func field(_ field: SearchField) -> FoldedFieldView {
        field == .title ? title : body
    }
}

/// One folded field, a title or a body, where it is stored.
///
/// The bytes are read with ASCII capitals lowered, which changes nothing in folded text and lets
/// a view read an original that folds to itself but for ASCII case (`Quarterly Report`, `보고서`)
/// without a folded copy.
package struct FoldedFieldView {
    let bytes: UnsafeBufferPointer<UInt8>
    let layout: FoldedLayout
    /// For ``FoldedLayout/bitmap``: the bitmap whose bit `firstBit + i` marks byte `i` as a unit start.
    let bitmap: UnsafePointer<UInt8>?
    let firstBit: Int

    /// A view of `bytes`; `bitmap` and `firstBit` locate the unit starts of ``FoldedLayout/bitmap``.
    package init(
        _ bytes: UnsafeBufferPointer<UInt8>, layout: FoldedLayout, bitmap: UnsafePointer<UInt8>? = nil,
        firstBit: Int = 0
    ) {
        precondition(layout != .bitmap || bitmap != nil, "a field laid out by a bitmap needs the bitmap")
        self.bytes = bytes
        self.layout = layout
        self.bitmap = bitmap
        self.firstBit = firstBit
    }

    var count: Int { bytes.count }

    /// The byte at `offset`, an ASCII capital lowered.
    @inline(__always)
    func folded(_ offset: Int) -> UInt8 {
        Self.lowercased(bytes[offset])
    }

    /// `byte` with an ASCII capital lowered.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Whether a unit starts at byte `offset`; the end of the field counts as a start.
    @inline(__always)
    func isUnitStart(_ offset: Int) -> Bool {
        guard offset < bytes.count else { return true }
        switch layout {
        case .bytes: return true
        case .scalars: return bytes[offset] & 0xC0 != 0x80
        case .bitmap:
            let bit = firstBit + offset
            return bitmap.map { $0[bit >> 3] & (1 << UInt8(bit & 7)) != 0 } ?? true
        }
    }

    /// The offset of the unit after the one starting at `offset`.
    func unitEnd(from offset: Int) -> Int {
        var end = offset + 1
        while end < bytes.count, !isUnitStart(end) { end += 1 }
        return end
    }

    /// The number of units in `range`.
    func unitCount(in range: Range<Int>) -> Int {
        switch layout {
        case .bytes: return range.count
        default: return range.reduce(0) { $0 + (isUnitStart($1) ? 1 : 0) }
        }
    }

    /// The scalar that starts at `offset`.
    func scalar(at offset: Int) -> UInt32 {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return lead }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0x7F >> UInt32(length))
        for index in offset + 1..<min(offset + length, bytes.count) {
            value = value << 6 | UInt32(bytes[index] & 0x3F)
        }
        return value
    }

    /// The last scalar ending at `offset`.
    func scalar(before offset: Int) -> UInt32 {
        var start = offset - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: start)
    }
}
