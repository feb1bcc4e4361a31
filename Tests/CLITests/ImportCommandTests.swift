import Foundation
import ProjectManagerTestSupport
import Testing

/// `pm import`: what it reads, what it refuses, and how it is undone.
@Suite("pm import")
struct ImportCommandTests {
    @Test("an export of an earlier pm (format 1, whole ids in id) reads too")
    func formatOne() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let file = harness.directory.file("old.json")
        try Data(
            #"""
            {"format": 1, "boards": [{"id": "00000000-0000-0000-0000-000000000001", "title": "Projects",
              "createdAt": "2026-01-01T00:00:00Z", "projects": [
                {"id": "3f2a9c1e-0000-4000-8000-000000000001", "title": "Old", "body": "", "deadline": null,
                 "state": "doing", "position": 0, "createdAt": "2026-01-02T00:00:00Z", "updatedAt": "2026-01-03T00:00:00Z"},
                {"id": "7b1d0e44-0000-4000-8000-000000000002", "title": "Mart", "body": "", "deadline": "2026-03-22",
                 "repeat": {"rule": "FREQ=MONTHLY;BYDAY=2SU,4SU", "start": "2026-03-01", "exceptions": ["2026-03-08"]},
                 "state": "todo", "position": 0, "createdAt": "2026-01-02T00:00:00Z", "updatedAt": "2026-01-03T00:00:00Z"}]}]}
            """#.utf8
        ).write(to: file)

        let imported = await harness.run(["import", file.path])
        let shown = await harness.run(["show", "3f2a"])
        let mart = await harness.run(["show", "7b1d"])

        #expect(imported.outputLines == ["imported 1 board and 2 projects"], "\(imported.errors)")
        #expect(shown.output.contains("column   Doing, 1 of 1"))
        #expect(shown.output.contains("created  2026-01-02 00:00"))
        #expect(mart.output.contains("skipped  2026-03-08"))
        #expect(!mart.output.contains("done on"))
    }

    @Test("the occurrences a repeating project completed come back with it, and the day it owes from")
    func completionsComeBack() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let file = harness.directory.file("export.json")
        try Data(
            #"""
            {"format": 1, "boards": [{"id": "00000000-0000-0000-0000-000000000001", "title": "Projects",
              "createdAt": "2026-01-01T00:00:00Z", "projects": [
                {"id": "7b1d0e44-0000-4000-8000-000000000002", "title": "Mart", "body": "", "deadline": "2026-04-12",
                 "repeat": {"rule": "FREQ=MONTHLY;BYDAY=2SU,4SU", "start": "2026-03-01", "exceptions": ["2026-03-22"],
                            "completions": ["2026-03-08"], "owedFrom": "2026-03-20"},
                 "state": "todo", "position": 0, "createdAt": "2026-01-02T00:00:00Z", "updatedAt": "2026-01-03T00:00:00Z"}]}]}
            """#.utf8
        ).write(to: file)

        let imported = await harness.run(["import", file.path])
        let mart = await harness.run(["show", "7b1d"])

        #expect(imported.status == 0, "\(imported.errors)")
        #expect(mart.output.contains("skipped  2026-03-22"))
        #expect(mart.output.contains("done on  2026-03-08"))
        let json = await harness.run(["show", "7b1d", "--json"])
        #expect(json.output.contains(#""owedFrom":"2026-03-20""#), "\(json.output)")
    }

    @Test(
        "a file that is not an export, or a project the rules refuse, is an error and saves nothing",
        arguments: [
            (#"not json"#, "pm: FILE is not what pm export --json writes: it is not JSON"),
            (#"{"version": 2, "boards": []}"#, "pm: FILE is an export of version 2; this pm reads version 1"),
            (
                #"{"version": 1, "boards": [{"id": "x", "fullID": "x", "createdAt": "2026-01-01T00:00:00Z", "projects": []}]}"#,
                #"pm: FILE is not what pm export --json writes: boards[0] has no "title""#
            ),
            (
                #"{"version": 1, "boards": [{"id": "00000000", "fullID": "00000000-0000-0000-0000-000000000001", "title": "P", "createdAt": "2026-01-01T00:00:00Z", "projects": [{"id": "3f2a9c1e", "fullID": "3f2a9c1e-0000-4000-8000-000000000001", "title": "bad\u202etitle", "body": "", "state": "todo", "deadline": null, "repeat": null, "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"}]}]}"#,
                "pm: FILE: project 3f2a9c1e-0000-4000-8000-000000000001: not saved: the title holds invisible control characters (U+202E)"
            ),
        ])
    func refused(_ text: String, message: String) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let file = harness.directory.file("bad.json")
        try Data(text.utf8).write(to: file)

        let outcome = await harness.run(["import", file.path])

        #expect(outcome.status == 1)
        #expect(
            outcome.errors.hasPrefix(message.replacingOccurrences(of: "FILE", with: file.path)), "\(outcome.errors)")
        #expect(try harness.storeContents() == nil)
    }

    @Test(
        "a file that cannot be read says why in its own words: none there, a folder, empty (a device such as /dev/null included)",
        arguments: [false, true])
    func unreadable(trello: Bool) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let empty = harness.directory.file("empty.json")
        try Data().write(to: empty)
        let flag = trello ? ["--trello"] : []

        let missing = await harness.run(["import"] + flag + [harness.directory.file("gone.json").path])
        let folder = await harness.run(["import"] + flag + [harness.directory.url.path])
        let nothing = await harness.run(["import"] + flag + [empty.path])
        let device = await harness.run(["import"] + flag + ["/dev/null"])

        #expect(missing.status == 1 && missing.errors.hasSuffix(": there is no such file\n"), "\(missing.errors)")
        #expect(folder.status == 1 && folder.errors.hasSuffix(": it is a folder, not a file\n"), "\(folder.errors)")
        #expect(nothing.status == 1 && nothing.errors == "pm: \(empty.path) is empty: nothing to import\n")
        #expect(
            device.status == 1 && device.errors == "pm: /dev/null is empty: nothing to import\n", "\(device.errors)")
        #expect(try harness.storeContents() == nil)
    }

    @Test("an import onto a new board is one step: pm undo takes its projects back")
    func undone() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Kept")
        let export = await harness.run(["export", "--json"])

        let imported = await harness.run(["import", "-", "--into-new-board", "Copy"], input: export.output)
        let copy = await harness.run(["board", "Copy"])

        #expect(imported.outputLines == ["imported 1 project onto the new board 'Copy'"], "\(imported.errors)")
        #expect(copy.output.contains("Kept"))
        #expect(await harness.run(["import", "-"], input: export.output).errors.hasPrefix("pm: the store is not new"))
    }
}
