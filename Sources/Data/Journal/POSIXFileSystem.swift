import Foundation
import ProjectManagerDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real file system, through POSIX calls.
///
/// Interrupted calls (`EINTR`) are retried, except `fsync` and `close`, whose outcome is then
/// unknown. On Apple platforms, syncing uses `F_FULLFSYNC`, because `fsync` there does not
/// reach the disk's platter.
package struct POSIXFileSystem: FileSystem {
    /// Makes real system calls.
    package init() {}

    package func openExisting(_ path: StorePath) throws(StoreError) -> FileDescriptor? {
        try openRegularFile(path, O_RDWR)
    }

    package func openForReading(_ path: StorePath) throws(StoreError) -> FileDescriptor? {
        try openRegularFile(path, O_RDONLY)
    }

    /// Opens an existing regular file; `nil` when nothing is there.
    ///
    /// The open does not wait (`O_NONBLOCK`): a FIFO at the path would otherwise block it until a
    /// writer came. Anything but a regular file is then refused before a byte is read or written.
    /// - Throws: ``StoreError/notARegularFile(file:)``, or ``StoreError/ioFailure(file:operation:reason:)``.
    private func openRegularFile(_ path: StorePath, _ access: Int32) throws(StoreError) -> FileDescriptor? {
        // A folder cannot be opened for writing (EISDIR): it is refused as not a regular file too.
        // O_NOCTTY: a terminal at the path never becomes this process's controlling terminal.
        let descriptor = retryingInterrupts { Self.open(path, access | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0) }
        if descriptor.result < 0 {
            if descriptor.error == ENOENT { return nil }
            if descriptor.error == EISDIR || descriptor.error == ENXIO {
                throw .notARegularFile(file: path.description)
            }
            throw .ioFailure(file: path, operation: "open", errno: descriptor.error)
        }
        var status = stat()
        guard fstat(descriptor.result, &status) == 0 else {
            let code = errno
            _ = systemClose(descriptor.result)
            throw .ioFailure(file: path, operation: "open", errno: code)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            _ = systemClose(descriptor.result)
            throw .notARegularFile(file: path.description)
        }
        // Reads and writes of a regular file never wait anyway; the flag goes, as the file came.
        _ = fcntl(descriptor.result, F_SETFL, fcntl(descriptor.result, F_GETFL) & ~O_NONBLOCK)
        return FileDescriptor(rawValue: descriptor.result, path: path)
    }

    package func openLockFile(_ path: StorePath, create: Bool, permissions: UInt32) throws(StoreError)
        -> FileDescriptor?
    {
        while true {
            if create {
                let created = retryingInterrupts {
                    Self.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
                }
                if created.result >= 0 {
                    let file = FileDescriptor(rawValue: created.result, path: path)
                    try exactPermissions(permissions, of: file)
                    return file
                }
                guard created.error == EEXIST else {
                    throw .ioFailure(file: path, operation: "create", errno: created.error)
                }
            }
            let opened = retryingInterrupts { Self.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0) }
            if opened.result >= 0 { return FileDescriptor(rawValue: opened.result, path: path) }
            switch opened.error {
            case ELOOP: throw .lockFileIsLink(file: path.description)
            case ENOENT where create: continue  // Removed between the two opens: create it again.
            case ENOENT: return nil
            default: throw .ioFailure(file: path, operation: "open", errno: opened.error)
            }
        }
    }

    package func createNew(_ path: StorePath, permissions: UInt32) throws(StoreError) -> FileDescriptor {
        let descriptor = retryingInterrupts {
            Self.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        }
        guard descriptor.result >= 0 else {
            throw .ioFailure(file: path, operation: "create", errno: descriptor.error)
        }
        let file = FileDescriptor(rawValue: descriptor.result, path: path)
        do throws(StoreError) {
            try exactPermissions(permissions, of: file)
        } catch {
            _ = systemClose(file.rawValue)
            _ = path.withCString { unlink($0) }
            throw error
        }
        return file
    }

    /// Gives a file it just created exactly `permissions`, which the umask may have narrowed.
    private func exactPermissions(_ permissions: UInt32, of file: FileDescriptor) throws(StoreError) {
        if try self.permissions(of: file) != permissions & 0o7777 { try setPermissions(permissions, of: file) }
    }

    package func itemExists(_ path: StorePath) throws(StoreError) -> Bool {
        var status = stat()
        if path.withCString({ lstat($0, &status) }) == 0 { return true }
        let error = errno
        if error == ENOENT || error == ENOTDIR { return false }
        throw .ioFailure(file: path, operation: "look for", errno: error)
    }

    package func resolvingLinks(_ path: StorePath) throws(StoreError) -> StorePath {
        var path = path
        // As many links as the system itself follows before it reports a loop.
        for _ in 0..<40 {
            if let real = path.withCString({ realpath($0, nil) }) {
                defer { free(real) }
                return StorePath(cString: real)
            }
            guard errno == ENOENT || errno == ENOTDIR else {
                throw .ioFailure(file: path, operation: "resolve the links of", errno: errno)
            }
            // Missing, or a link to something missing: follow the link by hand, if it is one.
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = path.withCString { readlink($0, &buffer, buffer.count - 1) }
            guard length > 0 else { return path }
            let target = StorePath(bytes: buffer[0..<length].map { UInt8(bitPattern: $0) })
            path = target.isAbsolute ? target : path.folder.appending(component: target)
        }
        throw .ioFailure(file: path, operation: "resolve the links of", errno: ELOOP)
    }

    package func createDirectories(_ path: StorePath, permissions: UInt32) throws(StoreError) {
        guard !path.bytes.isEmpty, try !itemExists(path) else { return }
        let parent = path.folder
        if parent != path, parent != StorePath(".") { try createDirectories(parent, permissions: permissions) }
        guard path.withCString({ mkdir($0, mode_t(permissions)) }) == 0 else {
            if errno == EEXIST { return }
            throw .ioFailure(file: path, operation: "create the folder", errno: errno)
        }
        guard path.withCString({ chmod($0, mode_t(permissions)) }) == 0 else {
            throw .ioFailure(file: path, operation: "set the permissions of", errno: errno)
        }
    }

    package func entries(ofDirectory path: StorePath) throws(StoreError) -> [StorePath] {
        guard let directory = path.withCString({ opendir($0) }) else {
            throw .ioFailure(file: path, operation: "list the folder", errno: errno)
        }
        defer { closedir(directory) }
        var names: [StorePath] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { StorePath(bytes: $0) }
            if name != StorePath("."), name != StorePath("..") { names.append(name) }
        }
        return names
    }

    /// Compares each name's bytes in place, so that a folder of many files costs one pass over
    /// their names and nothing more for those that do not match.
    package func entries(ofDirectory path: StorePath, startingWith prefix: StorePath) throws(StoreError)
        -> [StorePath]
    {
        guard let directory = path.withCString({ opendir($0) }) else {
            throw .ioFailure(file: path, operation: "list the folder", errno: errno)
        }
        defer { closedir(directory) }
        let wanted = prefix.bytes
        var names: [StorePath] = []
        while let entry = readdir(directory) {
            let name: StorePath? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let length = strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
                guard length >= wanted.count, raw.prefix(wanted.count).elementsEqual(wanted) else { return nil }
                return StorePath(bytes: raw.prefix(length))
            }
            if let name { names.append(name) }
        }
        return names
    }

    package func tryLockExclusively(_ file: FileDescriptor) throws(StoreError) -> Bool {
        let outcome = retryingInterrupts { flock(file.rawValue, LOCK_EX | LOCK_NB) }
        if outcome.result == 0 { return true }
        if outcome.error == EWOULDBLOCK || outcome.error == EAGAIN { return false }
        throw .ioFailure(file: file.path, operation: "lock", errno: outcome.error)
    }

    package func readAll(_ file: FileDescriptor) throws(StoreError) -> Data {
        var status = stat()
        guard fstat(file.rawValue, &status) == 0 else {
            throw .ioFailure(file: file.path, operation: "read", errno: errno)
        }
        // One byte more than the size, so that the read which finds the end needs no growing.
        var bytes = Data(count: max(Int(status.st_size), 0) + 1)
        var length = 0
        while true {
            if length == bytes.count { bytes.count += max(4096, bytes.count / 2) }
            let chunk = bytes.withUnsafeMutableBytes { buffer in
                retryingInterrupts {
                    pread(
                        file.rawValue, buffer.baseAddress.map { $0 + length },
                        buffer.count - length, off_t(length)
                    )
                }
            }
            if chunk.result < 0 { throw .ioFailure(file: file.path, operation: "read", errno: chunk.error) }
            if chunk.result == 0 { break }
            length += chunk.result
        }
        bytes.count = length
        return bytes
    }

    /// The size from which ``mapAll(_:)`` maps a file rather than reading it: 1 MiB.
    static let mappingThreshold = 1 << 20

    /// Maps a file of ``mappingThreshold`` bytes or more read-only and private; reads a smaller one.
    ///
    /// The mapping holds the file as it was when mapped: the store only ever appends to its file
    /// or replaces it by renaming a new one over it, so the bytes mapped never change under it.
    package func mapAll(_ file: FileDescriptor) throws(StoreError) -> (bytes: Data, isMapped: Bool, reader: Int32?) {
        var status = stat()
        guard fstat(file.rawValue, &status) == 0 else {
            throw .ioFailure(file: file.path, operation: "read", errno: errno)
        }
        let size = Int(status.st_size)
        guard size >= Self.mappingThreshold else { return (try readAll(file), false, nil) }
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, file.rawValue, 0)
        guard let mapped, mapped != MAP_FAILED else { return (try readAll(file), false, nil) }
        // A descriptor of its own, closed with the mapping, for reads that should not map pages.
        let reader = dup(file.rawValue)
        let bytes = Data(
            bytesNoCopy: mapped, count: size,
            deallocator: .custom { pointer, count in
                munmap(pointer, count)
                if reader >= 0 { _ = systemClose(reader) }
            })
        return (bytes, true, reader >= 0 ? reader : nil)
    }

    /// Lets go (`MADV_DONTNEED`) of the whole pages of `bytes` and of the page its first byte is
    /// on, which belongs to the mapping too: `bytes` lies in a mapping of a whole file, which
    /// starts on a page.
    package func releasePages(of bytes: Data) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4_096)
            let from = Int(bitPattern: base) / page * page
            let to = Int(bitPattern: base + buffer.count) / page * page
            guard to > from, let pointer = UnsafeMutableRawPointer(bitPattern: from) else { return }
            _ = madvise(pointer, to - from, MADV_DONTNEED)
        }
    }

    package func write(_ bytes: Data, to file: FileDescriptor, at offset: Int) throws(StoreError) -> Int {
        let written = bytes.withUnsafeBytes { buffer in
            retryingInterrupts { pwrite(file.rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
        }
        guard written.result >= 0 else {
            throw .ioFailure(file: file.path, operation: "write to", errno: written.error)
        }
        return written.result
    }

    package func synchronizeData(_ file: FileDescriptor) throws(StoreError) {
        #if canImport(Darwin)
            try synchronize(file)
        #else
            guard fdatasync(file.rawValue) == 0 else {
                throw .ioFailure(file: file.path, operation: "sync", errno: errno)
            }
        #endif
    }

    package func synchronize(_ file: FileDescriptor) throws(StoreError) {
        #if canImport(Darwin)
            // F_FULLFSYNC fails on file systems without it (network shares); fsync is the best left.
            if fcntl(file.rawValue, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(file.rawValue) == 0 else {
            throw .ioFailure(file: file.path, operation: "sync", errno: errno)
        }
    }

    package func synchronizeDirectory(_ path: StorePath) throws(StoreError) {
        let directory = retryingInterrupts { Self.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) }
        guard directory.result >= 0 else {
            throw .ioFailure(file: path, operation: "open the directory", errno: directory.error)
        }
        let synced = fsync(directory.result) == 0
        let syncError = errno
        let closed = systemClose(directory.result) == 0
        let closeError = errno
        guard synced else { throw .ioFailure(file: path, operation: "sync the directory", errno: syncError) }
        guard closed else { throw .ioFailure(file: path, operation: "close the directory", errno: closeError) }
    }

    package func truncate(_ file: FileDescriptor, to length: Int) throws(StoreError) {
        let outcome = retryingInterrupts { ftruncate(file.rawValue, off_t(length)) }
        guard outcome.result == 0 else {
            throw .ioFailure(file: file.path, operation: "truncate", errno: outcome.error)
        }
    }

    package func permissions(of file: FileDescriptor) throws(StoreError) -> UInt32 {
        var status = stat()
        guard fstat(file.rawValue, &status) == 0 else {
            throw .ioFailure(file: file.path, operation: "read the permissions of", errno: errno)
        }
        return UInt32(status.st_mode) & 0o7777
    }

    package func setPermissions(_ permissions: UInt32, of file: FileDescriptor) throws(StoreError) {
        let outcome = retryingInterrupts { fchmod(file.rawValue, mode_t(permissions & 0o7777)) }
        guard outcome.result == 0 else {
            throw .ioFailure(file: file.path, operation: "set the permissions of", errno: outcome.error)
        }
    }

    package func rename(_ source: StorePath, to destination: StorePath) throws(StoreError) {
        let result = source.withCString { source in
            destination.withCString { destination in
                #if canImport(Glibc)
                    Glibc.rename(source, destination)
                #else
                    Darwin.rename(source, destination)
                #endif
            }
        }
        guard result == 0 else {
            throw .ioFailure(
                file: source.description, operation: "rename", reason: "\(Self.describe(errno)) (to \(destination))")
        }
    }

    package func removeIfPresent(_ path: StorePath) throws(StoreError) {
        guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else {
            throw .ioFailure(file: path, operation: "remove", errno: errno)
        }
    }

    package func close(_ file: FileDescriptor) throws(StoreError) {
        // Never retried: on Linux the descriptor is released even when close reports EINTR.
        guard systemClose(file.rawValue) == 0 else {
            throw .ioFailure(file: file.path, operation: "close", errno: errno)
        }
    }

    // MARK: - Helpers

    /// Describes an `errno` value in the system's words (`strerror`).
    package static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func open(_ path: StorePath, _ flags: Int32, _ permissions: UInt32) -> Int32 {
        path.withCString { path in
            #if canImport(Glibc)
                Glibc.open(path, flags, mode_t(permissions))
            #else
                Darwin.open(path, flags, mode_t(permissions))
            #endif
        }
    }
}

/// Runs a system call until it is not interrupted; returns its result and the `errno` it left.
private func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> (result: Result, error: Int32) {
    while true {
        let result = call()
        let error = errno
        if result >= 0 || error != EINTR { return (result, result >= 0 ? 0 : error) }
    }
}

@discardableResult
private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(descriptor)
    #else
        Darwin.close(descriptor)
    #endif
}

extension StoreError {
    /// A failed system call on `file`, described with `strerror`.
    package static func ioFailure(file: StorePath, operation: String, errno code: Int32) -> StoreError {
        .ioFailure(file: file.description, operation: operation, reason: POSIXFileSystem.describe(code))
    }

    /// A failed operation on `file`, for a reason in words.
    package static func ioFailure(file: StorePath, operation: String, reason: String) -> StoreError {
        .ioFailure(file: file.description, operation: operation, reason: reason)
    }
}
