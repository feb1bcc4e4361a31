import Foundation
import ProjectManagerDomain

/// The paths a replica asks a transport to send: relative to the transport's folder, inside it,
/// and there.
enum SyncPaths {
    /// Checks that every one of `paths` is relative, stays inside `folder` and names a file or a
    /// folder there.
    ///
    /// - Throws: ``SyncError/localState(reason:)`` naming the first path that is not.
    /// - Complexity: O(*n*) file system look-ups, where *n* is the number of paths.
    static func check(_ paths: [String], in folder: URL) throws(SyncError) {
        for path in paths {
            let components = path.split(separator: "/")
            guard !path.hasPrefix("/"), !components.isEmpty, !components.contains("..") else {
                throw .localState(reason: "\(path) is not a path inside the sync folder")
            }
            let file = folder.appending(path: path).path(percentEncoded: false)
            guard FileManager.default.fileExists(atPath: file) else {
                throw .localState(reason: "nothing to send at \(path) in \(folder.path(percentEncoded: false))")
            }
        }
    }
}
