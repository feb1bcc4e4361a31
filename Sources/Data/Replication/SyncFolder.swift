import Foundation
import ProjectManagerDomain

/// What a store keeps about sync, in the folder beside it (`projects.sync/` beside
/// `projects.pmstore`): this store's replica id and its remotes in `remotes.json` (`0600`, as an
/// address may hold a credential), and per remote its state and its copy of the remote.
public struct SyncFolder: Sendable {
    /// A remote the store's boards are shared on.
    public struct Remote: Hashable, Sendable, Codable {
        /// Its name: letters, digits, `.`, `_` and `-`, not starting with `.` or `-`.
        public var name: String
        /// Its address as given: a git URL, a path to a git repository, or a path to a folder.
        public var address: String
    }

    private struct Configuration: Codable, Sendable {
        var replica: ReplicaID
        var remotes: [Remote]
    }

    /// The folder.
    public let url: URL
    /// The store file it is beside; `nil` for a store in memory.
    public let store: URL?
    /// Where a sync stops as if the process died there: for tests of what the next sync does
    /// (``BoardReplicator/Step``); never set by an app.
    package var interruption: (@Sendable (BoardReplicator.Step) -> Bool)?
    /// When a sync folds its replica's log into a checkpoint (``BoardReplicator``'s
    /// `checkpointAfter`); `nil`: as an app does. For tests.
    package var checkpointAfter: (@Sendable (_ objects: Int) -> Int)?
    /// The merged state of each remote's last sync, kept between syncs of the engine that holds
    /// the folder.
    package let stateCache = ReplicationStateCache()
    private let makeID: @Sendable () -> UUID

    /// The sync folder beside the store at `store`; `makeID` names a new replica.
    public init(besideStoreAt store: URL, makeID: @escaping @Sendable () -> UUID) {
        url = store.deletingPathExtension().appendingPathExtension("sync")
        self.store = store
        self.makeID = makeID
    }

    /// The sync folder `url`, for a store in memory; `makeID` names a new replica.
    public init(url: URL, makeID: @escaping @Sendable () -> UUID) {
        self.url = url
        store = nil
        self.makeID = makeID
    }

    /// What changes whenever the store file is saved or rewritten: its identity, size and time
    /// of change; `nil` for a store in memory or a file that cannot be read.
    public func storeGeneration() -> String? {
        guard let store, let attributes = try? FileManager.default.attributesOfItem(atPath: store.path) else {
            return nil
        }
        let number = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        let changed = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(number):\(size):\(changed)"
    }

    private var file: PrivateFile<Configuration> {
        PrivateFile(
            path: StorePath(fileURL: url.appendingPathComponent("remotes.json"))
                ?? StorePath(url.path + "/remotes.json"),
            fileSystem: POSIXFileSystem())
    }

    private func configuration() throws(SyncError) -> Configuration {
        do {
            if let configuration = try file.read() { return configuration }
        } catch {
            throw .localState(reason: error.description)
        }
        return Configuration(replica: ReplicaID(makeID()), remotes: [])
    }

    private func save(_ configuration: Configuration) throws(SyncError) {
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .localState(reason: "\(url.path) could not be made (\(error.localizedDescription))")
        }
        do {
            try file.write(configuration)
        } catch {
            throw .localState(reason: error.description)
        }
    }

    /// This store's replica id when it has one (it shared or joined a board, or has a remote),
    /// without making one; `nil` otherwise, or when it cannot be read.
    public func existingReplica() -> ReplicaID? {
        try? replicaIfMade()
    }

    /// This store's replica id when it has one, without making one: what a command that only
    /// reads asks, so that it writes nothing.
    /// - Throws: ``SyncError/localState(reason:)`` when `remotes.json` cannot be read.
    public func replicaIfMade() throws(SyncError) -> ReplicaID? {
        do {
            return try file.read()?.replica
        } catch {
            throw .localState(reason: error.description)
        }
    }

    /// This store's replica id, made and kept the first time it is asked for.
    /// - Throws: ``SyncError/localState(reason:)`` when `remotes.json` cannot be read or written.
    public func replica() throws(SyncError) -> ReplicaID {
        if let made = try replicaIfMade() { return made }
        let configuration = try configuration()
        try save(configuration)
        return configuration.replica
    }

    /// The remotes, in name order.
    /// - Throws: ``SyncError/localState(reason:)`` when `remotes.json` cannot be read.
    public func remotes() throws(SyncError) -> [Remote] {
        try configuration().remotes.sorted { $0.name < $1.name }
    }

    /// The remote `name`.
    /// - Throws: ``SyncError/unknownRemote(_:)``; ``SyncError/localState(reason:)``.
    public func remote(named name: String) throws(SyncError) -> Remote {
        guard let remote = try remotes().first(where: { $0.name == name }) else { throw .unknownRemote(name) }
        return remote
    }

    /// Adds the remote `name` at `address`.
    /// - Throws: ``SyncError/remoteExists(_:)``, ``SyncError/badAddress(_:reason:)``.
    public func addRemote(named name: String, address: String) throws(SyncError) {
        guard Self.isName(name) else {
            throw .badAddress(name, reason: "a remote's name is letters, digits, '.', '_' and '-'")
        }
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isNewline),
            !trimmed.unicodeScalars.contains(where: ProjectRules.isInvisibleControl)
        else {
            throw .badAddress(
                SyncError.redacted(address), reason: "it is empty or holds a line break or another control character")
        }
        var configuration = try configuration()
        guard !configuration.remotes.contains(where: { $0.name == name }) else { throw .remoteExists(name) }
        configuration.remotes.append(Remote(name: name, address: trimmed))
        try save(configuration)
    }

    /// Removes the remote `name`, what this store kept about it and its copy; the boards stay.
    /// - Throws: ``SyncError/unknownRemote(_:)``; ``SyncError/localState(reason:)``.
    public func removeRemote(named name: String) throws(SyncError) {
        var configuration = try configuration()
        guard configuration.remotes.contains(where: { $0.name == name }) else { throw .unknownRemote(name) }
        configuration.remotes.removeAll { $0.name == name }
        try save(configuration)
        try? FileManager.default.removeItem(at: folder(of: name))
    }

    /// The folder kept for the remote `name`.
    public func folder(of name: String) -> URL { url.appendingPathComponent("remotes").appendingPathComponent(name) }

    /// The file of the state a sync with `name` keeps.
    public func stateFile(of name: String) -> URL { folder(of: name).appendingPathComponent("state.json") }

    /// The transport to `remote`: a folder that is not a git repository is a shared folder; any
    /// other address is a git remote, with its copy in the remote's folder.
    public func transport(to remote: Remote) -> any SyncTransport {
        let path = remote.address.hasPrefix("file://") ? URL(string: remote.address)?.path : remote.address
        if let path, Self.isPlainFolder(path) {
            return FolderTransport(folder: URL(fileURLWithPath: path))
        }
        return GitTransport(remote: remote.address, folder: folder(of: remote.name).appendingPathComponent("copy"))
    }

    private static func isPlainFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard path.hasPrefix("/") || path.hasPrefix("."),
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
        else { return false }
        let manager = FileManager.default
        let isBare = manager.fileExists(atPath: path + "/HEAD") && manager.fileExists(atPath: path + "/objects")
        return !isBare && !manager.fileExists(atPath: path + "/.git")
    }

    private static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", first != "-", name.utf8.count <= 64 else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
        }
    }
}
