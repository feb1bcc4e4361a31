#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ProjectManagerDomain

/// Files only their owner can read: mode `0600` in a `0700` folder, written whole.
enum PrivateFile {
    #if canImport(Glibc)
    private static let systemWrite = Glibc.write
    #else
    private static let systemWrite = Darwin.write
    #endif

    /// Writes `data` to a new `0600` file beside `url` and renames it over `url`, so that the file
    /// is never readable by others, not even for a moment, and never half written.
    static func write(_ data: Data, to url: URL) throws(GitHubError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .credentialStorage(reason: "could not create \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .credentialStorage(reason: "could not write \(temporary.path): \(String(cString: strerror(errno)))")
        }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let code = errno
        let synced = fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw .credentialStorage(reason: "could not write \(url.path): \(String(cString: strerror(written ? errno : code)))")
        }
    }
}
