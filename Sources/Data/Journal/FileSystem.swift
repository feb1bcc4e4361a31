import Foundation
import ProjectManagerDomain

/// An open file: the descriptor number and the path it was opened at, for error messages.
package struct FileDescriptor: Hashable, Sendable {
    /// The POSIX file descriptor.
    package let rawValue: Int32
    /// The path the file was opened at.
    package let path: StorePath

    /// Wraps an open descriptor.
    package init(rawValue: Int32, path: StorePath) {
        self.rawValue = rawValue
        self.path = path
    }
}

/// The few POSIX file operations the journal needs, as a seam for fault injection.
///
/// Paths are bytes (``StorePath``), handed to the system as they are: a name that is not UTF-8
/// opens that name.
/// ``POSIXFileSystem`` makes the real system calls; tests wrap it to make a chosen call fail.
/// Every method maps a failure to ``StoreError/ioFailure(file:operation:reason:)`` naming the file.
/// Descriptors are opened close-on-exec, so child processes never inherit a lock.
package protocol FileSystem: Sendable {
    /// Opens an existing file for reading and writing; `nil` when there is no file at `path`.
    func openExisting(_ path: StorePath) throws(StoreError) -> FileDescriptor?

    /// Opens an existing file for reading only; `nil` when there is no file at `path`.
    func openForReading(_ path: StorePath) throws(StoreError) -> FileDescriptor?

    /// Opens the lock file at `path` without following a symbolic link (`O_NOFOLLOW`); when
    /// there is none, creates it with exactly `permissions` if `create`, else returns `nil`.
    ///
    /// - Throws: ``StoreError/lockFileIsLink(file:)`` when `path` is a symbolic link.
    func openLockFile(_ path: StorePath, create: Bool, permissions: UInt32) throws(StoreError) -> FileDescriptor?

    /// Creates a new file at `path` for reading and writing with exactly `permissions`, whatever
    /// the umask; fails if one exists.
    func createNew(_ path: StorePath, permissions: UInt32) throws(StoreError) -> FileDescriptor

    /// Whether anything (a file, a folder, a symbolic link) is at `path` (`lstat`).
    func itemExists(_ path: StorePath) throws(StoreError) -> Bool

    /// `path` with every symbolic link in it resolved, so that writes go beside the real file:
    /// `realpath` when the file exists, the target of a dangling link when there is one, else
    /// `path` itself.
    func resolvingLinks(_ path: StorePath) throws(StoreError) -> StorePath

    /// Creates the folder at `path` and any missing parents, each with exactly `permissions`;
    /// folders that exist are left as they are.
    func createDirectories(_ path: StorePath, permissions: UInt32) throws(StoreError)

    /// The names in the folder at `path`, without `.` and `..`.
    func entries(ofDirectory path: StorePath) throws(StoreError) -> [StorePath]

    /// The names in the folder at `path` that start with `prefix`.
    func entries(ofDirectory path: StorePath, startingWith prefix: StorePath) throws(StoreError) -> [StorePath]

    /// Takes an exclusive `flock` on `file` without waiting.
    ///
    /// - Returns: `false` when another open file description holds a lock on the same file.
    func tryLockExclusively(_ file: FileDescriptor) throws(StoreError) -> Bool

    /// Reads the whole file from its first byte to its end.
    func readAll(_ file: FileDescriptor) throws(StoreError) -> Data

    /// Lets go of the pages of `bytes`, which must be part of what ``mapAll(_:)`` mapped (not of
    /// bytes it read: their memory would be lost): they stay in the system's file cache, and the
    /// next read maps them again.
    func releasePages(of bytes: Data)

    /// The whole file's bytes as they are when called, mapped into memory where the system can
    /// (pages are read when touched, `isMapped` is then `true`), else read (``readAll(_:)``).
    /// `reader` is a descriptor of the same file open as long as the bytes are, to read parts
    /// with `pread` instead of touching the mapping, when there is one.
    func mapAll(_ file: FileDescriptor) throws(StoreError) -> (bytes: Data, isMapped: Bool, reader: Int32?)

    /// Writes `bytes` at `offset` with one `pwrite`.
    ///
    /// - Returns: How many bytes were written, which may be fewer than `bytes.count`.
    func write(_ bytes: Data, to file: FileDescriptor, at offset: Int) throws(StoreError) -> Int

    /// Flushes the file's data and the metadata needed to read it back (`fdatasync`).
    func synchronizeData(_ file: FileDescriptor) throws(StoreError)

    /// Flushes the file's data and all its metadata (`fsync`).
    func synchronize(_ file: FileDescriptor) throws(StoreError)

    /// Flushes the directory at `path`, making renames and creations in it durable.
    func synchronizeDirectory(_ path: StorePath) throws(StoreError)

    /// Cuts the file to `length` bytes (`ftruncate`).
    func truncate(_ file: FileDescriptor, to length: Int) throws(StoreError)

    /// The file's permission bits (`st_mode & 0o7777`).
    func permissions(of file: FileDescriptor) throws(StoreError) -> UInt32

    /// Sets the file's permission bits (`fchmod`).
    func setPermissions(_ permissions: UInt32, of file: FileDescriptor) throws(StoreError)

    /// Renames `source` to `destination`, atomically replacing any file there.
    func rename(_ source: StorePath, to destination: StorePath) throws(StoreError)

    /// Removes the file at `path`; does nothing when there is none.
    func removeIfPresent(_ path: StorePath) throws(StoreError)

    /// Closes the descriptor, releasing any lock taken through it.
    func close(_ file: FileDescriptor) throws(StoreError)
}

extension FileSystem {
    func mapAll(_ file: FileDescriptor) throws(StoreError) -> (bytes: Data, isMapped: Bool, reader: Int32?) {
        (try readAll(file), false, nil)
    }

    func releasePages(of bytes: Data) {}
}

extension FileSystem {
    func entries(ofDirectory path: StorePath, startingWith prefix: StorePath) throws(StoreError) -> [StorePath] {
        try entries(ofDirectory: path).filter { $0.hasPrefix(prefix) }
    }
}
