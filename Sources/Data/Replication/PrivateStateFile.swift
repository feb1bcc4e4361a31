import Foundation

/// The files a sync keeps beside the store (`STORE.sync/remotes/NAME/`): they hold the boards'
/// contents, so they are `0600` in folders of `0700`, whatever the process's umask.
enum PrivateStateFile {
    /// Makes `folder` and its parent (`remotes/`) if need be, `0700` both.
    static func makeFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for url in [folder.deletingLastPathComponent(), folder] {
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        }
    }

    /// Writes `data` to `url`, whole or not at all, then makes it `0600` (the folder is `0700`
    /// meanwhile).
    static func write(_ data: Data, to url: URL) throws {
        try data.write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }

    /// Writes `data` to `url` in a remote's folder, whole or not at all, making the folders it
    /// needs: `0600` in folders of `0700` when `private` (the copy of a git remote kept under
    /// `STORE.sync`); as the process's umask says otherwise (a shared folder is the team's).
    static func write(_ data: Data, to url: URL, private: Bool) throws {
        let folder = url.deletingLastPathComponent()
        if `private` {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try write(data, to: url)
        } else {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        }
    }
}
