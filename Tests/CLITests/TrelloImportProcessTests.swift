import Foundation
import ProjectManagerTestSupport
import Testing

/// The built `pm` bringing in a Trello board export with `pm import --trello`, in a second process.
@Suite("The pm executable: pm import --trello")
struct TrelloImportProcessTests {
    static func pm(_ arguments: [String], store: URL) throws -> ProcessRun {
        try JSONShapeProcessTests.pm(arguments, store: store)
    }

    @Test(
        "the small board comes in as a new board: its lists, cards, checklists and comments, and what it could not carry"
    )
    func smallBoard() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("projects.pmstore")
        let file = TrelloFixtures.url("small-board.json").path

        // When
        let imported = try Self.pm(["import", "--trello", file], store: store)
        let lists = try Self.pm(["lists", "--board", "Launch plan"], store: store)
        let board = try Self.pm(["board", "Launch plan"], store: store)
        let json = try Self.pm(["board", "Launch plan", "--json"], store: store)
        let press = try #require(
            json.output.firstMatch(
                of:
                    /"id":"([0-9a-f]{8})","labels":\[[^\]]*\],"list":\{[^}]*\},"overdue":false,"repeat":null,"state":"todo","title":"Write press release"/
            ))
        let comments = try Self.pm(["comments", String(press.1), "--board", "Launch plan"], store: store)
        let shown = try Self.pm(["show", String(press.1), "--board", "Launch plan"], store: store)

        // Then
        #expect(imported.status == 0, "\(imported.errors)")
        let said = imported.output.split(separator: "\n").map(String.init)
        #expect(
            said.first
                == "imported board 'Launch plan' from Trello: 6 lists (1 archived), 11 cards (1 archived), 13 labels, 7 checklist items, 5 comments"
        )
        let notCarried = try #require(said.first { $0.hasPrefix("not carried: ") })
        for words in ["1 attachment", "2 custom fields", "2 votes", "6 card members (not accounts here)"] {
            #expect(notCarried.contains(words), "\(words)")
        }
        #expect(said.contains("Trello's board members, not accounts here: Ada Lovelace, Grace Hopper, Alan Turing"))
        #expect(
            lists.output.split(separator: "\n") == [
                "Inbox    open    1", "To Do    open    5", "Waiting  open    1", "Doing    active  0",
                "Done     done    2",
            ])
        for heading in ["Inbox (1)", "To Do (5)", "Waiting (1)", "Doing (0)", "Done (2)"] {
            #expect(board.output.contains(heading), "\(heading)")
        }
        #expect(board.output.contains("☐ 2/3"))
        #expect(
            comments.output.split(separator: "\n") == [
                "1  2026-03-06 09:00  Alan Turing", "   Needs a quote from Grace.", "2  2026-03-03 11:00  Ada Lovelace",
                "   Draft attached.",
            ])
        #expect(shown.output.contains("\n  Checklist 2/3\n"))
    }

    @Test("an export that does not read is one line naming the place, exit 1, and no board is made")
    func refused() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("projects.pmstore")
        #expect(try Self.pm(["add", "Report"], store: store).status == 0)
        let boards = try Self.pm(["boards"], store: store)
        let bytes = try Data(contentsOf: store)

        // When
        let refused = try Self.pm(["import", "--trello", TrelloFixtures.url("unknown-list.json").path], store: store)

        // Then
        #expect(refused.status == 1)
        #expect(refused.output.isEmpty)
        #expect(
            refused.errors.hasPrefix(
                "pm: \(TrelloFixtures.url("unknown-list.json").path): the card 'Lost card' is in the list"))
        #expect(refused.errors.split(separator: "\n").count == 1)
        #expect(try Self.pm(["boards"], store: store).output == boards.output)
        #expect(try Data(contentsOf: store) == bytes)
    }

    @Test("--board names the new board, --json is as Docs/CLI.md describes it, and a name taken is refused")
    func namedAndJSON() throws {
        let shapes = try JSONShapeProcessTests.shapes()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("projects.pmstore")
        let file = TrelloFixtures.url("small-board.json").path

        let json = try Self.pm(["import", "--trello", file, "--board", "Launch", "--json"], store: store)
        let again = try Self.pm(["import", "--trello", file, "--board", "launch"], store: store)
        let mixed = try Self.pm(["import", "--trello", file, "--into-new-board", "X"], store: store)

        try JSONShapeProcessTests.check(json, of: ["import", "--trello", file], shapes: shapes)
        #expect(json.output.contains(#""title":"Launch"}"#))
        #expect(json.output.contains(#"{"count":1,"kind":"attachments","text":"1 attachment"}"#))
        #expect(again.status == 1)
        #expect(again.errors == "pm: a board is already named 'Launch': choose another name\n")
        #expect(mixed.status == 2)
        #expect(try Self.pm(["boards"], store: store).output.split(separator: "\n").count == 2)
    }
}
