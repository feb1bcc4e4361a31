import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File names as the system keeps them: bytes, which `FileManager` would repair to U+FFFD when
/// they are not UTF-8.
public enum RawFileNames {
    /// The bytes of `caf\xE9.pmstore`: a Latin-1 name, not UTF-8.
    public static let latin1Store: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".pmstore".utf8)

    /// U+FFFD in UTF-8: what a repaired name holds instead of each byte that was not UTF-8.
    public static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// The names in the folder whose path's bytes are `folder`, without `.` and `..`, each as bytes.
    public static func names(in folder: [UInt8]) -> [[UInt8]] {
        guard let directory = withCString(folder, { opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
        return names
    }

    /// Removes everything in the folder at `folder`, whatever its names' bytes (which
    /// `FileManager` cannot name), folders included.
    public static func removeContents(of folder: [UInt8]) {
        for name in names(in: folder) {
            let path = folder + [UInt8(ascii: "/")] + name
            let removed = withCString(path) { unlink($0) } == 0
            if !removed {
                removeContents(of: path)
                _ = withCString(path) { rmdir($0) }
            }
        }
    }

    /// Whether `name` holds U+FFFD: a name some step re-encoded.
    public static func isRepaired(_ name: [UInt8]) -> Bool {
        name.indices.contains { name[$0...].starts(with: replacementCharacter) }
    }

    /// Appends `bytes` to the file at the path whose bytes are `path`, as a crash would leave them.
    public static func append(_ bytes: [UInt8], toFileAt path: [UInt8]) -> Bool {
        let descriptor = withCString(path) { open($0, O_WRONLY | O_APPEND) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    private static func withCString<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else {
                    preconditionFailure("a non-empty buffer has an address")
                }
                return body(base)
            }
        }
    }
}
