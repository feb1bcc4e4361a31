import Foundation
import ProjectManagerTestSupport
import Testing

/// Stored text with every kind of control character in it, as a store written by an earlier
/// version, an import or a sync can hold: the built `pm`, in a second process, never lets one
/// reach its output raw, on a terminal, in `--json`, in `--ics` or in an error.
@Suite("The pm executable: no control or bidirectional character from stored text in any output")
struct CleanTextProcessTests {
    /// Escape sequences (CSI colour, an OSC window title, an OSC 8 link), BEL, backspace, a lone
    /// carriage return, DEL, C1 controls (CSI, OSC, NEL) and the bidirectional controls.
    static let planted =
        "\u{1B}[31m\u{1B}]0;owned\u{07}\u{1B}]8;;https://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        + "\u{07}\u{08}\r\u{7F}\u{9B}31m\u{9D}0;owned\u{9C}\u{85}\u{202A}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}"
    static let placeholder = "ZZPLANTZZ"

    /// What may not appear: every control character but the line feed, and the bidirectional
    /// controls.
    static func forbidden(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            scalar != "\n"
                && (scalar.properties.generalCategory == .control
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }
    }

    @Test(
        "board, show, search, today, favourites, history, reminders, export and errors: escaped or removed, never raw")
    func everyOutput() async throws {
        // Given a store whose titles, bodies, board name and history hold the planted text
        let harness = try CLIHarness(prefixes: ["abcd1234", "abcd5678", "7b1d0e44", "5c6d7e8f"])
        defer { harness.directory.remove() }
        let tag = Self.placeholder
        _ = try await harness.add("Title \(tag) end", ["--body", "Body \(tag)\nsecond line", "--due", "2026-03-14"])
        _ = try await harness.add("Other \(tag)", ["--due", "2026-03-15"])
        _ = try await harness.add("Daily \(tag)", ["--due", "2026-03-16", "--repeat", "FREQ=DAILY"])
        #expect(await harness.run(["board", "new", "Board \(tag)"]).status == 0)
        _ = try await harness.add("Elsewhere \(tag)", ["--board", "Board \(tag)", "--due", "2026-03-17"])
        for arguments in [
            ["star", "7b1d"], ["star", "--board", "Board \(tag)"], ["edit", "abcd1234", "--title", "Title \(tag) end"],
        ] {
            #expect(await harness.run(arguments).status == 0, "\(arguments)")
        }
        #expect(await harness.run(["edit", "abcd5678", "--body", "Edited \(tag)"]).status == 0)
        try OlderStore.replace(tag, with: Self.planted, in: harness.store)

        // When pm reads it, in a second process, through every output
        let pm = try BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE")
        let environment = ["HOME": harness.directory.url.path, "PM_NOW": "2026-03-15T12:00:00Z", "TZ": "UTC"]
        let commands: [[String]] = [
            ["board"], ["board", "--json"], ["boards"], ["boards", "--json"], ["show", "abcd1234"],
            ["search", "Title"], ["search", "Title", "--json"], ["today"], ["today", "--json"], ["favourites"],
            ["favourites", "--json"], ["history"], ["reminders"], ["reminders", "--json"], ["export", "--ics"],
            ["export", "--json"], ["show", "abcd"], ["delete", "abcd5678"], ["undo"], ["star", "abcd1234"],
        ]
        var runs: [(command: [String], run: ProcessRun)] = []
        for command in commands {
            runs.append(
                (command, try ProcessRun.run(pm, command + ["--store", harness.store.path], environment: environment)))
        }

        // Then no output carries one raw
        for (command, run) in runs {
            let output =
                command == ["export", "--ics"] ? run.output.replacingOccurrences(of: "\r\n", with: "\n") : run.output
            #expect(
                Self.forbidden(in: output).isEmpty,
                "pm \(command.joined(separator: " ")): \(Self.forbidden(in: output))")
            #expect(
                Self.forbidden(in: run.errors).isEmpty,
                "pm \(command.joined(separator: " ")) on stderr: \(Self.forbidden(in: run.errors))")
            #expect(command == ["show", "abcd"] ? run.status == 1 : run.status == 0, "pm \(command): \(run.errors)")
        }
        // and what it shows is the text around them
        let board = try #require(runs.first { $0.command == ["board"] }?.run.output)
        #expect(board.contains("Title") && board.contains("\u{FFFD}"), "\(board)")
        let ambiguous = try #require(runs.first { $0.command == ["show", "abcd"] }?.run.errors)
        #expect(ambiguous.hasPrefix("pm: id 'abcd' is ambiguous"))
        // --json escapes them: a reader decodes exactly the text stored
        let export = try #require(runs.first { $0.command == ["export", "--json"] }?.run.output)
        let titles = try Self.strings(named: "title", in: Data(export.utf8))
        #expect(titles.contains("Title \(Self.planted) end"), "\(titles)")
        #expect(titles.contains("Board \(Self.planted)"), "\(titles)")
        let ics = try #require(runs.first { $0.command == ["export", "--ics"] }?.run.output)
        // --ics leaves them out, keeping the printable rest
        #expect(ics.contains(#"SUMMARY:Title [31m]0\;owned]8\;\;https://evil.example/\\link"#), "\(ics)")
    }

    /// Every string value under the key `key`, anywhere in the JSON document `data`.
    static func strings(named key: String, in data: Data) throws -> [String] {
        func walk(_ value: Any) -> [String] {
            if let object = value as? [String: Any] {
                return object.flatMap { entry in
                    (entry.key == key ? [entry.value as? String].compactMap(\.self) : []) + walk(entry.value)
                }
            }
            if let array = value as? [Any] { return array.flatMap(walk) }
            return []
        }
        return walk(try JSONSerialization.jsonObject(with: data))
    }
}
