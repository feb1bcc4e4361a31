import Foundation

/// A file path as the system takes it: bytes, not text.
///
/// A file name on Linux is any bytes but `/` and NUL, and need not be UTF-8 (`caf\xE9.pmstore`, a
/// name written in Latin-1). Swift's `String` and Foundation's file paths repair such bytes to
/// U+FFFD, which names a different file; a `StorePath` keeps them, from the command line down to
/// `open` and `rename`, for the store and every file written beside it.
/// ```swift
/// let path = StorePath(bytes: Array("caf".utf8) + [0xE9] + Array(".pmstore".utf8))
/// let engine = try ProjectManagerEngine.persistent(at: path)
/// print(path)            // caf\xE9.pmstore
/// ```
/// A file URL carries the same bytes percent-encoded (``fileURL``, ``init(fileURL:)``), so the
/// engine's URL entry points open them too.
public struct StorePath: Hashable, Sendable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    /// The path of these bytes; a NUL in them ends the path, as it does for the system.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes.prefix { $0 != 0 })
    }

    /// The path spelt by `text`, in UTF-8.
    public init(_ text: String) {
        self.init(bytes: text.utf8)
    }

    /// The path of a file URL, its percent-encoded bytes decoded as they are: `%E9` is the byte
    /// 0xE9 whether or not it is part of UTF-8. `nil` when `url` is not a file URL.
    /// - Complexity: O(*n*) in the length of the URL's path.
    public init?(fileURL url: URL) {
        guard url.isFileURL else { return nil }
        self.init(bytes: Self.percentDecoded(url.path(percentEncoded: true)))
    }

    /// A file URL for this path: bytes that are not UTF-8 stay percent-encoded in it, so that
    /// ``init(fileURL:)`` gives them back.
    public var fileURL: URL {
        if let text = String(validating: bytes, as: UTF8.self) { return URL(filePath: text) }
        // As `URL(filePath:)` does with a relative path: from the current folder.
        let absolute = isAbsolute ? self : Self.currentFolder.appending(component: self)
        let encoded = absolute.bytes.map { byte in
            Self.keptInURL.contains(byte) ? String(UnicodeScalar(byte)) : "%" + Self.hex(byte)
        }.joined()
        // Every byte is an unreserved character or percent-encoded: the string is a valid URL.
        guard let url = URL(string: "file://" + encoded) else {
            preconditionFailure("a percent-encoded path always makes a URL: \(encoded)")
        }
        return url
    }

    /// The path as text for messages: UTF-8 as it is, every other byte as `\xHH`.
    public var description: String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            let valid = Self.validUTF8Prefix(of: rest)
            text += String(decoding: rest.prefix(valid), as: UTF8.self)
            rest = rest.dropFirst(valid)
            if let byte = rest.first {
                text += "\\x" + Self.hex(byte)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    // MARK: - Parts

    /// The folder holding the file: everything before the last `/`; `.` when there is none,
    /// `/` for a file at the root.
    public var folder: StorePath {
        guard let slash = bytes.lastIndex(of: Self.slash) else { return StorePath(".") }
        return slash == 0 ? StorePath("/") : StorePath(bytes: bytes[..<slash])
    }

    /// The file's own name: everything after the last `/`.
    public var name: StorePath {
        guard let slash = bytes.lastIndex(of: Self.slash) else { return self }
        return StorePath(bytes: bytes[(slash + 1)...])
    }

    /// The path with `suffix` added to the file's name: `board.pmstore` + `.lock`.
    /// - Complexity: O(*n*) for a path of *n* bytes.
    public func appending(_ suffix: String) -> StorePath {
        StorePath(bytes: bytes + Array(suffix.utf8))
    }

    /// The file `name` inside this folder.
    /// - Complexity: O(*n*) for a path of *n* bytes.
    public func appending(component name: StorePath) -> StorePath {
        if bytes.isEmpty { return name }
        return StorePath(bytes: bytes + (bytes.last == Self.slash ? [] : [Self.slash]) + name.bytes)
    }

    /// The path with the file name's extension (from its last `.` on, if any) replaced by
    /// `.` + `pathExtension`: `projects.pmstore` becomes `projects.settings.json`.
    /// - Complexity: O(*n*) for a path of *n* bytes.
    public func replacingExtension(with pathExtension: String) -> StorePath {
        let start = bytes.lastIndex(of: Self.slash).map { $0 + 1 } ?? 0
        let dot = bytes[start...].lastIndex(of: UInt8(ascii: ".")).flatMap { $0 > start ? $0 : nil } ?? bytes.endIndex
        return StorePath(bytes: bytes[..<dot] + Array(("." + pathExtension).utf8))
    }

    /// Whether the path starts at the root (`/`).
    public var isAbsolute: Bool { bytes.first == Self.slash }

    /// Whether the path starts with the bytes of `prefix`.
    /// - Complexity: O(*m*) for a prefix of *m* bytes.
    public func hasPrefix(_ prefix: StorePath) -> Bool {
        bytes.starts(with: prefix.bytes)
    }

    /// Whether the path ends with the bytes of `suffix`.
    /// - Complexity: O(*m*) for a suffix of *m* bytes.
    public func hasSuffix(_ suffix: String) -> Bool {
        bytes.reversed().starts(with: suffix.utf8.reversed())
    }

    /// Calls `body` with the path as a NUL-terminated C string, for a system call.
    /// - Complexity: O(*n*) for a path of *n* bytes, which are copied once.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { characters in
                // A buffer made from a non-empty array always has a base address.
                guard let base = characters.baseAddress else { preconditionFailure("a path buffer has an address") }
                return try body(base)
            }
        }
    }

    /// The bytes of a NUL-terminated C string, such as an `argv` entry or one the system gave back.
    public init(cString: UnsafePointer<CChar>) {
        self.init(bytes: UnsafeBufferPointer(start: cString, count: strlen(cString)).map { UInt8(bitPattern: $0) })
    }

    // MARK: - Helpers

    private static let slash = UInt8(ascii: "/")

    /// The process's current folder (`getcwd`); `/` if the system cannot say.
    private static var currentFolder: StorePath {
        guard let folder = getcwd(nil, 0) else { return StorePath("/") }
        defer { free(folder) }
        return StorePath(cString: folder)
    }

    /// The bytes a URL path keeps as they are: RFC 3986's unreserved characters and `/`.
    private static let keptInURL = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8))

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }

    private static func percentDecoded(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// How many of the first bytes of `bytes` are whole, valid UTF-8.
    private static func validUTF8Prefix(of bytes: ArraySlice<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var valid = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): valid += UTF8.width(scalar)
            case .emptyInput, .error: return valid
            }
        }
    }
}
