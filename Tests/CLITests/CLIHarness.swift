import Foundation
import ProjectManager
import ProjectManagerCLI
import ProjectManagerDomain
import ProjectManagerTestSupport
import Synchronization
import Testing

/// A terminal that answers prompts from a script, in order, and keeps what it was asked.
final class ScriptedTerminal: Sendable {
    private let answers: Mutex<[String]>
    private let asked = Mutex<[(prompt: String, echo: Bool)]>([])

    init(_ answers: [String]) {
        self.answers = Mutex(answers)
    }

    /// The terminal to give the tool.
    var input: TerminalInput {
        TerminalInput { prompt, echo in
            self.asked.withLock { $0.append((prompt, echo)) }
            return self.answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        }
    }

    /// Every prompt shown, with whether what was typed was echoed.
    var prompts: [(prompt: String, echo: Bool)] { asked.withLock { $0 } }
}

/// Text a tool wrote, kept for a test to read.
final class CapturedText: TextSink {
    private let text = Mutex("")

    func write(_ text: String) {
        self.text.withLock { $0 += text }
    }

    var contents: String { text.withLock { $0 } }
}

/// Ids whose first eight digits are given, so that short ids differ (or clash) as a test needs:
/// `ScriptedIDs(["abcd1234"])` makes `abcd1234-0000-4000-8000-000000000001`, then ids whose first
/// digits count up from `00000002`.
final class ScriptedIDs: Sendable {
    private let prefixes: [String]
    private let next = Mutex(0)

    init(_ prefixes: [String] = []) {
        self.prefixes = prefixes
    }

    func make() -> UUID {
        let index = next.withLock { value in
            defer { value += 1 }
            return value
        }
        let serial = String(index + 1, radix: 16)
        let head =
            index < prefixes.count
            ? prefixes[index] : String(repeating: "0", count: 8 - serial.count) + serial
        let tail = String(repeating: "0", count: 12 - serial.count) + serial
        guard let id = UUID(uuidString: "\(head)-0000-4000-8000-\(tail)") else {
            preconditionFailure("'\(head)' is not eight hexadecimal digits")
        }
        return id
    }
}

/// What one run of the tool did.
struct RunOutcome: Sendable {
    var status: Int32
    var output: String
    var errors: String

    var outputLines: [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
    var errorLines: [String] {
        errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// A temporary store file and a deterministic world to run `pm` in, run after run.
///
/// The clock reads 2026-03-15 12:00 UTC unless a test moves it.
struct CLIHarness: Sendable {
    let directory: TemporaryDirectory
    let store: URL
    let clock: TestClock
    let timeZone: TimeZone
    private let makeID: @Sendable () -> UUID

    /// The first eight digits of the ids the harness's projects get, in order.
    static let defaultPrefixes = ["3f2a9c1e", "7b1d0e44", "a1b2c3d4", "5c6d7e8f", "9d0e1f2a", "c0ffee00"]

    init(
        prefixes: [String] = CLIHarness.defaultPrefixes,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt
    ) throws {
        let ids = ScriptedIDs(prefixes)
        try self.init(timeZone: timeZone, makeID: { ids.make() })
    }

    init(sequentialIDs: SequentialIDs) throws {
        try self.init(timeZone: TimeZone(identifier: "UTC") ?? .gmt, makeID: { sequentialIDs.make() })
    }

    private init(timeZone: TimeZone, makeID: @escaping @Sendable () -> UUID) throws {
        directory = try TemporaryDirectory()
        store = directory.file("projects.pmstore")
        clock = TestClock()
        self.timeZone = timeZone
        self.makeID = makeID
    }

    var engineEnvironment: EngineEnvironment {
        let clock = clock
        return EngineEnvironment(
            now: { clock.now }, calendar: Calendar(identifier: .gregorian), timeZone: timeZone, makeID: makeID)
    }

    /// The accounts of every run: 10 PBKDF2 rounds instead of 600,000, so that a sign-up is quick.
    static let accounts = LocalAccountSettings(passwordHashRounds: 10)

    /// Runs `pm` with `arguments`, then `--store` and the harness's store unless `useStore` is false;
    /// `input` is its standard input, `terminal` the terminal it may ask on.
    func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        isTerminal: Bool = false,
        width: Int? = 80,
        useStore: Bool = true,
        input: String = "",
        terminal: TerminalInput? = nil
    ) async -> RunOutcome {
        let output = CapturedText()
        let errors = CapturedText()
        let tool = CommandLineTool(
            output: output, errors: errors, processEnvironment: environment, outputIsTerminal: isTerminal,
            terminalWidth: width, engineEnvironment: engineEnvironment, standardInput: { input },
            terminal: terminal, accounts: Self.accounts)
        let status = await tool.run(useStore ? arguments + ["--store", store.path] : arguments)
        return RunOutcome(status: status, output: output.contents, errors: errors.contents)
    }

    /// Adds a project and returns the short id `pm add` printed.
    func add(_ title: String, _ options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> String
    {
        let outcome = await run(["add", title] + options)
        #expect(outcome.status == 0, "pm add failed: \(outcome.errors)", sourceLocation: sourceLocation)
        return try #require(outcome.outputLines.first, sourceLocation: sourceLocation)
    }

    /// Every file in the harness's folder, below it too, by path relative to it, with its bytes:
    /// to compare before and after a command that must change nothing.
    func files() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = directory.url.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let relative = walker.nextObject() as? String {
            let path = root + "/" + relative
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return files
    }

    /// The store file's bytes, or `nil` when there is no file.
    func storeContents() throws -> Data? {
        guard FileManager.default.fileExists(atPath: store.path) else { return nil }
        return try Data(contentsOf: store)
    }
}

/// `text` without ANSI escape sequences.
func withoutEscapes(_ text: String) -> String {
    var result = ""
    var inEscape = false
    for character in text {
        if inEscape {
            if character.isLetter { inEscape = false }
        } else if character == "\u{1B}" {
            inEscape = true
        } else {
            result.append(character)
        }
    }
    return result
}
