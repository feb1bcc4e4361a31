import Foundation

/// What ``JournalFile/open(at:newStoreSchemaVersion:fileSystem:)`` read from a store file.
///
/// Rebuild the state by decoding ``snapshot`` (if any) and applying ``records`` in order.
package struct JournalContents: Hashable, Sendable {
    /// The schema version of the snapshot and records; the one asked for when the store is new.
    package var schemaVersion: UInt32
    /// The last compacted state, or `nil` when none was written yet (a new or empty store).
    package var snapshot: Data?
    /// The records appended after the snapshot, oldest first.
    package var records: [Data]
    /// What was noticed and dropped while reading, such as a torn last record.
    package var warnings: [StoreWarning]

    /// Contents as read from a file.
    package init(schemaVersion: UInt32, snapshot: Data?, records: [Data], warnings: [StoreWarning]) {
        self.schemaVersion = schemaVersion
        self.snapshot = snapshot
        self.records = records
        self.warnings = warnings
    }

    /// `true` when there is nothing stored yet: no snapshot and no records.
    package var isEmpty: Bool { snapshot == nil && records.isEmpty }
}
