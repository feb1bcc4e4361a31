import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

/// `pm boards` and `pm board new`, `rename`, `delete`, `use` and `pm board NAME`, run after run.
@Suite("pm: boards")
struct BoardCommandTests {
    static func settingsFile(_ harness: CLIHarness) -> URL {
        harness.directory.file("projects.settings.json")
    }

    @Test("a new store lists its default board, current, and draws it; nothing is written")
    func defaultBoard() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let boards = await harness.run(["boards"])
        let json = await harness.run(["boards", "--json"])

        #expect(boards.status == 0, "\(boards.errors)")
        #expect(boards.output == "* Projects  0 projects (To Do 0, Doing 0, Done 0)\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let entries = try #require(object["boards"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(Set(entries[0].keys) == ["id", "fullID", "title", "createdAt", "current", "projects", "columns"])
        #expect(entries[0]["current"] as? Bool == true)
        #expect(entries[0]["columns"] as? [String: Int] == ["todo": 0, "doing": 0, "done": 0])
        #expect(try harness.files().isEmpty)
    }

    @Test("new, use, rename and delete, each one line; the current board is kept in a 0600 file beside the store")
    func lifecycle() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let created = await harness.run(["board", "new", "Work"])
        #expect(created.output == "created board 'Work'; pm board use 'Work' makes it the current board\n")
        let used = await harness.run(["board", "use", "work"])
        #expect(used.output == "now on board 'Work'\n")
        #expect(try AccountCommandTests.permissions(Self.settingsFile(harness)) == 0o600)
        _ = try await harness.add("Write the report")
        let boards = await harness.run(["boards"])
        #expect(
            boards.outputLines == [
                "  Projects  0 projects (To Do 0, Doing 0, Done 0)",
                "* Work      1 project (To Do 1, Doing 0, Done 0)",
            ])
        let renamed = await harness.run(["board", "rename", "Work", "Office"])
        #expect(renamed.output == "renamed board 'Work' to 'Office'\n")
        #expect(await harness.run(["boards"]).outputLines.last?.hasPrefix("* Office") == true)

        let deleted = await harness.run(["board", "delete", "Office", "--yes"])

        #expect(deleted.status == 0, "\(deleted.errors)")
        #expect(deleted.output == "deleted board 'Office' and its 1 project\n")
        #expect(await harness.run(["boards"]).output == "* Projects  0 projects (To Do 0, Doing 0, Done 0)\n")
    }

    @Test("pm board NAME draws that board under its title; --json has stable keys")
    func drawNamedBoard() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = await harness.run(["board", "new", "Work"])
        _ = await harness.run(["board", "use", "Work"])
        let id = try await harness.add("Plan the offsite", ["--due", "2026-03-20"])
        _ = await harness.run(["board", "use", "Projects"])

        let drawn = await harness.run(["board", "Work"])
        let home = await harness.run(["board"])
        let json = await harness.run(["board", "--board", "Work", "--json"])

        #expect(drawn.outputLines.first?.hasPrefix("Work · today 2026-03-15") == true)
        #expect(drawn.output.contains(id) && drawn.output.contains("Plan the offsite"))
        #expect(home.outputLines.first?.hasPrefix("Projects · ") == true)
        #expect(!home.output.contains(id))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["board", "columns", "version"])
        let board = try #require(object["board"] as? [String: Any])
        #expect(Set(board.keys) == ["id", "fullID", "title", "createdAt"])
        #expect(board["title"] as? String == "Work")
        let columns = try #require(object["columns"] as? [[String: Any]])
        #expect(columns.map { $0["state"] as? String } == ["todo", "doing", "done"])
        let card = try #require((columns[0]["projects"] as? [[String: Any]])?.first)
        // A project's keys, and a card's since lists, labels and checklists (added, none taken away).
        #expect(
            Set(card.keys) == [
                "id", "fullID", "title", "body", "state", "deadline", "repeat", "overdue", "board", "createdAt",
                "updatedAt", "list", "labels", "dueTime", "dueAt", "archived", "checklist",
            ])
        #expect(card["id"] as? String == id)
        #expect(card["deadline"] as? String == "2026-03-20")
    }

    @Test("delete asks on the terminal; anything but yes keeps the board and writes nothing")
    func deleteAsks() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = await harness.run(["board", "new", "Work"])
        let before = try harness.files()
        let declining = ScriptedTerminal(["n"])

        let declined = await harness.run(["board", "delete", "Work"], terminal: declining.input)

        #expect(declined.status == 1)
        #expect(declined.errors == "pm: board 'Work' not deleted: the answer was not yes\n")
        #expect(declining.prompts.map(\.prompt) == ["Delete board 'Work' and its 0 projects? [y/N] "])
        #expect(try harness.files() == before)
        let accepted = await harness.run(["board", "delete", "Work"], terminal: ScriptedTerminal(["yes"]).input)
        #expect(accepted.status == 0, "\(accepted.errors)")
        #expect(accepted.output == "deleted board 'Work' and its 0 projects\n")
    }

    @Test("a board another process changed while delete's question waited is not deleted, and the card added is kept")
    func deleteChangedWhileAsked() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = await harness.run(["board", "new", "Work"])
        let store = harness.store
        // While the user reads the question, a second pm adds a card to the board.
        let terminal = TerminalInput { _, _ in
            let added = try? ProcessRun.run(
                BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"),
                ["add", "Late", "--board", "Work", "--store", store.path],
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC"])
            return added?.status == 0 ? "y" : nil
        }

        let outcome = await harness.run(["board", "delete", "Work"], terminal: terminal)
        let board = await harness.run(["board", "Work"])

        #expect(outcome.status == 1)
        #expect(
            outcome.errors
                == "pm: board 'Work' not deleted: it changed while you were asked (it has 1 project now); ask again\n")
        #expect(board.status == 0 && board.output.contains("Late"), "\(board.output)\(board.errors)")
    }

    @Test("delete without a terminal and without --yes is refused, saying to add --yes; nothing is written")
    func deleteWithoutTerminal() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = await harness.run(["board", "new", "Work"])
        let before = try harness.files()

        let outcome = await harness.run(["board", "delete", "Work"])

        #expect(outcome.status == 2)
        #expect(
            outcome.errorLines.first
                == "pm: 'pm board delete' asks before it deletes a board, and there is no terminal to ask on: add --yes"
        )
        #expect(try harness.files() == before)
    }

    @Test("the default board cannot be deleted, and renaming onto another board's name is refused; nothing is written")
    func refusedChanges() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = await harness.run(["board", "new", "Work"])
        let before = try harness.files()

        let deleteDefault = await harness.run(["board", "delete", "Projects", "--yes"])
        let rename = await harness.run(["board", "rename", "Work", "PROJECTS"])

        #expect(deleteDefault.status == 1)
        #expect(deleteDefault.errorLines.count == 1)
        #expect(rename.status == 1)
        #expect(
            rename.errors == "pm: a board is already named 'Projects': choose another name (pm boards lists them)\n")
        #expect(try harness.files() == before)
    }

    @Test("a settings file that is not pm's is named and left as it was")
    func damagedSettings() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("First")
        try Data("not json".utf8).write(to: Self.settingsFile(harness))

        let outcome = await harness.run(["board", "use", "Projects"])

        #expect(outcome.status == 1)
        #expect(outcome.errors.contains(Self.settingsFile(harness).lastPathComponent))
        #expect(outcome.errors.contains("move it away"))
        #expect(try Data(contentsOf: Self.settingsFile(harness)) == Data("not json".utf8))
    }
}
