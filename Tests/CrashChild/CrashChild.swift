import Foundation
import ProjectManagerCrashWorkload
import ProjectManagerData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process for the reliability tests to kill and to lock out: it writes ``CrashWorkload``'s
/// saves to a store file.
///
/// ```
/// pm-store-crash-child save-loop STORE   opens the store and prints "opened N", N being the
///                                        saves it holds; then makes the next saves forever,
///                                        printing each one's number once its save() returned
/// pm-store-crash-child hold STORE        opens the store and prints "ready N"; then makes one
///                                        save per line "save" on standard input, printing its
///                                        number, and exits when standard input closes
/// ```
/// Lines go to standard output with one unbuffered `write(2)` each, so a line the parent reads
/// was written after its save returned. On failure the child prints one line to standard error
/// and exits with status 1 (64 for a usage error).
@main
enum CrashChild {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 2, let mode = arguments.first, let path = arguments.last else {
            fail("usage: pm-store-crash-child save-loop|hold STORE", status: 64)
        }
        let store = URL(fileURLWithPath: path)
        do throws(ChildError) {
            switch mode {
            case "save-loop": try saveForever(to: store)
            case "hold": try hold(store)
            default: fail("unknown mode \(mode); expected save-loop or hold", status: 64)
            }
        } catch {
            fail(error.description, status: 1)
        }
    }

    /// Makes the workload's saves after those in the store until the process is killed.
    private static func saveForever(to store: URL) throws(ChildError) -> Never {
        let context = try open(store)
        var number = CrashWorkload.savesMade(in: context)
        try say("opened \(number)")
        while true {
            number += 1
            do {
                try CrashWorkload.makeSave(number, in: context)
            } catch {
                throw .save(number, error)
            }
            try say("\(number)")
        }
    }

    /// Keeps the store open, saving on request, until standard input closes.
    private static func hold(_ store: URL) throws(ChildError) {
        let context = try open(store)
        var number = CrashWorkload.savesMade(in: context)
        try say("ready \(number)")
        while let request = readLine() {
            guard request == "save" else { throw .unknownRequest(request) }
            number += 1
            do {
                try CrashWorkload.makeSave(number, in: context)
            } catch {
                throw .save(number, error)
            }
            try say("\(number)")
        }
    }

    private static func open(_ store: URL) throws(ChildError) -> ObjectContext {
        do {
            return try CrashWorkload.openStore(at: store)
        } catch {
            throw .open(error)
        }
    }

    /// Writes `line` and a line feed to standard output, unbuffered.
    private static func say(_ line: String) throws(ChildError) {
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .output(errno) }
            written += count
        }
    }

    /// Prints `message` as one line to standard error and exits.
    private static func fail(_ message: String, status: Int32) -> Never {
        let line = "pm-store-crash-child: " + message.replacingOccurrences(of: "\n", with: " ") + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        exit(status)
    }
}

/// Why the child stopped.
enum ChildError: Error, CustomStringConvertible {
    /// The store could not be opened.
    case open(ContextError)
    /// Save `number` failed.
    case save(Int, ContextError)
    /// Standard input held something other than "save".
    case unknownRequest(String)
    /// Writing to standard output failed with this `errno`.
    case output(Int32)

    var description: String {
        switch self {
        case .open(let error): "cannot open: \(error)"
        case .save(let number, let error): "save \(number) failed: \(error)"
        case .unknownRequest(let request): "unknown request \"\(request)\"; expected \"save\""
        case .output(let code): "cannot write to standard output: \(String(cString: strerror(code)))"
        }
    }
}
