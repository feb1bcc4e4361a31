import Foundation
import ProjectManagerDomain
@testable import ProjectManagerCLI
import Testing

@Suite("parsing pm's command line")
struct ParserTests {
    @Test("valid command lines without ids become typed commands", arguments: [
        (["board"], Command.board, nil),
        (["demo"], .demo, nil),
        (["help"], .help, nil),
        (["board", "--store", "/s"], .board, "/s"),
        (["--store=/s", "board"], .board, "/s"),
        (["add", "Report"], .add(ProjectDraft(title: "Report")), nil),
        (["add", "Report", "--due", "2026-12-24", "--body", "B"],
         .add(ProjectDraft(title: "Report", body: "B", deadline: Day(year: 2026, month: 12, day: 24))), nil),
        (["add", "--body=B", "Report"], .add(ProjectDraft(title: "Report", body: "B")), nil),
        (["add", "--", "--not-an-option"], .add(ProjectDraft(title: "--not-an-option")), nil),
        (["history"], .history(limit: nil), nil),
        (["history", "--limit", "5"], .history(limit: 5), nil),
        (["history", "--limit=1"], .history(limit: 1), nil),
        (["undo"], .undo, nil),
        (["redo"], .redo, nil),
    ] as [([String], Command, String?)])
    func valid(_ arguments: [String], command: Command, store: String?) throws {
        let invocation = try CommandParser.parse(arguments)
        #expect(invocation == Invocation(command: command, storePath: store))
    }

    @Test("valid command lines with ids become typed commands")
    func validWithIDs() throws {
        let abcd = try ProjectIDPrefix(parsing: "abcd")
        let cases: [([String], Command)] = [
            (["move", "abcd", "DOING", "--at", "2"], .move(abcd, to: .doing, position: 2)),
            (["move", "abcd", "done"], .move(abcd, to: .done, position: nil)),
            (["edit", "abcd", "--due", "none"], .edit(abcd, ProjectEdit(deadline: .some(nil)))),
            (["edit", "abcd", "--title", "T", "--due", "2026-01-31"],
             .edit(abcd, ProjectEdit(title: "T", deadline: Day(year: 2026, month: 1, day: 31)))),
            (["show", "abcd"], .show(abcd)),
            (["delete", "abcd"], .delete(abcd)),
        ]
        for (arguments, command) in cases {
            #expect(try CommandParser.parse(arguments).command == command, "\(arguments)")
        }
    }

    @Test("a prefix keeps what the user typed and matches ids by their digits")
    func prefixMatching() throws {
        let prefix = try ProjectIDPrefix(parsing: "3F2A-9C")
        let id = try #require(UUID(uuidString: "3f2a9c1e-0000-4000-8000-000000000001"))
        let other = try #require(UUID(uuidString: "3f2b9c1e-0000-4000-8000-000000000001"))
        #expect(prefix.description == "3F2A-9C")
        #expect(prefix.digits == "3f2a9c")
        #expect(prefix.matches(Project.ID(rawValue: id)))
        #expect(!prefix.matches(Project.ID(rawValue: other)))
    }
}
