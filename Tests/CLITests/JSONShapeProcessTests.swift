import Foundation
import ProjectManagerTestSupport
import Testing

/// Every `--json` of the built `pm`, in a second process, against the one description of them in
/// Docs/CLI.md (its `jsonshape` block): one object a line with `version`, the keys described and
/// no other, ids short and whole in lower case, columns by code, days and instants in ISO 8601.
@Suite("The pm executable: one JSON, as Docs/CLI.md describes it")
struct JSONShapeProcessTests {
    static let documentation = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/CLI.md")

    static func shapes() throws -> JSONShapes {
        try JSONShapes(markdown: String(contentsOf: documentation, encoding: .utf8))
    }

    static let environment = ["PM_NOW": "2026-03-15T12:00:00Z", "TZ": "UTC"]

    /// Runs the built `pm` over `store`.
    static func pm(_ arguments: [String], store: URL, input: String = "") throws -> ProcessRun {
        var environment = Self.environment
        environment["HOME"] = store.deletingLastPathComponent().path
        return try ProcessRun.run(
            BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"), arguments + ["--store", store.path],
            input: input, environment: environment)
    }

    /// A store with two boards, a repeating project, a starred one and some history.
    static func filledStore() async throws -> CLIHarness {
        let harness = try CLIHarness()
        _ = try await harness.add("Report", ["--due", "2026-03-14", "--body", "Q1 numbers"])
        _ = try await harness.add("Mart", ["--due", "2026-03-15", "--repeat", "FREQ=DAILY"])
        #expect(await harness.run(["board", "new", "Work"]).status == 0)
        _ = try await harness.add("Offsite", ["--board", "Work", "--due", "2026-03-16"])
        #expect(await harness.run(["star", "7b1d"]).status == 0)
        return harness
    }

    /// Checks one run's output against the description of `arguments`' command.
    static func check(
        _ run: ProcessRun, of arguments: [String], shapes: JSONShapes, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let name = "pm " + arguments.joined(separator: " ")
        #expect(run.status == 0, "\(name): \(run.errors)", sourceLocation: sourceLocation)
        #expect(
            run.output.hasSuffix("\n") && run.output.dropLast().firstIndex(of: "\n") == nil, "\(name) is not one line",
            sourceLocation: sourceLocation)
        let shape = try #require(
            shapes.shape(of: arguments), "\(name) is not described", sourceLocation: sourceLocation)
        let value = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
        var document = try #require(
            value as? [String: Any], "\(name) is not one object", sourceLocation: sourceLocation)
        #expect(
            document.removeValue(forKey: "version") as? Int == 1, "\(name) has no version 1",
            sourceLocation: sourceLocation)
        let problems = shapes.problems(document, as: shape, at: name)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    @Test("the description parses, and names every command that takes --json")
    func descriptionCoversTheRegistry() throws {
        let shapes = try Self.shapes()
        for object in [
            "board", "project", "repeat", "place", "entry", "account", "session", "card", "member", "checklistItem",
            "comment",
        ] {
            #expect(shapes.objects[object] != nil, "\(object) is not described")
        }
        #expect(shapes.commands.count >= 30)
    }

    @Test("every command that reads or changes the store prints JSON as described, one line, with version 1")
    func everyCommand() async throws {
        let shapes = try Self.shapes()
        let harness = try await Self.filledStore()
        defer { harness.directory.remove() }
        let store = harness.store
        let commands: [[String]] = [
            ["board"], ["boards"], ["show", "3f2a"], ["search", "Report"], ["today"], ["favourites"], ["history"],
            ["lists"], ["labels"], ["archived"], ["comments", "3f2a"], ["members"],
            ["reminders"], ["recur", "FREQ=DAILY", "--start", "2026-03-15", "--count", "2"], ["export"], ["whoami"],
            ["doctor"], ["add", "New"], ["edit", "3f2a", "--title", "Renamed"], ["move", "3f2a", "doing"],
            ["move", "7b1d", "done"], ["skip", "7b1d"], ["star", "3f2a"], ["unstar", "3f2a"],
            ["star", "--board", "Work"],
            ["undo"], ["redo"], ["delete", "3f2a"], ["board", "new", "Home"], ["board", "rename", "Home", "House"],
            ["board", "use", "House"], ["board", "delete", "House", "--yes"], ["compact"], ["doctor", "--ack"],
            ["logout"],
        ]
        for arguments in commands {
            let run = try Self.pm(arguments + ["--json"], store: store)
            try Self.check(run, of: arguments, shapes: shapes)
        }
    }

    @Test("signup and login print the session as described (in process: a test's few hash rounds)")
    func accounts() async throws {
        let shapes = try Self.shapes()
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let password = AccountCommandTests.password + "\n"

        let signUp = await harness.run(
            ["signup", AccountCommandTests.email, "--password-stdin", "--json"], input: password)
        _ = await harness.run(["logout"])
        let logIn = await harness.run(
            ["login", AccountCommandTests.email, "--password-stdin", "--json"], input: password)

        for (outcome, name) in [(signUp, "signup"), (logIn, "login")] {
            try Self.check(
                ProcessRun(status: outcome.status, output: outcome.output, errors: outcome.errors), of: [name],
                shapes: shapes)
        }
        #expect(logIn.output.contains(#""signedIn":true"#))
    }

    @Test(
        "import prints JSON as described, into a new store and onto a new board; --pretty is the same value, indented")
    func importAndPretty() async throws {
        let shapes = try Self.shapes()
        let harness = try await Self.filledStore()
        defer { harness.directory.remove() }
        let export = try Self.pm(["export", "--json"], store: harness.store)
        let file = harness.directory.file("backup.json")
        try Data(export.output.utf8).write(to: file)

        let restored = try Self.pm(["import", file.path, "--json"], store: harness.directory.file("new.pmstore"))
        let copied = try Self.pm(
            ["import", "-", "--into-new-board", "Copy", "--json"], store: harness.store, input: export.output)
        let pretty = try Self.pm(["board", "--json", "--pretty"], store: harness.store)
        let compact = try Self.pm(["board", "--json"], store: harness.store)
        let bare = try Self.pm(["board", "--pretty"], store: harness.store)

        try Self.check(restored, of: ["import", "FILE"], shapes: shapes)
        try Self.check(copied, of: ["import", "-"], shapes: shapes)
        #expect(pretty.output.split(separator: "\n").count > 10)
        #expect(
            try JSONSerialization.jsonObject(with: Data(pretty.output.utf8)) as? NSDictionary
                == JSONSerialization.jsonObject(with: Data(compact.output.utf8)) as? NSDictionary)
        #expect(bare.status == 2)
        #expect(bare.errors.hasPrefix("pm: --pretty goes with --json"))
    }

    @Test("pm import restores what pm export --json wrote: exported again, it is the same document, byte for byte")
    func roundTrip() async throws {
        // Given a store with two boards, a repeating project with a skipped day, every column
        let harness = try await Self.filledStore()
        defer { harness.directory.remove() }
        for arguments in [
            ["skip", "7b1d"], ["move", "3f2a", "done"], ["add", "Second", "--board", "Work"],
            ["move", "9d0e", "doing", "--board", "Work"],
        ] {
            #expect(await harness.run(arguments).status == 0, "\(arguments)")
        }
        let first = try Self.pm(["export", "--json"], store: harness.store)
        let file = harness.directory.file("backup.json")
        try Data(first.output.utf8).write(to: file)

        // When it is imported into a new store and exported from there
        let fresh = harness.directory.file("fresh/projects.pmstore")
        let imported = try Self.pm(["import", file.path], store: fresh)
        let second = try Self.pm(["export", "--json"], store: fresh)
        let again = try Self.pm(["import", file.path], store: fresh)

        // Then the document is the same, and the store is no longer new
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output == "imported 2 boards and 4 projects\n")
        #expect(second.output == first.output)
        #expect(first.output.contains(#""repeat":{"completions":[],"exceptions":["2026-03-15"]"#))
        #expect(again.status == 1)
        #expect(again.errors.hasPrefix("pm: the store is not new"))
    }
}
