import Foundation
import ProjectManagerDomain

/// The operations a sync made here, kept beside its state from the moment before the store takes
/// them with the merge until the state records them: a process that dies in between leaves a
/// store that went on past its state, as a store put back from an older copy does not. The next
/// sync knows the two apart by the token the store took (``token``), and sends these operations
/// as they were stamped: a delete among them is never taken for a card this store lacks because
/// it is behind.
///
/// The file is the token's 16 bytes, then the log file the operations would have gone out as.
struct PendingOperations: Sendable {
    /// The token the store took in the save that held the operations.
    var token: UUID
    /// The operations, as the log file at the place the sync was to write them.
    var file: ReplicaLogFile

    /// The file beside `stateFile` that holds them.
    static func url(beside stateFile: URL) -> URL { stateFile.appendingPathExtension("pending") }

    /// The operations kept at `url`; `nil` when there are none, or the file cannot be read.
    static func read(at url: URL) -> PendingOperations? {
        guard let data = try? Data(contentsOf: url), data.count > 16,
            let file = ReplicaLogCoding.decode(Data(data.dropFirst(16)))
        else { return nil }
        let token = data.prefix(16).withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        return PendingOperations(token: token, file: file)
    }

    /// The file's bytes.
    func encoded() -> Data {
        var data = withUnsafeBytes(of: token.uuid) { Data($0) }
        data.append(ReplicaLogCoding.encode(file))
        return data
    }

    /// Writes them at `url`, whole or not at all; `encoded`: their bytes, made before.
    func write(to url: URL, encoded: Data? = nil) throws(SyncError) {
        let data = encoded ?? self.encoded()
        do {
            try PrivateStateFile.makeFolder(url.deletingLastPathComponent())
            try PrivateStateFile.write(data, to: url)
        } catch {
            throw .localState(reason: "\(url.path) could not be written (\(error.localizedDescription))")
        }
    }
}
