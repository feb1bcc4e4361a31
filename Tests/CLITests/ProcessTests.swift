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

        let run = try Self.shell(
            #"umask \#(umask); "$PM" add "Private plans" --store '\#(store)' && "$PM" compact --store '\#(store)'"#)

        #expect(run.status == 0, "\(run.errors)")
        #expect(try Self.permissions(store) == 0o600)
        #expect(try Self.permissions(store + ".lock") == 0o600)
        for folder in ["made", "made/by", "made/by/pm"] {
            #expect(try Self.permissions(directory.file(folder).path) == 0o700)
        }
    }

    @Test(
        "pm opens a --store or PM_STORE path that is not UTF-8 as the bytes given: the store and every file beside it keep them"
    )
    func latin1StorePath() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.path(percentEncoded: false)
        defer {
            RawFileNames.removeContents(of: Array(folder.utf8))
            directory.remove()
        }
        // The shell's printf makes the byte 0xE9, which no Swift string can hold.
        let script =
            #"S="$(printf '%s/caf\351.pmstore' '\#(folder)')" && "$PM" add "Crème" --store "$S" "#
            + #"&& "$PM" compact --store="$S" && printf 'xx' >> "$S" && PM_STORE="$S" "$PM" add Second "#
            + #"&& "$PM" doctor --ack --store "$S" && "$PM" board new Other --store "$S" && "$PM" board use Other --store "$S" "#
            + #"&& "$PM" export --json --store "$S" > '\#(folder)/board.json'"#

        let run = try Self.shell(script)

        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("caf\\xE9.pmstore.dropped-"), "\(run.errors)")
        let names = RawFileNames.names(in: Array(folder.utf8)).filter { $0 != Array("board.json".utf8) }
        #expect(!names.contains(where: RawFileNames.isRepaired), "\(names)")
        let stem = RawFileNames.latin1Store.prefix(5)  // caf\xE9.
        #expect(names.allSatisfy { $0.starts(with: stem) }, "\(names)")
        let suffixes = Set(names.map { String(decoding: $0.dropFirst(stem.count), as: UTF8.self) })
        #expect(suffixes.isSuperset(of: ["pmstore", "pmstore.lock", "settings.json"]), "\(suffixes)")
        #expect(suffixes.contains { $0.hasPrefix("pmstore.dropped-") && $0.hasSuffix(".acknowledged") }, "\(suffixes)")
        let board = try String(contentsOf: directory.file("board.json"), encoding: .utf8)
        #expect(board.contains("Crème") && board.contains("Second") && board.contains("Other"))
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
            let projects =
                doctor.outputLines.first?.split(separator: " ").reversed()
                .drop { $0 != "Project" }.dropFirst().first.flatMap { Int($0) } ?? -1
            #expect(projects >= seen, "read \(reads) saw \(projects) projects after \(seen)")
            seen = max(seen, projects)
        }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(await harness.run(["doctor"]).outputLines.first?.contains("26 Project") == true)
    }

    @Test("two processes making the same new store at once: each saves, or is told the store is in use, never more")
    func twoProcessesCreateOneStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for round in 0..<12 {
            let store = directory.file("new-\(round).pmstore").path
            let one = try Self.shell(#""$PM" add "one" --store '\#(store)'"#, wait: false)
            let two = try Self.shell(#""$PM" add "two" --store '\#(store)'"#, wait: false)
            var savedNow = 0
            for (name, process) in [("one", one), ("two", two)] {
                process.process.waitUntilExit()
                let said =
                    (process.process.standardError as? Pipe).map {
                        String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    } ?? ""
                if process.process.terminationStatus == 0 {
                    savedNow += 1
                    continue
                }
                #expect(said.contains("is in use by another process"), "round \(round), \(name): \(said)")
                #expect(!said.contains("created by another process"), "round \(round), \(name): \(said)")
            }
            // What each process said it saved is in the store, and nothing else.
            let count = try Self.shell(
                #""$PM" board --json --store '\#(store)' | python3 -c 'import json, sys; print(sum(c["count"] for c in json.load(sys.stdin)["columns"]))' >&2"#
            )
            #expect(Int(count.errors.trimmingCharacters(in: .whitespacesAndNewlines)) == savedNow, "round \(round)")
            // One of the two, at least, made the store.
            #expect(savedNow >= 1, "round \(round)")
        }
    }
}
