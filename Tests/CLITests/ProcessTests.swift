import Foundation
import ProjectManagerTestSupport
import Testing

/// The real `pm` executable in child processes: umasks, and readers racing a writer that compacts.
@Suite("pm: as a separate process")
struct ProcessTests {
    /// Runs the shell `script` with `$PM` set to the built `pm`; returns its exit status and stderr.
    @discardableResult
    static func shell(_ script: String, wait: Bool = true) throws -> (status: Int32, errors: String, process: Process) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["PM"] = try BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE").path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        guard wait else { return (0, "", process) }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self), process)
    }

    static func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o7777
    }

    @Test("the store, its lock and the folder pm makes are private under umask 000 and 022", arguments: ["000", "022"])
    func privateUnderAnyUmask(umask: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("made/by/pm/projects.pmstore").path

        let run = try Self.shell(#"umask \#(umask); "$PM" add "Private plans" --store '\#(store)' && "$PM" compact --store '\#(store)'"#)

        #expect(run.status == 0, "\(run.errors)")
        #expect(try Self.permissions(store) == 0o600)
        #expect(try Self.permissions(store + ".lock") == 0o600)
        for folder in ["made", "made/by", "made/by/pm"] {
            #expect(try Self.permissions(directory.file(folder).path) == 0o700)
        }
    }

    @Test("readers are never refused while another process adds and compacts, and always see a whole store")
    func readersRaceCompaction() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("First")
        let store = harness.store.path
        let writer = try Self.shell(
            #"i=0; while [ $i -lt 25 ]; do "$PM" add "card $i" --store '\#(store)' >/dev/null && "$PM" compact --store '\#(store)' >/dev/null || exit 1; i=$((i+1)); done"#,
            wait: false
        ).process

        var reads = 0
        var seen = 0
        while writer.isRunning || reads == 0 {
            let doctor = await harness.run(["doctor"])
            reads += 1
            #expect(doctor.status == 0, "read \(reads): \(doctor.errors)")
            #expect(doctor.errors.isEmpty, "read \(reads): \(doctor.errors)")
            let projects = doctor.outputLines.first?.split(separator: " ").reversed()
                .drop { $0 != "Project" }.dropFirst().first.flatMap { Int($0) } ?? -1
            #expect(projects >= seen, "read \(reads) saw \(projects) projects after \(seen)")
            seen = max(seen, projects)
        }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(await harness.run(["doctor"]).outputLines.first?.contains("26 Project") == true)
    }
}
