import Foundation
import ProjectManager

/// The `pm` command-line tool, with everything it reads from the outside world injected so that a
/// test can run it like a user would.
///
/// ```swift
/// let tool = CommandLineTool(
///     output: StandardStream.output, errors: StandardStream.error,
///     processEnvironment: ProcessInfo.processInfo.environment,
///     outputIsTerminal: false, terminalWidth: nil, engineEnvironment: .live)
/// let status = await tool.run(["add", "Write report", "--due", "2026-12-24"])
/// ```
///
/// Each run opens the store, does one command and lets the store go, so separate runs over the
/// same file see each other's effects, undo and redo included.
///
/// Each command is one type, listed in `CommandRegistry`; every command that reads or changes the
/// store goes through the app's view models, as any front end does (see `Screens`).
///
/// ## Exit status
/// - ``ExitCode/success`` (0) when the command did its work.
/// - ``ExitCode/failure`` (1) for a runtime error: an unknown or ambiguous id, a store that cannot
///   be read, a value the rules refuse. One line on the error stream.
/// - ``ExitCode/usage`` (2) for a wrong command line: an unknown command or option, a missing
///   argument, a bad date or position. One line, then a hint, on the error stream.
///
/// Nothing is written to the store when a command fails: arguments are checked before the store is
/// opened, ids and values before any use case runs, and a failed use case saves nothing.
public struct CommandLineTool: Sendable {
    /// Where results go.
    public internal(set) var output: any TextSink
    /// Where errors go.
    public let errors: any TextSink
    /// The process environment: `PM_STORE`, `XDG_DATA_HOME`, `HOME`, `NO_COLOR`, `TERM` and
    /// `COLUMNS` are read.
    public let processEnvironment: [String: String]
    /// Whether standard output is a terminal; colour is used only when it is.
    public let outputIsTerminal: Bool
    /// The terminal's width in cells, when it is known; otherwise `COLUMNS`, else 80, is used.
    public let terminalWidth: Int?
    /// The clock, calendar, time zone and id generator the engine uses.
    public let engineEnvironment: EngineEnvironment
    /// Reads all of standard input, when a command asks for it (`pm github login --with-token`).
    public let standardInput: @Sendable () -> String
    /// Waits between polls of GitHub's device flow.
    public let sleep: @Sendable (Duration) async -> Void
    /// The terminal on standard input, where passwords and confirmations are asked; `nil` when
    /// standard input is not a terminal.
    public let terminal: TerminalInput?
    /// How the store's own accounts hash passwords, how long a session lasts, and the backoff.
    public let accounts: LocalAccountSettings
    /// The arguments after the program's name as the system gave them, bytes not decoded (the
    /// `pm` executable's `argv`), when known: a `--store` path is taken from them as it is, so a
    /// name that is not UTF-8 opens that name. Used only when they decode to the arguments run.
    public var argumentBytes: [[UInt8]]?
    /// Environment variables as the system gave them, bytes not decoded: `PM_STORE`,
    /// `XDG_DATA_HOME` and `HOME` are taken from here when they decode to their value in
    /// ``processEnvironment``.
    public var environmentBytes: [String: [UInt8]] = [:]
    /// Whether standard error is a terminal: `pm` then says what it is doing when work takes more
    /// than a moment (hashing a password).
    public var errorsAreTerminal = false
    /// The accounts of the store at a URL: the store's own, beside it, unless a test says otherwise.
    /// Each command reads who is signed in from them once (see ``SessionSnapshot``).
    var accountsBeside:
        @Sendable (_ store: URL, _ environment: EngineEnvironment, _ settings: LocalAccountSettings)
            -> any AuthenticationProvider = { store, environment, settings in
                settings.accounts(besideStoreAt: store, environment: environment)
            }

    /// The width assumed when neither the terminal nor `COLUMNS` gives one.
    public static let defaultWidth = 80

    /// Makes a tool.
    ///
    /// - Parameters:
    ///   - output: Where results go (standard output).
    ///   - errors: Where error messages go (standard error).
    ///   - processEnvironment: The process environment variables.
    ///   - outputIsTerminal: Whether `output` is a terminal.
    ///   - terminalWidth: The terminal's width in cells, if known.
    ///   - engineEnvironment: The clock, calendar, time zone and ids for the engine.
    ///   - standardInput: Reads all of standard input; empty unless given.
    ///   - sleep: Waits between polls of the device flow; does not wait unless given.
    ///   - terminal: The terminal on standard input, if there is one.
    ///   - accounts: How accounts work; OWASP's 600,000 PBKDF2 rounds unless a test asks for fewer.
    public init(
        output: any TextSink,
        errors: any TextSink,
        processEnvironment: [String: String],
        outputIsTerminal: Bool,
        terminalWidth: Int?,
        engineEnvironment: EngineEnvironment,
        standardInput: @escaping @Sendable () -> String = { "" },
        sleep: @escaping @Sendable (Duration) async -> Void = { _ in },
        terminal: TerminalInput? = nil,
        accounts: LocalAccountSettings = LocalAccountSettings()
    ) {
        self.terminal = terminal
        self.accounts = accounts
        self.standardInput = standardInput
        self.sleep = sleep
        self.output = output
        self.errors = errors
        self.processEnvironment = processEnvironment
        self.outputIsTerminal = outputIsTerminal
        self.terminalWidth = terminalWidth
        self.engineEnvironment = engineEnvironment
    }

    /// Runs one command line and says how it went.
    ///
    /// - Parameter arguments: The arguments after the program's name, such as
    ///   `["move", "3f2a", "doing"]`.
    /// - Returns: The exit status: a raw value of ``ExitCode``.
    public func run(_ arguments: [String]) async -> Int32 {
        let status: ExitCode
        do throws(CommandLineError) {
            let invocation = try CommandParser.parse(arguments)
            try await perform(invocation, storePath: storeFlag(of: invocation, in: arguments))
            status = .success
        } catch {
            switch error {
            case .usage(let message):
                errors.write("pm: \(Self.oneLine(message))\ntry 'pm help'\n")
                status = .usage
            case .runtime(let message):
                errors.write("pm: \(Self.oneLine(message))\n")
                status = .failure
            }
        }
        return finishOutput(status).rawValue
    }

    /// The status once the output is accounted for: a command whose output could not be written
    /// failed (one line on the error stream), unless its reader went away, which ends it quietly
    /// as `git` ends; a command that failed already keeps its status and its one line.
    private func finishOutput(_ status: ExitCode) -> ExitCode {
        guard let failure = output.failure else { return status }
        if failure.isClosedPipe { return status == .success ? .closedPipe : status }
        guard status == .success else { return status }
        errors.write("pm: could not write the output: \(Self.oneLine(failure.description))\n")
        return .failure
    }

    // MARK: - Settings

    /// The width the board is fitted to.
    var width: Int {
        if let terminalWidth, terminalWidth > 0 { return terminalWidth }
        if let columns = processEnvironment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return Self.defaultWidth
    }

    /// What `--color` asked for, in this run.
    var colour: ColourChoice = .auto
    /// Whether `--quiet` asked for nothing on standard output, in this run.
    var quiet = false

    /// How output is decorated.
    var style: OutputStyle {
        OutputStyle(outputIsTerminal: outputIsTerminal, environment: processEnvironment, choice: colour)
    }

    /// Writes lines to the output.
    func print(_ lines: [String]) {
        output.write(lines.map { $0 + "\n" }.joined())
    }

    /// Writes one line to the output.
    func print(_ line: String = "") {
        output.write(line + "\n")
    }

    /// `message` on one line: line breaks, control characters and bidirectional controls become
    /// spaces, so that a stored title quoted in a message cannot move the cursor or reorder the line.
    static func oneLine(_ message: String) -> String {
        String(
            message.map { character -> Character in
                let isControl =
                    character.isNewline || character.unicodeScalars.contains(where: ProjectRules.isInvisibleControl)
                return isControl ? " " : character
            })
    }

    // MARK: - Dispatch

    /// The path `--store` gives, from ``argumentBytes`` when they are the bytes of `arguments`.
    private func storeFlag(of invocation: Invocation, in arguments: [String]) -> StorePath? {
        guard let path = invocation.storePath else { return nil }
        guard let (index, offset) = invocation.storeArgument, let bytes = argumentBytes,
            bytes.count == arguments.count, String(decoding: bytes[index], as: UTF8.self) == arguments[index]
        else { return StorePath(path) }
        return StorePath(bytes: bytes[index].dropFirst(offset))
    }

    /// Runs the command on the main actor, where the view models live.
    @MainActor
    private func perform(_ invocation: Invocation, storePath: StorePath?) async throws(CommandLineError) {
        var tool = self
        tool.colour = invocation.colour
        tool.quiet = invocation.quiet
        if invocation.quiet { tool.output = DiscardedText() }
        let context = CommandContext(tool: tool, storePath: storePath)
        do {
            try await invocation.command.run(in: context)
        } catch {
            context.finish()
            throw error
        }
        context.finish()
    }

}

/// Where `--quiet` sends the output: nowhere.
private struct DiscardedText: TextSink {
    func write(_ text: String) {}
}
