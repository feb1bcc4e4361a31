import Synchronization

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

    /// Why a write failed, the first time one did; `nil` while every write has gone through. The
    /// tool reads it once the command is done: a failed write to the output fails the command.
    var failure: WriteFailure? { get }
}

extension TextSink {
    /// A sink whose writes cannot fail, such as a buffer: never a failure.
    public var failure: WriteFailure? { nil }
}

/// Why writing to a stream failed: the system's error number.
public struct WriteFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `errno` of the failed `write(2)`: `EPIPE`, `ENOSPC`, `EBADF`, …
    public let code: Int32

    /// A failure with the system's error number `code`.
    public init(code: Int32) {
        self.code = code
    }

    /// Whether the reader of a pipe went away (`pm board | head -1`): not an error, only the end
    /// of the output, as `git` takes it.
    public var isClosedPipe: Bool { code == EPIPE }

    /// The system's words for it: `No space left on device`.
    public var description: String {
        String(cString: strerror(code))
    }
}

/// One of the process's standard streams, written to with `write(2)`, unbuffered.
public struct StandardStream: TextSink {
    private let descriptor: Int32

    /// Standard output, file descriptor 1.
    public static let output = StandardStream(descriptor: 1)
    /// Standard error, file descriptor 2.
    public static let error = StandardStream(descriptor: 2)

    /// Each stream's state, by descriptor: the first failure, or that it was closed when the
    /// process started (written only by ``markClosed()`` before any command runs).
    private static let states = Mutex<[Int32: State]>([:])

    private enum State {
        /// The process started with the descriptor closed; the first write fails with `EBADF`.
        case closed
        case failed(WriteFailure)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes every byte of `text`, retrying after partial writes and interruptions.
    ///
    /// A stream that refuses bytes (a closed pipe, a full disk) keeps its ``failure`` and takes no
    /// more writes.
    public func write(_ text: String) {
        let refused = Self.states.withLock { states -> Bool in
            switch states[descriptor] {
            case nil: return false
            case .failed: return true
            case .closed:
                states[descriptor] = .failed(WriteFailure(code: EBADF))
                return true
            }
        }
        guard !refused else { return }
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
                let failure = WriteFailure(code: written < 0 ? errno : EIO)
                Self.states.withLock { $0[descriptor] = .failed(failure) }
                return
            }
        }
    }

    public var failure: WriteFailure? {
        Self.states.withLock { states in
            if case .failed(let failure) = states[descriptor] { failure } else { nil }
        }
    }

    /// Whether the process started with this stream closed (`pm board >&-`).
    var isClosed: Bool {
        Self.states.withLock { states in
            if case .closed = states[descriptor] { true } else { false }
        }
    }

    /// Occupies the descriptor with `/dev/null` when the process started with it closed, so that
    /// no file the command opens (the store, its lock) takes its number and receives its text;
    /// the stream's first write then fails with `EBADF`, as a write to the closed stream would.
    func occupyIfClosed() {
        guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { return }
        let null = open("/dev/null", O_RDWR)
        if null >= 0, null != descriptor {
            _ = dup2(null, descriptor)
            _ = close(null)
        }
        Self.states.withLock { $0[descriptor] = .closed }
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
