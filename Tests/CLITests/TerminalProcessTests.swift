import Foundation
import ProjectManagerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `pm` on a real terminal: a Linux pseudo-terminal whose other end the test types into
/// and reads, as a user's terminal would show it.
@Suite("The pm executable on a terminal")
struct TerminalProcessTests {
    /// A pseudo-terminal: the test's end and the end `pm` gets as its standard streams.
    final class PseudoTerminal {
        let main: Int32
        let secondary: Int32
        private(set) var shown = ""

        /// Linux's `TIOCSPTLCK` and `TIOCGPTN`, which Swift does not import (they are `_IOW`/`_IOR`
        /// macros): unlock the pair, and read its number.
        private static let unlock: UInt = 0x4004_5431
        private static let number: UInt = 0x8004_5430

        init() throws {
            main = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var locked: Int32 = 0
            var index: UInt32 = 0
            guard main >= 0, ioctl(main, Self.unlock, &locked) == 0, ioctl(main, Self.number, &index) == 0 else {
                throw POSIXError(.ENODEV)
            }
            secondary = open("/dev/pts/\(index)", O_RDWR | O_NOCTTY)
            guard secondary >= 0 else { throw POSIXError(.ENODEV) }
        }

        deinit {
            close(main)
            close(secondary)
        }

        /// Types `text` as the user would.
        func type(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(main, $0.baseAddress, $0.count) }
        }

        /// Reads what the terminal shows until it has shown `text`, or 30 seconds pass without
        /// anything more; returns whether it did. Line ends are kept as `\n`.
        @discardableResult
        func waitFor(_ text: String) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 1_024)
            while !shown.contains(text) {
                var ready = pollfd(fd: main, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 30_000) == 1 else { return false }
                let count = read(main, &buffer, buffer.count)
                guard count > 0 else { return false }
                shown += String(decoding: buffer[..<count], as: UTF8.self).replacingOccurrences(of: "\r", with: "")
            }
            return true
        }

        /// Whether the terminal echoes what is typed.
        var echoes: Bool {
            var settings = termios()
            return tcgetattr(secondary, &settings) == 0 && settings.c_lflag & tcflag_t(ECHO) != 0
        }
    }

    /// Starts the built `pm` with `arguments` over a store in `directory`, its standard streams
    /// the terminal's secondary end.
    static func run(_ arguments: [String], on terminal: PseudoTerminal, in directory: TemporaryDirectory) throws
        -> Process
    {
        let process = Process()
        process.executableURL = try BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE")
        process.arguments = arguments + ["--store", directory.file("projects.pmstore").path]
        process.environment = ["HOME": directory.url.path]
        let handle = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
        (process.standardInput, process.standardOutput, process.standardError) = (handle, handle, handle)
        try process.run()
        return process
    }

    @Test("sign-up asks for the password twice with the echo off, never shows it, and puts the echo back")
    func passwordWithoutEcho() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let terminal = try PseudoTerminal()
        #expect(terminal.echoes)

        let process = try Self.run(["signup", "ada@example.com"], on: terminal, in: directory)
        #expect(terminal.waitFor("Password: "))
        terminal.type("tiny12\n")
        #expect(terminal.waitFor("Confirm password: "))
        terminal.type("tiny12\n")
        let message = "pm: not signed up: Password: Invalid password format: use at least 8 characters.\n"
        #expect(terminal.waitFor(message))
        process.waitUntilExit()

        #expect(process.terminationStatus == 1)
        #expect(terminal.shown == "Password: \nConfirm password: \n" + message)
        #expect(!terminal.shown.contains("tiny12"))
        #expect(terminal.echoes)
    }

    @Test("a termination at the password prompt puts the echo back and writes nothing")
    func terminatedAtThePrompt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let terminal = try PseudoTerminal()

        let process = try Self.run(["login", "ada@example.com"], on: terminal, in: directory)
        #expect(terminal.waitFor("Password: "))
        #expect(!terminal.echoes)
        process.terminate()
        process.waitUntilExit()

        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(terminal.echoes)
        #expect(!FileManager.default.fileExists(atPath: directory.file("projects.pmstore").path))
    }
}
