import Foundation
import ProjectManagerDomain

/// A JSON file only its owner may read: created `0600` in a `0700` folder, replaced whole by an
/// atomic rename after `fsync`, so a reader sees the old contents or the new, never a mix.
struct PrivateFile<Value: Codable & Sendable>: RecordSlot {
    /// The file's permission bits.
    static var permissions: UInt32 { 0o600 }

    let path: StorePath
    let fileSystem: any FileSystem

    /// The value in the file; `nil` when there is no file.
    /// - Throws: ``AuthenticationError/storage(reason:)`` naming the file when it cannot be read
    ///   or decoded.
    func read() throws(AuthenticationError) -> Value? {
        let data: Data
        do {
            guard let file = try fileSystem.openExisting(path) else { return nil }
            defer { closeQuietly(file) }
            data = try fileSystem.readAll(file)
        } catch {
            throw .storage(reason: error.description)
        }
        do {
            return try Self.decoder.decode(Value.self, from: data)
        } catch {
            throw .storage(reason: "\(path) is not a readable accounts file (\(error)); move it aside to start over")
        }
    }

    /// Replaces the file's contents with `value`.
    func write(_ value: Value) throws(AuthenticationError) {
        let data: Data
        do {
            data = try Self.encoder.encode(value)
        } catch {
            throw .storage(reason: "could not encode \(path): \(error)")
        }
        let temporary = path.appending(".new")
        do throws(StoreError) {
            try fileSystem.removeIfPresent(temporary)
            let file = try fileSystem.createNew(temporary, permissions: Self.permissions)
            do throws(StoreError) {
                // The umask may have cleared bits, never added them; set the mode exactly.
                try fileSystem.setPermissions(Self.permissions, of: file)
                var written = 0
                while written < data.count {
                    written += try fileSystem.write(data.dropFirst(written), to: file, at: written)
                }
                try fileSystem.synchronize(file)
                try fileSystem.close(file)
            } catch {
                closeQuietly(file)
                throw error
            }
            try fileSystem.rename(temporary, to: path)
            try fileSystem.synchronizeDirectory(path.folder)
        } catch {
            do {
                try fileSystem.removeIfPresent(temporary)
            } catch let cleanup {
                throw .storage(reason: "\(error.description); and \(cleanup.description)")
            }
            throw .storage(reason: error.description)
        }
    }

    /// Closes a descriptor that was only read, or whose write already failed: a failed close
    /// loses nothing, and the descriptor is released anyway.
    private func closeQuietly(_ file: FileDescriptor) {
        do {
            try fileSystem.close(file)
        } catch {
            // Nothing depends on it: see above.
        }
    }

    /// Removes the file; does nothing when there is none.
    func remove() throws(AuthenticationError) {
        do {
            try fileSystem.removeIfPresent(path)
        } catch {
            throw .storage(reason: error.description)
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    private static var decoder: JSONDecoder { JSONDecoder() }
}
