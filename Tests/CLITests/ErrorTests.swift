import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

/// A store holding three projects: `3f2a9c1e` and `abcd1234` in To Do, `abcd5678` in Doing.
private func seededHarness() async throws -> CLIHarness {
    let harness = try CLIHarness(prefixes: ["3f2a9c1e", "abcd1234", "abcd5678"])
    _ = try await harness.add("Write the report", ["--due", "2026-03-14"])
    _ = try await harness.add("Book the offsite")
    let third = try await harness.add("Renew passport")
    _ = await harness.run(["move", third, "doing"])
    return harness
}

@Suite("pm errors: one line, the right exit status, and the store left as it was")
struct ErrorTests {
    static let usageErrors: [[String]] = [
        ["frobnicate"],
        ["--verbose", "board"],
        ["add"],
        ["add", "Two", "words"],
        ["add", "Report", "--due", "2026-02-30"],
        ["add", "Report", "--due", "tomorrow"],
        ["add", "Report", "--due", "none"],
        ["add", "Report", "--due"],
        ["add", "Report", "--colour", "red"],
        ["add", "Report", "--due", "2026-04-01", "--due", "2026-04-02"],
        ["board", "Work", "--board", "Home"],
        ["board", "new"],
        ["board", "rename", "Work"],
        ["board", "use", "Work", "Home"],
        ["board", "delete", "Work", "--board", "Home"],
        ["board", "new", "Work", "--yes"],
        ["show"],
        ["show", "3f"],
        ["show", "3f2a-zz"],
        ["edit", "3f2a"],
        ["edit", "3f2a", "--due", "2026-13-01"],
        ["move", "3f2a"],
        // `pm move 3f2a sideways` names a list the board does not have: exit 1, as for an unknown id
        // (ListCommandTests).
        ["move", "3f2a", "doing", "--at", "0"],
        ["move", "3f2a", "doing", "--at", "-1"],
        ["move", "3f2a", "doing", "--at", "first"],
        ["delete"],
        ["help", "frobnicate"],
        ["demo", "--fast"],
        ["--store", "/elsewhere.pmstore", "board"],
        ["history", "--limit", "0"],
        ["history", "--limit", "ten"],
        ["history", "--limit"],
        ["history", "all"],
        ["undo", "2"],
        ["redo", "--all"],
    ]

    @Test("usage errors exit 2 with one line and a hint, and write nothing", arguments: usageErrors)
    func usageError(_ arguments: [String]) async throws {
        // Given
        let harness = try await seededHarness()
        defer { harness.directory.remove() }
        let before = try harness.storeContents()

        // When
        let outcome = await harness.run(arguments)

        // Then
        #expect(outcome.status == CommandLineTool.ExitCode.usage.rawValue)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines.count == 2)
        #expect(outcome.errorLines.first?.hasPrefix("pm: ") == true)
        #expect(outcome.errorLines.last == "try 'pm help'")
        #expect(try harness.storeContents() == before)
    }

    static let runtimeErrors: [(arguments: [String], message: String)] = [
        (["show", "ffff"], "pm: no project with id 'ffff'"),
        (["move", "FFFF0000", "done"], "pm: no project with id 'FFFF0000'"),
        (["edit", "ffff", "--title", "New"], "pm: no project with id 'ffff'"),
        (["delete", "ffff"], "pm: no project with id 'ffff'"),
        (
            ["delete", "abcd"],
            "pm: id 'abcd' is ambiguous: it could be abcd1234 (Book the offsite), abcd5678 (Renew passport); give more characters"
        ),
        (
            ["move", "ABCD", "done"],
            "pm: id 'ABCD' is ambiguous: it could be abcd1234 (Book the offsite), abcd5678 (Renew passport); give more characters"
        ),
        (["edit", "3f2a", "--title", "  "], "pm: not saved: the title is empty: give it a title"),
        (
            ["edit", "3f2a", "--title", String(repeating: "x", count: 101)],
            "pm: not saved: the title is longer than 100 characters: shorten it"
        ),
        (["add", ""], "pm: not saved: the title is empty: give it a title"),
        (["add", "Two\nlines"], "pm: not saved: the title has a line break: keep it to one line"),
        (
            ["add", "Report", "--body", String(repeating: "b", count: 1_001)],
            "pm: not saved: the body is longer than 1000 characters: shorten it"
        ),
        (
            ["add", String(repeating: "x", count: 101), "--body", String(repeating: "b", count: 1_001)],
            "pm: not saved: the title is longer than 100 characters: shorten it; the body is longer than 1000 characters: shorten it"
        ),
        (["redo"], "pm: nothing to redo"),
        (["board", "now"], "pm: no board is named 'now': pm boards lists them"),
        (["board", "Projets"], "pm: no board is named 'Projets': did you mean 'Projects'? pm boards lists them"),
        (["board", "use", "Work"], "pm: no board is named 'Work': pm boards lists them"),
        (
            ["board", "new", "projects"],
            "pm: a board is already named 'Projects': choose another name (pm boards lists them)"
        ),
        (["board", "delete", "Work", "--yes"], "pm: no board is named 'Work': pm boards lists them"),
    ]

    @Test("runtime errors exit 1 with one line, and write nothing", arguments: runtimeErrors)
    func runtimeError(_ arguments: [String], message: String) async throws {
        // Given
        let harness = try await seededHarness()
        defer { harness.directory.remove() }
        let before = try harness.storeContents()

        // When
        let outcome = await harness.run(arguments)

        // Then
        #expect(outcome.status == CommandLineTool.ExitCode.failure.rawValue)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines == [message])
        #expect(try harness.storeContents() == before)
    }

    @Test(
        "an error on a store that does not exist yet does not make it",
        arguments: [
            ["frobnicate"], ["show", "ffff"], ["add", ""], ["board", "extra"], ["undo"], ["redo"],
        ])
    func noStoreMade(_ arguments: [String]) async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let outcome = await harness.run(arguments)

        // Then
        #expect(outcome.status != CommandLineTool.ExitCode.success.rawValue)
        #expect(try harness.storeContents() == nil)
    }

    @Test("reading the board of a new store writes nothing")
    func boardOfNewStore() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let outcome = await harness.run(["board"])

        // Then
        #expect(outcome.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(outcome.output.contains("To Do (0)"))
        #expect(try harness.storeContents() == nil)
    }

    /// The 32-byte header of a store file of `format`, with its checksum, and no snapshot.
    static func storeHeader(format: UInt32) -> Data {
        var bytes = Data("PMSTORE\0".utf8)
        for value in [format, 1, 0, 0, 0] as [UInt32] {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        withUnsafeBytes(of: crc32c(bytes).littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// CRC-32C, bit by bit: slow and plainly right, for one header.
    static func crc32c(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }

    static let corruptions: [(name: String, bytes: Data)] = [
        ("garbage", Data("this is not a store".utf8)),
        ("a truncated header", Data("PMSTORE\0\u{1}".utf8)),
        ("JSON, not a store", Data(#"{"format":1,"schemaVersion":1,"entities":{"Project":[{"id""#.utf8)),
        ("a header of format 99", storeHeader(format: 99)),
    ]

    @Test(
        "a corrupt store gives exit 1 and the store's own message, and is never overwritten",
        arguments: corruptions.map(\.name),
        [
            ["board"], ["add", "New"], ["show", "3f2a"], ["move", "3f2a", "done"], ["delete", "3f2a"],
            ["history"], ["undo"],
        ])
    func corruptStore(_ corruption: String, arguments: [String]) async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let bytes = try #require(Self.corruptions.first { $0.name == corruption }?.bytes)
        try bytes.write(to: harness.store)

        // When
        let outcome = await harness.run(arguments)

        // Then
        #expect(outcome.status == CommandLineTool.ExitCode.failure.rawValue)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.errors.contains(harness.store.path))
        #expect(try harness.storeContents() == bytes)
    }

    @Test("no HOME, XDG_DATA_HOME, PM_STORE or --store is a runtime error")
    func nowhereToStore() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let outcome = await harness.run(["board"], environment: [:], useStore: false)

        // Then
        #expect(outcome.status == CommandLineTool.ExitCode.failure.rawValue)
        #expect(outcome.errorLines.count == 1)
    }
}
