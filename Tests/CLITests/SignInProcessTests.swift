import Foundation
import ProjectManagerTestSupport
import Testing

/// The built `pm` signing up and in with the real 600,000 rounds, slow in a debug build: the store
/// is not locked while the password is hashed, and the terminal is told what is going on.
@Suite("The pm executable: signing in does not hold the store")
struct SignInProcessTests {
    static let password = "a long and private passphrase"

    /// Starts `pm` with `arguments` over `store`, the password on its standard input and its standard
    /// error the terminal's.
    static func start(
        _ arguments: [String], store: URL, terminal: TerminalProcessTests.PseudoTerminal
    ) throws -> Process {
        let process = Process()
        process.executableURL = try BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE")
        process.arguments = arguments + ["--password-stdin", "--store", store.path]
        process.environment = ["HOME": store.deletingLastPathComponent().path, "PM_NOW": "2026-03-15T12:00:00Z"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
        try process.run()
        input.fileHandleForWriting.write(Data((password + "\n").utf8))
        try input.fileHandleForWriting.close()
        return process
    }

    static func pm(_ arguments: [String], store: URL) throws -> ProcessRun {
        try ProcessRun.run(
            BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"), arguments + ["--store", store.path],
            environment: ["HOME": store.deletingLastPathComponent().path, "PM_NOW": "2026-03-15T12:00:00Z"])
    }

    @Test("a pm add while sign-up and sign-in hash the password is not refused; the terminal says what pm is doing")
    func addDuringHashing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("projects.pmstore")
        _ = try Self.pm(["add", "Before"], store: store)

        for (arguments, notice) in [
            (["signup", "ada@example.com"], "Hashing the password"),
            (["login", "ada@example.com"], "Checking the password"),
        ] {
            // Given a sign-up (then a sign-in) hashing the password, as its terminal says
            let terminal = try TerminalProcessTests.PseudoTerminal()
            let signIn = try Self.start(arguments, store: store, terminal: terminal)
            let announced = terminal.waitFor(notice)
            let duringHash = signIn.isRunning

            // When another pm changes the store meanwhile
            let add = try Self.pm(["add", "During \(arguments[0])"], store: store)
            signIn.waitUntilExit()

            // Then it is not refused, and the sign-in ends well
            #expect(announced, "\(arguments[0]) said: \(terminal.shown)")
            #expect(duringHash, "the hash ended before pm add could run")
            #expect(add.status == 0, "\(add.errors)")
            #expect(signIn.terminationStatus == 0)
            #expect(!terminal.shown.contains(Self.password))
            if arguments[0] == "signup" { #expect(try Self.pm(["logout"], store: store).status == 0) }
        }
        #expect(try Self.pm(["whoami"], store: store).output == "Signed in as ada@example.com\n")
    }
}
