/// Something a store noticed and repaired while opening, which the user may want to know about.
public enum StoreWarning: Hashable, Sendable, CustomStringConvertible {
    /// The last save was cut short (a crash or power loss while writing it) and was dropped:
    /// `bytes` bytes from `offset` on. Every save that had completed is intact.
    case droppedTornTail(offset: Int, bytes: Int)

    public var description: String {
        switch self {
        case .droppedTornTail(let offset, let bytes):
            "an interrupted save (\(bytes) bytes at byte \(offset)) was dropped; every completed save is intact"
        }
    }
}
