import Foundation

/// The byte layout of a store file: a header, a snapshot block, then journal records.
///
/// Format 2, all integers little-endian:
/// ```
/// offset  size  field
///      0     8  magic "PMSTORE\0"
///      8     4  format version (2)
///     12     4  schema version of the snapshot and records (the caller's)
///     16     4  flags: bit 0 set when the file holds a snapshot; every other bit zero
///     20     8  the sequence number of the last save the snapshot holds (0: none)
///     28     4  CRC-32C of bytes 0..<28
///     32   8+n  snapshot block: one frame holding the snapshot (empty when there is none)
///      …  16+n  journal records, one frame each, up to the end of the file
/// ```
/// A frame is `[UInt32 length n][UInt32 checksum][n payload bytes]`, where the checksum is the
/// CRC-32C of the four length bytes followed by the payload. Covering the length means a frame
/// of zero bytes (what a crash can leave after a file grew) never reads as an empty record.
/// A record's payload starts with its sequence number (`UInt64`), one more than the record's
/// before it (or than the header's, for the first): a record repeated or out of order is
/// damage, never replayed.
///
/// Format 1 (read, never written) has no sequence numbers, and bytes 20..<28 reserved, zero.
///
/// Bytes after the last intact record are a *torn tail*, the remains of an append cut short,
/// when no intact frame starts anywhere inside them; when one does, the bad record is damage.
package enum JournalFormat {
    /// The format version this engine writes; it reads this one and format 1.
    package static let version: UInt32 = 2
    /// The format of the first engines: JSON snapshot and records, without sequence numbers.
    package static let firstVersion: UInt32 = 1
    /// The first eight bytes of every store file.
    package static let magic: [UInt8] = Array("PMSTORE\0".utf8)
    /// The size of the fixed header.
    package static let headerSize = 32
    /// The size of a frame's length and checksum.
    package static let frameHeaderSize = 8
    /// The largest payload a frame can hold.
    package static let maximumPayloadSize = Int(UInt32.max)

    /// The header flag set when the file holds a snapshot.
    static let hasSnapshotFlag: UInt32 = 1
    /// The size of the sequence number that starts a record's payload.
    package static let sequenceSize = 8

    // MARK: - Writing

    /// The 32 header bytes.
    ///
    /// - Parameters:
    ///   - lastSequence: The sequence number of the last save the snapshot holds; the first
    ///     record after it is one more.
    ///   - formatVersion: The version to write; only tests write another than ``version``.
    package static func header(
        schemaVersion: UInt32, hasSnapshot: Bool, lastSequence: UInt64 = 0, formatVersion: UInt32 = version
    ) -> Data {
        var bytes = Data(magic)
        bytes.appendLittleEndian(formatVersion)
        bytes.appendLittleEndian(schemaVersion)
        bytes.appendLittleEndian(hasSnapshot ? hasSnapshotFlag : 0)
        bytes.appendLittleEndian(formatVersion == firstVersion ? 0 : lastSequence)
        bytes.appendLittleEndian(CRC32C.checksum(of: bytes))
        return bytes
    }

    /// A record: `payload` after its sequence number, framed with its length and checksum.
    ///
    /// - Precondition: `payload.count + 8 <= maximumPayloadSize`.
    /// - Complexity: O(*n*), where *n* is the payload size.
    package static func record(_ payload: Data, sequence: UInt64) -> Data {
        precondition(payload.count <= maximumPayloadSize - sequenceSize, "a frame holds at most 4 GiB")
        let length = UInt32(payload.count + sequenceSize)
        var crc = CRC32C()
        withUnsafeBytes(of: length.littleEndian) { crc.update($0) }
        withUnsafeBytes(of: sequence.littleEndian) { crc.update($0) }
        crc.update(payload)
        var bytes = Data(capacity: frameHeaderSize + Int(length))
        bytes.appendLittleEndian(length)
        bytes.appendLittleEndian(crc.value)
        bytes.appendLittleEndian(sequence)
        bytes.append(payload)
        return bytes
    }

    /// `payload` framed with its length and checksum.
    ///
    /// - Precondition: `payload.count <= maximumPayloadSize`.
    /// - Complexity: O(*n*), where *n* is the payload size.
    package static func frame(_ payload: Data) -> Data {
        var bytes = Data(capacity: frameHeaderSize + payload.count)
        appendFrame(payload, to: &bytes)
        return bytes
    }

    /// Appends `payload` framed with its length and checksum to `bytes`.
    ///
    /// - Precondition: `payload.count <= maximumPayloadSize`.
    /// - Complexity: O(*n*), where *n* is the payload size.
    static func appendFrame(_ payload: Data, to bytes: inout Data) {
        appendFrameHeader(of: payload, to: &bytes)
        bytes.append(payload)
    }

    /// Appends the length and checksum that frame `payload` to `bytes`, without the payload.
    ///
    /// - Precondition: `payload.count <= maximumPayloadSize`.
    static func appendFrameHeader(of payload: Data, to bytes: inout Data) {
        precondition(payload.count <= maximumPayloadSize, "a frame holds at most 4 GiB")
        let length = UInt32(payload.count)
        bytes.appendLittleEndian(length)
        bytes.appendLittleEndian(payload.withUnsafeBytes { checksum(length: length, payload: $0) })
    }

    /// A whole file holding `snapshot` and no records.
    ///
    /// - Complexity: O(*n*), where *n* is the snapshot size, copied once.
    /// - Parameter formatVersion: The version to write; only tests write another than ``version``.
    package static func file(
        snapshot: Data?, schemaVersion: UInt32, lastSequence: UInt64 = 0, formatVersion: UInt32 = version
    ) -> Data {
        var bytes = header(
            schemaVersion: schemaVersion, hasSnapshot: snapshot != nil, lastSequence: lastSequence,
            formatVersion: formatVersion)
        appendFrameHeader(of: snapshot ?? Data(), to: &bytes)
        bytes.append(snapshot ?? Data())
        return bytes
    }

    /// The start of a file whose snapshot frame has `snapshotLength` bytes (`nil`: the file holds
    /// no snapshot, and the frame is empty) and the frame checksum `checksum`
    /// (``FrameChecksum``), for a writer that wrote the snapshot first.
    static func fileHead(snapshotLength: UInt32?, checksum: UInt32, schemaVersion: UInt32, lastSequence: UInt64) -> Data
    {
        var bytes = header(schemaVersion: schemaVersion, hasSnapshot: snapshotLength != nil, lastSequence: lastSequence)
        bytes.appendLittleEndian(snapshotLength ?? 0)
        bytes.appendLittleEndian(checksum)
        return bytes
    }

    /// A frame's checksum, computed as its payload comes in pieces.
    struct FrameChecksum {
        private var crc = CRC32C()

        /// Starts the checksum of a frame of `length` payload bytes.
        init(length: UInt32) {
            withUnsafeBytes(of: length.littleEndian) { crc.update($0) }
        }

        mutating func update(_ piece: Data) { crc.update(piece) }

        var value: UInt32 { crc.value }
    }

    static func checksum(length: UInt32, payload: UnsafeRawBufferPointer) -> UInt32 {
        var crc = CRC32C()
        withUnsafeBytes(of: length.littleEndian) { crc.update($0) }
        crc.update(payload)
        return crc.value
    }
}

extension Data {
    mutating func appendLittleEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
