import Foundation
import ProjectManagerTestSupport
import Testing

/// The built `pm`, in a second process, keeping the conventions of command-line tools: -V, help
/// wrapped to the terminal and as a manual page, --color, --quiet, `-` for standard input, required
/// options shown as required, completion of ids and board names; and the words and dates it shows.
@Suite("The pm executable: command-line conventions")
struct ConventionsProcessTests {
    /// Runs the shell `script` with `$PM` the built `pm`, `$S` a store in `directory`, and `pm` on
    /// the `PATH`.
    static func shell(_ script: String, in directory: TemporaryDirectory, environment: [String: String] = [:]) throws
        -> ProcessRun
    {
        let pm = try BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE")
        var variables = [
            "PM": pm.path, "S": directory.file("projects.pmstore").path, "HOME": directory.url.path,
            "PM_NOW": "2026-03-15T12:00:00Z", "TZ": "UTC",
            "PATH": pm.deletingLastPathComponent().path + ":"
                + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]
        variables.merge(environment) { _, new in new }
        return try ProcessRun.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: variables)
    }

    @Test("-V and --version print the version")
    func version() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let run = try Self.shell(#""$PM" -V && "$PM" --version && "$PM" board -V"#, in: directory)

        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "pm 5.4.7\npm 5.4.7\npm 5.4.7\n")
    }

    @Test(
        "help is wrapped to the width: no line past COLUMNS=40 but a word longer than that",
        arguments: [
            ["help"], ["help", "github"], ["help", "recur"], ["move", "--help"],
        ])
    func helpWrapped(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let run = try Self.shell(
            #""$PM" "$@""#.replacingOccurrences(of: "\"$@\"", with: arguments.joined(separator: " ")),
            in: directory, environment: ["COLUMNS": "40"])

        #expect(run.status == 0, "\(run.errors)")
        let long = run.output.split(separator: "\n").filter {
            $0.count > 40 && $0.trimmingCharacters(in: .whitespaces).contains(" ")
        }
        #expect(long.isEmpty, "\(long)")
        #expect(run.output.split(separator: "\n").count > 10)
    }

    @Test("pm help --man is a manual page from the same registry: every command, and troff reads it without a warning")
    func manual() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let page = try Self.shell(#""$PM" help --man"#, in: directory)
        let troff = try Self.shell(
            #"command -v groff >/dev/null || exit 0; "$PM" help --man | groff -man -Tutf8 -ww -z"#, in: directory)

        #expect(page.status == 0)
        #expect(page.output.hasPrefix(".TH PM 1 "))
        for section in [
            ".SH NAME", ".SH SYNOPSIS", ".SH COMMANDS", ".SH OPTIONS", ".SH ENVIRONMENT", ".SH EXIT STATUS",
        ] {
            #expect(page.output.contains("\n\(section)\n"), "\(section)")
        }
        for name in ["demo", "add", "board", "import", "completion", "github", "version"] {
            #expect(page.output.contains("\n.SS \"\(name)\"\n"), "\(name)")
        }
        #expect(page.output.contains(#"\-\-color auto|always|never"#))
        #expect(troff.status == 0)
        #expect(troff.errors.isEmpty, "\(troff.errors)")
    }

    @Test("--color=always colours into a pipe (NO_COLOR too), never and auto do not; a bad value is a usage error")
    func colour() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.shell(#""$PM" add Late --due 2026-03-01 --store "$S""#, in: directory)

        let always = try Self.shell(
            #""$PM" board --color=always --store "$S" | cat"#, in: directory, environment: ["NO_COLOR": "1"])
        let spaced = try Self.shell(#""$PM" --color always board --store "$S" | cat"#, in: directory)
        let never = try Self.shell(#""$PM" board --color=never --store "$S""#, in: directory)
        let auto = try Self.shell(#""$PM" board --store "$S""#, in: directory)
        let bad = try Self.shell(#""$PM" board --color=sometimes --store "$S""#, in: directory)

        #expect(always.output.contains("\u{1B}[1;31m! overdue"))
        #expect(spaced.output.contains("\u{1B}["))
        #expect(!never.output.contains("\u{1B}") && !auto.output.contains("\u{1B}"))
        #expect(bad.status == 2)
        #expect(bad.errors.hasPrefix("pm: bad --color 'sometimes': use auto, always or never"))
    }

    @Test("--quiet prints nothing on standard output; errors still go to standard error")
    func quiet() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let added = try Self.shell(#""$PM" add Quietly --quiet --store "$S""#, in: directory)
        let failed = try Self.shell(#""$PM" -q show abcd --store "$S""#, in: directory)
        let board = try Self.shell(#""$PM" board --store "$S""#, in: directory)

        #expect(added.status == 0 && added.output.isEmpty && added.errors.isEmpty)
        #expect(failed.status == 1 && failed.output.isEmpty)
        #expect(failed.errors == "pm: no project with id 'abcd'\n")
        #expect(board.output.contains("Quietly"))
    }

    @Test("pm add - reads the title from standard input, --body - the body; both at once is a usage error")
    func standardInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let title = try Self.shell(#"echo 'From a pipe' | "$PM" add - --store "$S""#, in: directory)
        let body = try Self.shell(
            #"printf 'Line one\nLine two\n' | "$PM" add Piped --body - --store "$S""#, in: directory)
        let edited = try Self.shell(
            #"echo 'Edited in' | "$PM" edit "$(echo x | "$PM" add Edit --store "$S")" --body - --store "$S""#,
            in: directory)
        let both = try Self.shell(#"echo x | "$PM" add - --body - --store "$S""#, in: directory)
        let shown = try Self.shell(
            #""$PM" show "$(cat)" --store "$S""#.replacingOccurrences(
                of: "$(cat)", with: body.output.trimmingCharacters(in: .newlines)), in: directory)
        let board = try Self.shell(#""$PM" board --store "$S""#, in: directory)

        #expect(
            title.status == 0 && body.status == 0 && edited.status == 0, "\(title.errors)\(body.errors)\(edited.errors)"
        )
        #expect(board.output.contains("From a pipe"))
        #expect(!board.output.contains(" - "))
        #expect(shown.output.hasSuffix("\n  Line one\n  Line two\n"))
        #expect(both.status == 2)
    }

    @Test("a required option is shown as required, and the command line without it is a usage error")
    func requiredOption() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let help = try Self.shell(#""$PM" help recur"#, in: directory)
        let missing = try Self.shell(#""$PM" recur FREQ=DAILY"#, in: directory)

        #expect(help.output.hasPrefix("Usage: pm recur RULE --start YYYY-MM-DD [--count N]"))
        #expect(!help.output.contains("[--start"))
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("pm: 'pm recur' needs --start YYYY-MM-DD"))
    }

    @Test("bash completes project ids and board names from the store on the line")
    func completion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let setup = try Self.shell(
            #""$PM" add Report --store "$S" && "$PM" board new 'Work' --store "$S" >/dev/null && "$PM" completion ids --store "$S""#,
            in: directory)
        let complete = { (words: String, index: Int) throws -> ProcessRun in
            try Self.shell(
                #"bash --norc --noprofile -c 'source <(pm completion bash); COMP_WORDS=(\#(words)); COMP_CWORD=\#(index); _pm; printf "%s\n" "${COMPREPLY[@]}"'"#,
                in: directory)
        }

        let ids = try complete(#"pm show --store "$S" """#, 4)
        let boards = try complete(#"pm move 0000 --store "$S" --to-board """#, 6)
        let named = try complete(#"pm board --store "$S" W"#, 4)

        let id = try #require(setup.output.split(separator: "\n").first)
        #expect(setup.output.contains("\tReport\n"))
        #expect(ids.output.split(separator: "\n").contains(Substring(id.prefix(8))), "\(ids.output) \(ids.errors)")
        #expect(boards.output == "Projects\nWork\n", "\(boards.errors)")
        #expect(named.output == "Work\n")
    }

    @Test("a move to another board reads as one in the history of both, and in the undo")
    func moveBetweenBoards() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let run = try Self.shell(
            #"id=$("$PM" add Report --store "$S") && "$PM" board new Work --store "$S" >/dev/null && "#
                + #""$PM" move "$id" --to-board Work --store "$S" >/dev/null && "$PM" history --limit 1 --store "$S" && "#
                + #""$PM" history --limit 1 --board Work --store "$S" && "$PM" move "$id" doing --board Work --store "$S" >/dev/null && "#
                + #""$PM" move "$id" done --board Work --to-board Projects --store "$S" >/dev/null && "$PM" history --limit 1 --store "$S" && "#
                + #""$PM" undo --board Work --store "$S""#, in: directory)

        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let expected = [
            "  Moved 'Report' to the board 'Work', in To Do",
            "  Moved 'Report' here from the board 'Projects', in To Do",
            "  Moved 'Report' here from Doing of the board 'Work', in Done",
            "undid: Moved 'Report' from Doing to the board 'Projects', in Done",
        ]
        #expect(lines.count == expected.count, "\(lines)")
        for (line, end) in zip(lines, expected) { #expect(line.hasSuffix(end), "\(line)") }
    }

    @Test("the default board is made by the first save, and dated then; before it, it reads as the epoch")
    func defaultBoardDate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let before = try Self.shell(#""$PM" boards --json --store "$S""#, in: directory)
        let after = try Self.shell(
            #""$PM" add First --store "$S" >/dev/null && PM_NOW=2026-04-01T08:00:00Z "$PM" add Later --store "$S" >/dev/null && "$PM" boards --json --store "$S""#,
            in: directory)

        #expect(before.output.contains(#""createdAt":"1970-01-01T00:00:00Z""#))
        #expect(after.output.contains(#""createdAt":"2026-03-15T12:00:00Z""#), "\(after.output)")
    }
}
