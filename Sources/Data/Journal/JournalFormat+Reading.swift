import Foundation

extension JournalFormat {
    /// Where things are in a store file that was read without error.
    package struct Layout: Hashable, Sendable {
        /// The format version in the header: ``JournalFormat/version`` or ``JournalFormat/firstVersion``.
        package var formatVersion: UInt32
        /// The schema version in the header.
        package var schemaVersion: UInt32
        /// The snapshot's bytes, or `nil` when the header says there is none.
        package var snapshot: Range<Int>?
        /// The offset of the first journal record, just after the snapshot block.
        package var journalStart: Int
        /// Each intact record's payload bytes, in order, after its sequence number.
        package var records: [Range<Int>]
        /// The sequence number of the last intact record, or the header's when there is none;
        /// the next record's is one more. Format 1 counts its records from 0.
        package var lastSequence: UInt64
        /// The offset just after the last intact record, where the next one goes.
        package var end: Int
        /// The bytes from ``end`` to the end of the file: a torn tail when not zero.
        package var tornTailSize: Int
        /// The snapshot frame's checksum when it was left for the reader to check (a snapshot
        /// read in place checks its parts as it reads them); `nil` when it was checked.
        package var uncheckedSnapshotChecksum: UInt32? = nil
    }

    /// Finds the header, snapshot and records in the bytes of a whole store file.
    ///
    /// - Parameters:
    ///   - bytes: The whole file; must not be empty (an empty file is a new store).
    ///   - file: The file's path, for errors.
    /// - Throws: ``StoreError/unreadable(file:reason:)`` when the bytes are not a store,
    ///   ``StoreError/newerFormat(file:found:supported:)`` when a newer engine wrote them, and
    ///   ``StoreError/damaged(file:offset:reason:)`` at the header (offset 0, or the offset of
    ///   unknown flags or non-zero reserved bytes), the snapshot block (offset 32), the first
    ///   record that is bad while intact records follow it, or a record whose sequence number is
    ///   not the next one. The header's checksum is checked before its version.
    /// - Complexity: O(*n*) over the file's size; a bad last record adds a scan of the bytes after it.
    ///   - deferredFrom: The snapshot size from which its frame's checksum is not computed here
    ///     but handed on (``Layout/uncheckedSnapshotChecksum``), so that its bytes are not all read.
    package static func read(
        _ bytes: UnsafeRawBufferPointer, file: String, deferringSnapshotChecksumFrom deferredFrom: Int = .max
    ) throws(StoreError) -> Layout {
        let count = bytes.count
        guard count >= magic.count, bytes.prefix(magic.count).elementsEqual(magic) else {
            throw .unreadable(file: file, reason: "it does not start like a ProjectManager store")
        }
        guard count >= headerSize else {
            throw .unreadable(file: file, reason: "it ends inside its header (\(count) of \(headerSize) bytes)")
        }
        // The checksum first: a flipped bit in the version must read as damage, not as news.
        guard bytes.littleEndianUInt32(at: 28) == checksumOfHeader(bytes) else {
            throw .damaged(file: file, offset: 0, reason: "the header's checksum does not match")
        }
        let format = bytes.littleEndianUInt32(at: 8)
        guard format <= version else {
            throw .newerFormat(file: file, found: Int(format), supported: Int(version))
        }
        guard format >= firstVersion else {
            throw .unreadable(file: file, reason: "it has format \(format), which no engine wrote")
        }
        let schemaVersion = bytes.littleEndianUInt32(at: 12)
        let flags = bytes.littleEndianUInt32(at: 16)
        guard flags & ~hasSnapshotFlag == 0 else {
            throw .damaged(file: file, offset: 16, reason: "the header has flags this engine does not know (\(flags))")
        }
        let hasSnapshot = flags & hasSnapshotFlag != 0
        let headerSequence = bytes.littleEndianUInt64(at: 20)
        guard format > firstVersion || headerSequence == 0 else {
            throw .damaged(file: file, offset: 20, reason: "the header's reserved bytes are not zero")
        }

        let snapshot: Range<Int>
        var unchecked: UInt32?
        switch frame(in: bytes, at: headerSize, deferringChecksumFrom: deferredFrom) {
        case .intact(let payload): snapshot = payload
        case .unchecked(let payload, let checksum):
            snapshot = payload
            unchecked = checksum
        case .broken(let problem): throw .damaged(file: file, offset: headerSize, reason: "the snapshot \(problem)")
        }
        guard hasSnapshot || snapshot.isEmpty else {
            throw .damaged(
                file: file, offset: headerSize, reason: "the header says there is no snapshot, yet there is one")
        }

        var layout = Layout(
            formatVersion: format, schemaVersion: schemaVersion, snapshot: hasSnapshot ? snapshot : nil,
            journalStart: snapshot.upperBound, records: [], lastSequence: headerSequence,
            end: snapshot.upperBound, tornTailSize: 0, uncheckedSnapshotChecksum: unchecked)
        while layout.end < count {
            let offset = layout.end
            switch frame(in: bytes, at: offset) {
            case .intact(let payload), .unchecked(let payload, _):
                layout.records.append(
                    try recordBody(
                        payload, at: offset, in: bytes, format: format, after: &layout.lastSequence, file: file))
                layout.end = payload.upperBound
            case .broken(let problem):
                if let next = firstIntactFrame(in: bytes, after: offset) {
                    throw .damaged(
                        file: file, offset: offset,
                        reason: "the record there \(problem), and an intact record follows at byte \(next)"
                    )
                }
                layout.tornTailSize = count - offset
                return layout
            }
        }
        return layout
    }

    /// The bytes of an intact record after its sequence number, which must follow `last`.
    private static func recordBody(
        _ payload: Range<Int>, at offset: Int, in bytes: UnsafeRawBufferPointer, format: UInt32,
        after last: inout UInt64, file: String
    ) throws(StoreError) -> Range<Int> {
        guard format > firstVersion else {
            last += 1
            return payload
        }
        guard payload.count >= sequenceSize else {
            throw .damaged(
                file: file, offset: offset, reason: "the record there is too short to hold its sequence number")
        }
        let sequence = bytes.littleEndianUInt64(at: payload.lowerBound)
        guard sequence == last &+ 1 else {
            throw .damaged(
                file: file, offset: offset,
                reason:
                    "the record there is save \(sequence) where save \(last &+ 1) comes next: a record repeated or out of order"
            )
        }
        last = sequence
        return (payload.lowerBound + sequenceSize)..<payload.upperBound
    }

    // MARK: - Frames

    private enum FrameCheck {
        /// The frame is whole and its checksum matches; these are its payload bytes.
        case intact(payload: Range<Int>)
        /// The frame is whole; its checksum, not computed, is this.
        case unchecked(payload: Range<Int>, checksum: UInt32)
        /// The frame is not.
        case broken(FrameProblem)
    }

    private enum FrameProblem: CustomStringConvertible {
        case endsInsideFrameHeader
        case runsPastEnd(declaredLength: UInt32)
        case checksumMismatch

        /// A phrase that follows "the record" or "the snapshot".
        var description: String {
            switch self {
            case .endsInsideFrameHeader: "ends inside its length and checksum"
            case .runsPastEnd(let length): "runs past the end of the file (\(length) bytes declared)"
            case .checksumMismatch: "has a checksum that does not match"
            }
        }
    }

    private static func frame(
        in bytes: UnsafeRawBufferPointer, at offset: Int, deferringChecksumFrom deferredFrom: Int = .max
    ) -> FrameCheck {
        guard bytes.count - offset >= frameHeaderSize else { return .broken(.endsInsideFrameHeader) }
        let length = bytes.littleEndianUInt32(at: offset)
        let start = offset + frameHeaderSize
        guard Int(length) <= bytes.count - start else { return .broken(.runsPastEnd(declaredLength: length)) }
        let payload = start..<(start + Int(length))
        let expected = bytes.littleEndianUInt32(at: offset + 4)
        if payload.count >= deferredFrom { return .unchecked(payload: payload, checksum: expected) }
        guard checksum(length: length, payload: UnsafeRawBufferPointer(rebasing: bytes[payload])) == expected else {
            return .broken(.checksumMismatch)
        }
        return .intact(payload: payload)
    }

    /// The offset of the first intact frame starting after `offset`, if any.
    ///
    /// Only frames whose declared length fits in the file are checksummed, which rules out
    /// nearly every offset inside text payloads at once.
    private static func firstIntactFrame(in bytes: UnsafeRawBufferPointer, after offset: Int) -> Int? {
        var candidate = offset + 1
        while bytes.count - candidate >= frameHeaderSize {
            let fits = Int(bytes.littleEndianUInt32(at: candidate)) <= bytes.count - candidate - frameHeaderSize
            if fits, case .intact = frame(in: bytes, at: candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    private static func checksumOfHeader(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = CRC32C()
        crc.update(UnsafeRawBufferPointer(rebasing: bytes[0..<28]))
        return crc.value
    }
}

extension UnsafeRawBufferPointer {
    func littleEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    func littleEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
