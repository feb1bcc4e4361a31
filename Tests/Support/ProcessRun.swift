import Foundation

/// What one run of a built executable did: its exit status and what it wrote.
public struct ProcessRun: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String

    /// What a run did: its exit status and its two streams.
    public init(status: Int32, output: String, errors: String) {
        (self.status, self.output, self.errors) = (status, output, errors)
    }

    /// Runs `executable` with `arguments` and `environment`, writes `input` to its standard input
    /// and closes it, and waits for it to end.
    public static func run(
        _ executable: URL, _ arguments: [String], input: String = "", environment: [String: String]
    ) throws -> ProcessRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, stderr)
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessRun(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }
}
