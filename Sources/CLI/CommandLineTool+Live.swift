import Foundation
import ProjectManager

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension CommandLineTool {
    /// The tool as the `pm` executable runs it: the standard streams, the process environment,
    /// the terminal's width from `ioctl(TIOCGWINSZ)`, and the live clock, calendar and time zone.
    ///
    /// It also makes the process ignore `SIGPIPE`, so that output piped into a reader that stops
    /// early (`pm demo | head`) ends the output but not the command: the demo still removes its
    /// temporary store, and the command ends quietly with ``ExitCode/closedPipe``. A standard
    /// stream the process started without is held open on `/dev/null`, so that no file the
    /// command opens takes its number; a write to it fails the command.
    ///
    /// ```swift
    /// let status = await CommandLineTool.live().run(Array(CommandLine.arguments.dropFirst()))
    /// ```
    public static func live() -> CommandLineTool {
        _ = signal(SIGPIPE, SIG_IGN)
        // A standard stream the process started without (`pm board >&-`) gets /dev/null, so that
        // the store file never takes its number; writing to it then fails the command.
        occupyStandardInputIfClosed()
        StandardStream.output.occupyIfClosed()
        StandardStream.error.occupyIfClosed()
        let isTerminal = isatty(STDOUT_FILENO) == 1
        var tool = CommandLineTool(
            output: StandardStream.output,
            errors: StandardStream.error,
            processEnvironment: ProcessInfo.processInfo.environment,
            outputIsTerminal: isTerminal,
            terminalWidth: isTerminal ? terminalColumns() : nil,
            engineEnvironment: liveEnvironment(),
            standardInput: { String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) },
            sleep: { duration in
                do {
                    try await Task.sleep(for: duration)
                } catch {
                    // Cancelled: stop waiting; the next poll or the caller ends the flow.
                }
            },
            terminal: TerminalInput.live())
        tool.argumentBytes = (1..<max(Int(CommandLine.argc), 1)).map { index in
            CommandLine.unsafeArgv[index].map { StorePath(cString: $0).bytes } ?? []
        }
        tool.environmentBytes = environmentBytes()
        tool.errorsAreTerminal = isatty(STDERR_FILENO) == 1
        return tool
    }

    /// Opens `/dev/null` as standard input when the process started without one.
    private static func occupyStandardInputIfClosed() {
        guard fcntl(STDIN_FILENO, F_GETFD) == -1, errno == EBADF else { return }
        let null = open("/dev/null", O_RDONLY)
        if null >= 0, null != STDIN_FILENO {
            _ = dup2(null, STDIN_FILENO)
            _ = close(null)
        }
    }

    /// Every `NAME=value` of the process environment (`environ`), the value's bytes as they are.
    private static func environmentBytes() -> [String: [UInt8]] {
        var variables: [String: [UInt8]] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = StorePath(cString: pointer).bytes
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(decoding: bytes[..<equals], as: UTF8.self)] = Array(bytes[(equals + 1)...])
            }
            entry += 1
        }
        return variables
    }

    /// The live clock, calendar and time zone (`TZ`), with the instant `PM_NOW` names in place of
    /// the clock when it is set: for scripts and checks that need a fixed "now".
    private static func liveEnvironment() -> EngineEnvironment {
        guard let text = ProcessInfo.processInfo.environment["PM_NOW"], !text.isEmpty else { return .live }
        guard let now = ISO8601DateFormatter().date(from: text) else {
            StandardStream.error.write(
                "pm: PM_NOW '\(text)' is not an ISO 8601 time such as 2026-03-15T09:00:00Z; using the clock\n")
            return .live
        }
        var environment = EngineEnvironment.live
        environment.now = { now }
        return environment
    }

    /// The columns of the terminal on standard output, or `nil` when the terminal does not say.
    private static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
