import Foundation
import ProjectManagerTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `pm-store-crash-child`, with pipes to its standard input, output and error.
///
/// Started with `posix_spawn` and waited for with `waitpid`, so that the test controls exactly
/// when it is killed and reaped; the pipes are Unix socket pairs, close-on-exec from the start.
///
/// ```swift
/// let child = try CrashChildProcess(.saveLoop, store: url)
/// let opened = try child.nextLine()     // "opened 0"
/// let first = try child.nextLine()      // "1", once save 1 returned
/// child.kill()
/// #expect(child.waitForExit() == .killed(signal: SIGKILL))
/// ```
/// Not thread-safe: one test drives it.
final class CrashChildProcess {
    /// What the child does; see `Tests/CrashChild`.
    enum Mode: String {
        /// Saves forever, printing "opened N" and then each save's number.
        case saveLoop = "save-loop"
        /// Prints "ready N" and saves once per line "save" on standard input, until it closes.
        case hold
    }

    /// How the child ended.
    enum Termination: Hashable, CustomStringConvertible {
        case exited(status: Int32)
        case killed(signal: Int32)

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .killed(let signal): "was killed by signal \(signal)"
            }
        }
    }

    private let processIdentifier: pid_t
    /// This process's ends of the pipes to the child's standard input, output and error.
    private var inputDescriptor: Int32?
    private let outputDescriptor: Int32
    private let errorDescriptor: Int32
    /// How the child ended, once it was waited for.
    private var termination: Termination?
    /// Bytes read from standard output after the last whole line handed out.
    private var pending: [UInt8] = []
    private var outputEnded = false

    /// Starts the child on the store at `store`.
    init(_ mode: Mode, store: URL) throws {
        let executable = try Self.executableURL().path(percentEncoded: false)
        let input = try Self.makePipe()
        let output = try Self.makePipe()
        let errors = try Self.makePipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The pipes are close-on-exec; their copies as 0, 1 and 2 are not.
        posix_spawn_file_actions_adddup2(&actions, input.read, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output.write, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors.write, STDERR_FILENO)
        let arguments = [executable, mode.rawValue, store.path(percentEncoded: false)]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var identifier: pid_t = 0
        let result = Self.withCStrings(arguments) { argv in
            Self.withCStrings(environment) { envp in posix_spawn(&identifier, executable, &actions, nil, argv, envp) }
        }
        for descriptor in [input.read, output.write, errors.write] { close(descriptor) }
        guard result == 0 else {
            for descriptor in [input.write, output.read, errors.read] { close(descriptor) }
            throw ReliabilityFailure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        processIdentifier = identifier
        inputDescriptor = input.write
        outputDescriptor = output.read
        errorDescriptor = errors.read
    }

    deinit {
        // Only when a test stopped early: never leave a child behind.
        if termination == nil {
            kill()
            _ = waitForExit()
        }
        if let inputDescriptor { close(inputDescriptor) }
        close(outputDescriptor)
        close(errorDescriptor)
    }

    // MARK: - Output

    /// The next line the child printed, without its line feed; `nil` once its output ended.
    func readLine() throws -> String? {
        while true {
            if let line = takeLine() { return line }
            if outputEnded {
                guard pending.isEmpty else {
                    throw ReliabilityFailure(
                        description:
                            "the child's output ends inside a line: \(String(decoding: pending, as: UTF8.self))")
                }
                return nil
            }
            try readOutput()
        }
    }

    /// The next line the child printed; throws, with what it said on standard error, when its
    /// output ended instead.
    func nextLine() throws -> String {
        if let line = try readLine() { return line }
        let complaint = try standardError()
        throw ReliabilityFailure(description: "the child's output ended (it \(waitForExit())), saying: \(complaint)")
    }

    /// Every line the child printed that was not read yet, up to the end of its output.
    ///
    /// Call it after the child ended, or it waits for it to end.
    func remainingLines() throws -> [String] {
        var lines: [String] = []
        while let line = try readLine() { lines.append(line) }
        return lines
    }

    /// The whole lines read so far and not handed out yet; does not wait.
    func takeBufferedLines() -> [String] {
        var lines: [String] = []
        while let line = takeLine() { lines.append(line) }
        return lines
    }

    /// Reads what the child wrote, with one `read(2)`, which waits until it writes or its output ends.
    ///
    /// - Returns: `false` once the output ended.
    @discardableResult
    func readOutput() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(outputDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw ReliabilityFailure(
                    description: "cannot read the child's output: \(String(cString: strerror(errno)))")
            }
            if count == 0 { outputEnded = true }
            pending += buffer[..<count]
            return count > 0
        }
    }

    private func takeLine() -> String? {
        guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
    }

    // MARK: - Input, ending and errors

    /// Writes `line` and a line feed to the child's standard input.
    func send(_ line: String) throws {
        guard let inputDescriptor else { throw ReliabilityFailure(description: "the child's input is closed") }
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            // Not write(2): a child that died would make it raise SIGPIPE and end this process.
            let count = bytes[written...].withUnsafeBytes { Self.systemSend(inputDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw ReliabilityFailure(description: "cannot write to the child: \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }

    /// Closes the child's standard input, which a holding child takes as the signal to exit.
    func closeInput() {
        if let inputDescriptor { close(inputDescriptor) }
        inputDescriptor = nil
    }

    /// Kills the child with `SIGKILL`: it stops wherever it is, without running any more code.
    func kill() {
        // Once waited for, its process identifier may belong to another process.
        guard termination == nil else { return }
        #if canImport(Glibc)
            _ = Glibc.kill(processIdentifier, SIGKILL)
        #else
            _ = Darwin.kill(processIdentifier, SIGKILL)
        #endif
    }

    /// Waits for the child to end (`waitpid`), and says how it did.
    func waitForExit() -> Termination {
        if let termination { return termination }
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) < 0 {
            guard errno == EINTR else {
                preconditionFailure("waitpid(\(processIdentifier)) failed: \(String(cString: strerror(errno)))")
            }
        }
        // The wait status: the signal in the low 7 bits, or else the exit status in the next 8.
        let ended: Termination =
            status & 0x7F == 0 ? .exited(status: (status >> 8) & 0xFF) : .killed(signal: status & 0x7F)
        termination = ended
        return ended
    }

    /// What the child printed to standard error; waits for the child to close it.
    func standardError() throws -> String {
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(errorDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw ReliabilityFailure(
                    description: "cannot read the child's errors: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return String(decoding: text, as: UTF8.self) }
            text += buffer[..<count]
        }
    }

    // MARK: - Spawning

    private static func systemSend(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(socket, bytes, count, 0)
        #endif
    }

    /// A connected pair of Unix sockets, used as a pipe: close-on-exec from the start, so that
    /// a child another test starts meanwhile cannot inherit an end and hold it open.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        #if canImport(Glibc)
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &descriptors) == 0 else {
            throw ReliabilityFailure(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        #if !canImport(Glibc)
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        return (descriptors[0], descriptors[1])
    }

    /// Calls `body` with `strings` as a null-terminated array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) } + [nil]
        defer { for copy in copies { free(copy) } }
        return copies.withUnsafeBufferPointer { buffer in
            guard let pointers = buffer.baseAddress else {
                preconditionFailure("the array holds its terminator at least")
            }
            return body(pointers)
        }
    }

    // MARK: - Finding the child

    /// The child's name, next to the test bundle in the build folder.
    static let executableName = "pm-store-crash-child"

    /// The built child: `PM_CRASH_CHILD` when set, otherwise the first `pm-store-crash-child`
    /// beside the tests (see ``BuiltExecutable/url(named:override:)``).
    static func executableURL() throws -> URL {
        try BuiltExecutable.url(named: executableName, override: "PM_CRASH_CHILD")
    }
}

#if os(Linux)
    extension CrashChildProcess {
        /// Waits until `watch` reports one of `events`, reading the child's output meanwhile.
        ///
        /// - Returns: The event seen, or `nil` when the child's output ended first, or when it
        ///   printed more than `lineLimit` lines (the lines stay buffered).
        func waitForAny(of events: Set<FolderWatch.Event>, in watch: FolderWatch, lineLimit: Int) throws -> FolderWatch
            .Event?
        {
            var linesSeen = 0
            while true {
                var descriptors = [
                    pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&descriptors, 2, -1)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else {
                    throw ReliabilityFailure(description: "poll: \(String(cString: strerror(errno)))")
                }
                if descriptors[0].revents != 0, let event = try watch.pendingEvents().first(where: events.contains) {
                    return event
                }
                if descriptors[1].revents != 0 {
                    let before = pending.count
                    guard try readOutput() else { return nil }
                    linesSeen += pending[before...].count { $0 == UInt8(ascii: "\n") }
                    if linesSeen > lineLimit { return nil }
                }
            }
        }
    }
#endif
