/// Something a store noticed and worked around, which the user should hear about: a save the file
/// lost before it was read, or a compaction that failed after a save that succeeded.
///
/// Nothing acknowledged is lost in silence: before a store drops the bytes of a cut-short or
/// damaged last record, it copies them beside the store file, and reports that copy on every open
/// until the user acknowledges it.
///
/// A warning holds facts; a front end chooses the words, and says how to acknowledge it
/// (`Localizer.message(for:)`).
public enum StoreWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file's last record is cut short (a crash or power loss while writing it) or damaged
    /// (its checksum does not match): `bytes` bytes from `offset` on. It is left out; the next
    /// save copies those bytes beside the store (``keptDroppedBytes(file:)``), then drops them.
    case droppedTornTail(offset: Int, bytes: Int)
    /// The bytes of a cut-short or damaged last record were dropped from the store and kept in
    /// `file`, beside it. Reported until acknowledged.
    case keptDroppedBytes(file: String)
    /// A save succeeded, but the compaction after it failed; the store is whole, and the next save
    /// tries the compaction again.
    case compactionFailed(reason: String)
    /// Stored objects whose bytes do not match their checksum (a flipped bit, a bad sector), met
    /// by a read: what was read lacks them, so that a count, a board or a backup read from this
    /// store may show fewer objects than it holds. `reason` says where. Reported while the store
    /// is open and for every engine that reads there; `pm doctor` reads the whole file.
    case damagedObjects(file: String, reason: String)

    /// What happened, in English, for logs.
    public var description: String {
        switch self {
        case .droppedTornTail(let offset, let bytes):
            "the last save in the store (\(bytes) bytes at byte \(offset)) is cut short or damaged and is left out; "
                + "the next save keeps its bytes beside the store"
        case .keptDroppedBytes(let file):
            "a cut-short or damaged save was dropped from the store; its bytes are kept in \(file)"
        case .compactionFailed(let reason):
            "the store could not be compacted (\(reason)); every save is kept, and the next save tries again"
        case .damagedObjects(let file, let reason):
            "the store \(file) is damaged and some of its objects cannot be read (\(reason)); what is shown lacks them"
        }
    }
}
