import Foundation

/// Why a store could not open, read or write its file.
///
/// Every case names the file and what happened, no advice: a front end chooses the words, and
/// what to do (`Localizer.message(for:)` in English and Korean). `reason` and `operation` are
/// English details for logs, which other languages leave out. On any case but
/// ``saveNotConfirmed(file:reason:)``, nothing on disk was changed except by a save that completed.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not a store this engine can read: truncated, garbage, or not a store at all.
    case unreadable(file: String, reason: String)
    /// The file is a store, but a record at `offset` is damaged (bad checksum or framing).
    case damaged(file: String, offset: Int, reason: String)
    /// The file was written by a newer version of the engine: its format (how the file is laid
    /// out) is newer than this engine reads.
    case newerFormat(file: String, found: Int, supported: Int)
    /// The file was written by a newer version of the engine: its schema (the entities and their
    /// fields) is newer than this engine's, in a format this engine reads.
    case newerSchema(file: String, found: Int, supported: Int)
    /// Another process has the store open for writing, or made the new store this instance was
    /// about to make: open it again, or try again once that process is done.
    case locked(file: String)
    /// The path names something that is not a regular file (a folder, a FIFO, a device); it is
    /// refused before anything is read from it or written to it.
    case notARegularFile(file: String)
    /// An operation on the file system failed; `operation` is what was being done.
    case ioFailure(file: String, operation: String, reason: String)
    /// The store was closed, by its owner or after a failed write, so this instance refuses
    /// further calls; open it again.
    case closed(file: String)
    /// The lock file beside the store is a symbolic link, which the store never follows.
    case lockFileIsLink(file: String)
    /// The store was opened for reading only, so it refuses to save.
    case readOnly(file: String)
    /// Another process created the store after this instance opened it while it was missing,
    /// so this instance's picture of it is out of date; open it again. The engine's own stores
    /// now report that as ``locked(file:)``, which a user can act on; a store of another
    /// implementation may still throw this.
    case changedSinceOpened(file: String)
    /// A save was written but the system could confirm neither that it is on disk nor that it was
    /// taken back (every sync, and every attempt to undo the write, failed): it may be in the store
    /// when it is next opened, or not. Open the store again and look before saving it again.
    case saveNotConfirmed(file: String, reason: String)

    /// What happened, in English, for logs: the facts without advice. Front ends put errors in
    /// words with `Localizer.message(for:)`, which says what to do.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "cannot read the store \(file): \(reason); it was left untouched"
        case .damaged(let file, let offset, let reason):
            "the store \(file) is damaged at byte \(offset): \(reason); it was left untouched for inspection"
        case .newerFormat(let file, let found, let supported):
            "the store \(file) has format \(found), newer than this engine's \(supported)"
        case .newerSchema(let file, let found, let supported):
            "the store \(file) has schema version \(found), newer than this engine's \(supported)"
        case .locked(let file):
            "the store \(file) is in use by another process"
        case .ioFailure(let file, let operation, let reason):
            "could not \(operation) \(file): \(reason); what was saved before is intact"
        case .closed(let file):
            "the store \(file) is closed (by its owner, or after a failed write)"
        case .notARegularFile(let file):
            "\(file) is not a regular file, so it is not read as a store"
        case .lockFileIsLink(let file):
            "the lock file \(file) is a symbolic link, which is never followed"
        case .readOnly(let file):
            "the store \(file) was opened for reading only"
        case .changedSinceOpened(let file):
            "the store \(file) was created by another process after it was opened here"
        case .saveNotConfirmed(let file, let reason):
            "could not confirm the save in \(file): \(reason); it may or may not have been kept"
        }
    }
}
