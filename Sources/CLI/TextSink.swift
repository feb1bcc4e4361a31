#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Somewhere the command-line tool writes text: standard output, standard error, or a buffer in a
/// test.
///
/// ```swift
/// let tool = CommandLineTool(output: StandardStream.output, errors: StandardStream.error, ...)
/// ```
public protocol TextSink: Sendable {
    /// Writes `text` as it is; the tool ends its lines with `"\n"` itself.
    func write(_ text: String)
}

/// One of the process's standard streams, written to with `write(2)`, unbuffered.
public struct StandardStream: TextSink {
    private let descriptor: Int32

    /// Standard output, file descriptor 1.
    public static let output = StandardStream(descriptor: 1)
    /// Standard error, file descriptor 2.
    public static let error = StandardStream(descriptor: 2)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes every byte of `text`, retrying after partial writes and interruptions.
    ///
    /// A stream that refuses bytes (a closed pipe, a full disk) ends the write: the tool has nowhere
    /// left to report it.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress, buffer.count)
            }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
