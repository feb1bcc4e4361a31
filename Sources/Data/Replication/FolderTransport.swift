import Foundation
import ProjectManagerDomain

/// A remote that is a folder every replica can write: one synced by iCloud Drive, Dropbox or
/// Syncthing, or a network share.
///
/// ``folder`` is the shared folder itself, so a replica's files are sent as soon as they are
/// written: ``pull()`` only checks that the folder is there, and ``push(_:message:)`` that the
/// files are. Whatever syncs the folder carries them to the other replicas, in its own time.
///
/// ```swift
/// let transport = FolderTransport(folder: URL(filePath: "/Users/me/Library/Mobile Documents/pm"))
/// try await transport.pull()
/// try data.write(to: transport.folder.appending(path: "boards/\(board)/\(replica)/1.ops"))
/// try await transport.push(["boards/\(board)/\(replica)"], message: "pm sync")
/// ```
public struct FolderTransport: SyncTransport {
    /// The shared folder.
    public let folder: URL

    /// A transport through the shared folder at `folder`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// Checks that the shared folder is there and can be read: the files in it are as up to date
    /// as whatever syncs it made them.
    ///
    /// - Throws: ``SyncError/unreachable(remote:reason:)`` when the folder is missing (a share
    ///   not mounted, say), is not a folder, or cannot be read.
    public func pull() async throws(SyncError) {
        let path = folder.path(percentEncoded: false)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreachable(remote: path, reason: "the folder is not there")
        }
        guard isDirectory.boolValue else { throw .unreachable(remote: path, reason: "it is a file, not a folder") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreachable(remote: path, reason: "the folder cannot be read")
        }
    }

    /// Checks that the folder is reachable and that the files at `paths` are in it: they were
    /// sent when they were written there.
    ///
    /// - Throws: ``SyncError/unreachable(remote:reason:)`` as ``pull()`` does;
    ///   ``SyncError/localState(reason:)`` when a path is not in the folder.
    public func push(_ paths: [String], message: String) async throws(SyncError) {
        try await pull()
        try SyncPaths.check(paths, in: folder)
    }
}
