import Foundation
import ProjectManagerTestSupport
import Testing

/// The built `pm` in a second process, its standard output a full disk, closed, or a pipe nobody
/// reads: the exit status says whether the output arrived. And `pm doctor` and `pm compact`, whose
/// status says whether there is anything to see.
@Suite("The pm executable: exit statuses that tell the truth")
struct ExitStatusProcessTests {
    /// Runs the shell `script` with `$PM` the built `pm` and `$S` a store in `directory`.
    static func shell(_ script: String, in directory: TemporaryDirectory) throws -> ProcessRun {
        try ProcessRun.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script],
            environment: [
                "PM": try BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE").path,
                "S": directory.file("projects.pmstore").path, "HOME": directory.url.path,
                "PM_NOW": "2026-03-15T12:00:00Z", "TZ": "UTC",
            ])
    }

    @Test(
        "a full disk on standard output is exit 1 and one line on standard error",
        arguments: [
            #""$PM" board --store "$S" > /dev/full"#,
            #""$PM" recur 'FREQ=DAILY' --start 2026-03-15 > /dev/full"#,
            #""$PM" boards --json --store "$S" > /dev/full"#,
            #""$PM" help > /dev/full"#,
        ])
    func fullDisk(script: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let run = try Self.shell(script, in: directory)

        #expect(run.status == 1)
        #expect(run.errors == "pm: could not write the output: No space left on device\n")
    }

    @Test("a closed standard output is exit 1 and one line; what the command saved does not land in the store file")
    func closedOutput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let board = try Self.shell(#""$PM" board --store "$S" >&-"#, in: directory)
        let add = try Self.shell(#""$PM" add 'Saved anyway' --store "$S" >&-"#, in: directory)
        let after = try Self.shell(#""$PM" board --store "$S" && "$PM" doctor --store "$S""#, in: directory)

        for run in [board, add] {
            #expect(run.status == 1)
            #expect(run.errors == "pm: could not write the output: Bad file descriptor\n")
        }
        #expect(after.status == 0, "\(after.errors)")
        #expect(after.output.contains("Saved anyway"))
        #expect(after.output.contains(": healthy;"))
    }

    @Test("a reader that went away ends the output quietly, as git does: status 141, nothing said")
    func closedPipe() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.shell(#""$PM" add First --store "$S""#, in: directory)
        let process = Process()
        process.executableURL = try BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE")
        process.arguments = ["board", "--store", directory.file("projects.pmstore").path]
        process.environment = ["HOME": directory.url.path]
        let (output, errors) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (output, errors)
        try output.fileHandleForReading.close()  // nobody will read

        try process.run()
        try output.fileHandleForWriting.close()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        #expect(process.terminationStatus == 141)
        #expect(said.isEmpty, "\(String(decoding: said, as: UTF8.self))")
    }

    @Test("pm doctor beside a cut-short save: not 'healthy', the warning once on standard output, exit 1")
    func doctorReportsWarnings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.shell(#""$PM" add Kept --store "$S" && "$PM" add 'Cut short' --store "$S""#, in: directory)
        let store = directory.file("projects.pmstore")
        try Data(try Data(contentsOf: store).dropLast(9)).write(to: store)

        let doctor = try Self.shell(#""$PM" doctor --store "$S""#, in: directory)
        let acknowledged = try Self.shell(#""$PM" doctor --ack --store "$S""#, in: directory)
        let clean = try Self.shell(#""$PM" doctor --store "$S""#, in: directory)

        #expect(doctor.status == 1)
        #expect(!doctor.output.contains("healthy"))
        #expect(doctor.output.contains(": 1 warning; "))
        #expect(doctor.output.components(separatedBy: "warning: the last save in the store").count == 2)
        #expect(doctor.errors.split(separator: "\n").count == 1)
        #expect(!doctor.errors.contains("the last save in the store"))
        #expect(doctor.errors.hasPrefix("pm: the store \(store.path) has 1 warning: see above"))
        #expect(acknowledged.status == 0, "\(acknowledged.errors)")
        #expect(clean.status == 0)
        #expect(clean.output.contains(": healthy; "))
        #expect(clean.errors.isEmpty)
    }

    @Test("pm compact on a store that does not exist is exit 1 and makes nothing")
    func compactMissingStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let run = try Self.shell(#""$PM" compact --store "$S""#, in: directory)

        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("pm: there is no store at \(directory.file("projects.pmstore").path) to compact"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
