import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal the user types at, when standard input is one: `pm` asks for a password there
/// without echoing it, and asks before it deletes a board.
///
/// ```swift
/// let terminal = TerminalInput.live()     // nil when standard input is a pipe or a file
/// let password = terminal?.readLine("Password: ", false)
/// ```
/// A test gives a terminal that answers from a script.
public struct TerminalInput: Sendable {
    /// Shows the prompt, then reads one line without its line break; the Boolean says whether what
    /// is typed is shown (`false` for a password). `nil` at the end of the input.
    public var readLine: @Sendable (_ prompt: String, _ echo: Bool) -> String?

    /// A terminal that reads lines with `readLine`.
    public init(readLine: @escaping @Sendable (_ prompt: String, _ echo: Bool) -> String?) {
        self.readLine = readLine
    }

    /// The process's terminal: standard input when it is one, prompts on standard error; `nil`
    /// when standard input is not a terminal.
    ///
    /// While a password is typed the terminal's echo is off; it is turned back on when the line
    /// ends, and when the user presses Control-C (the process then exits with status 130).
    public static func live() -> TerminalInput? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        return TerminalInput { prompt, echo in
            guard !echo else {
                StandardStream.error.write(prompt)
                return readStandardInputLine()
            }
            return withoutEcho(prompt: prompt) { readStandardInputLine() }
        }
    }

    /// Turns the terminal's echo off, shows `prompt`, runs `read`, and puts the terminal back as it
    /// was after it, or on Control-C. The prompt comes once the echo is off, so that nothing typed
    /// after it can be shown.
    private static func withoutEcho(prompt: String, _ read: () -> String?) -> String? {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            StandardStream.error.write(prompt)
            return read()
        }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        // Control-C, a hang-up or a termination while the echo is off: put it back before the
        // process ends. The handlers are in place before the prompt shows, so no signal sent after
        // it is lost. Control-Z is ignored until the line is read, so that no shell is left
        // without echo while this process is stopped.
        terminalBeforePrompt = saved
        let ending = [SIGINT, SIGHUP, SIGTERM]
        for number in ending { signal(number, restoreTerminalAndExit) }
        signal(SIGTSTP, SIG_IGN)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        StandardStream.error.write(prompt)
        let line = read()
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        for number in ending + [SIGTSTP] { signal(number, SIG_DFL) }
        // The user's Return was not echoed: end the prompt's line.
        StandardStream.error.write("\n")
        return line
    }

    /// One line of standard input, read a byte at a time so that nothing after it is consumed;
    /// `nil` when the input ends before any byte.
    private static func readStandardInputLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The terminal's settings before a password prompt turned its echo off, for
/// ``restoreTerminalAndExit(_:)``. Written only on the prompting thread before the handlers are
/// installed, read only by them while they are, so no two accesses overlap.
nonisolated(unsafe) private var terminalBeforePrompt = termios()

/// A signal's handler during a password prompt: puts the echo back and exits with 128 plus the
/// signal's number, calling only async-signal-safe functions.
private func restoreTerminalAndExit(_ number: Int32) {
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &terminalBeforePrompt)
    _ = write(STDERR_FILENO, "\n", 1)
    _exit(128 + number)
}
