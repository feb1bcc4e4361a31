import Foundation
import ProjectManagerDomain

/// What ``JournalFile/open(at:newStoreSchemaVersion:fileSystem:)`` read from a store file.
///
/// Rebuild the state by decoding ``snapshot`` (if any) and applying ``records`` in order.
package struct JournalContents: Hashable, Sendable {
    /// The schema version of the snapshot and records; the one asked for when the store is new.
    package var schemaVersion: UInt32
    /// The file's format, which says how the snapshot and records are coded: JSON in format 1,
    /// the binary coding after it.
    package var formatVersion: UInt32
    /// The last compacted state, or `nil` when none was written yet (a new or empty store).
    ///
    /// A slice of the file's bytes, as are the records: its indices need not start at 0.
    package var snapshot: Data?
    /// The records appended after the snapshot, oldest first, without their sequence numbers.
    package var records: [Data]
    /// What was noticed and dropped while reading, such as a torn last record.
    package var warnings: [StoreWarning]
    /// The snapshot frame's checksum when reading left it to be checked by whoever reads the
    /// snapshot (see ``JournalFormat/Layout/uncheckedSnapshotChecksum``); `nil` when it was checked.
    package var uncheckedSnapshotChecksum: UInt32? = nil
    /// Whether ``warnings`` include the copies of dropped bytes beside the store: `false` when
    /// the read left them for ``JournalFile/keptCopyWarnings(besideStoreAt:fileSystem:)``.
    package var keptCopiesListed = true
    /// Whether the bytes are the file mapped into memory (``FileSystem/mapAll(_:)``), not read.
    package var isMapped = false
    /// A descriptor of the file open as long as its mapped bytes are, when they are mapped.
    package var reader: Int32?

    /// Contents as read from a file.
    package init(
        schemaVersion: UInt32, snapshot: Data?, records: [Data], warnings: [StoreWarning],
        formatVersion: UInt32 = JournalFormat.version
    ) {
        self.schemaVersion = schemaVersion
        self.formatVersion = formatVersion
        self.snapshot = snapshot
        self.records = records
        self.warnings = warnings
    }

    /// `true` when there is nothing stored yet: no snapshot and no records.
    package var isEmpty: Bool { snapshot == nil && records.isEmpty }
}
