import Foundation
import ProjectManagerTestSupport
import Testing

/// `pm export --json` and `pm import` with lists, labels, checklists and comments, and with a
/// backup written before them.
@Suite("pm export --json and pm import: boards whole")
struct BackupCommandTests {
    /// The document `run` printed, parsed.
    static func document(_ run: RunOutcome, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.errors)", sourceLocation: sourceLocation)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any],
            sourceLocation: sourceLocation)
    }

    /// The boards of a document.
    static func boards(_ document: [String: Any]) -> [[String: Any]] {
        document["boards"] as? [[String: Any]] ?? []
    }

    /// Each object's `key`.
    static func values<Value>(_ key: String, of objects: Any?) -> [Value?] {
        (objects as? [[String: Any]] ?? []).map { $0[key] as? Value }
    }

    @Test("a backup written before lists restores: every key it has comes back, each card in its column's list")
    func beforeLists() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let file = FixtureFiles.url("backup-before-lists.json")
        let old = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])

        let imported = await harness.run(["import", file.path])
        let export = try Self.document(await harness.run(["export", "--json"]))

        #expect(imported.outputLines == ["imported 2 boards and 4 projects"], "\(imported.errors)")
        let boards = Self.boards(export)
        #expect(boards.count == 2)
        for (board, before) in zip(boards, Self.boards(old)) {
            for key in ["id", "fullID", "title", "createdAt"] {
                #expect(board[key] as? String == before[key] as? String, "\(key)")
            }
            let lists = try #require(board["lists"] as? [[String: Any]])
            #expect(Self.values("title", of: lists) as [String?] == ["To Do", "Doing", "Done"])
            #expect(Self.values("stage", of: lists) as [String?] == ["todo", "doing", "done"])
            #expect(board["labels"] as? [Any] != nil && (board["labels"] as? [Any])?.isEmpty == true)
            let projects = try #require(board["projects"] as? [[String: Any]])
            let oldProjects = try #require(before["projects"] as? [[String: Any]])
            #expect(Self.values("fullID", of: projects) as [String?] == Self.values("fullID", of: oldProjects))
            for (project, oldProject) in zip(projects, oldProjects) {
                // Every key the old file has, with its value; a schedule has no occurrences done,
                // and no day it owes from.
                for (key, value) in oldProject {
                    var expected = value
                    if key == "repeat", var schedule = value as? [String: Any] {
                        schedule["completions"] = [String]()
                        schedule["owedFrom"] = NSNull()
                        expected = schedule
                    }
                    #expect(
                        (project[key] as? NSObject) == (expected as? NSObject),
                        "\(oldProject["title"] ?? ""): \(key)")
                }
                let list = lists.first { $0["stage"] as? String == project["state"] as? String }
                #expect(project["list"] as? String == list?["fullID"] as? String)
                #expect(project["archived"] as? Bool == false && project["dueTime"] is NSNull)
                #expect((project["checklist"] as? [Any])?.isEmpty == true)
                #expect((project["comments"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test("a backup with lists, labels, checklists and comments restores whole; exported again, the same bytes")
    func withLists() async throws {
        // Given a backup with every kind of value
        let file = FixtureFiles.url("backup-with-lists.json")
        let first = try CLIHarness()
        let second = try CLIHarness()
        defer {
            first.directory.remove()
            second.directory.remove()
        }

        // When it is imported, exported, imported into another store and exported again
        let imported = await first.run(["import", file.path])
        let export = await first.run(["export", "--json"])
        _ = await second.run(["import", "-"], input: export.output)
        let again = await second.run(["export", "--json"])

        // Then nothing is lost and the documents are the same
        #expect(imported.outputLines == ["imported 1 board and 4 projects"], "\(imported.errors)")
        #expect(again.output == export.output)
        try JSONShapeProcessTests.check(
            ProcessRun(status: export.status, output: export.output, errors: export.errors), of: ["export"],
            shapes: try JSONShapeProcessTests.shapes())
        let launch = try #require(Self.boards(try Self.document(export)).first { $0["title"] as? String == "Launch" })
        let lists = try #require(launch["lists"] as? [[String: Any]])
        #expect(Self.values("title", of: lists) as [String?] == ["Backlog", "Review", "Done", "Old ideas"])
        #expect(Self.values("archived", of: lists) as [Bool?] == [false, false, false, true])
        #expect(Self.values("limit", of: lists) as [Int?] == [nil, 2, nil, nil])
        let labels = try #require(launch["labels"] as? [[String: Any]])
        #expect(Self.values("name", of: labels) as [String?] == ["", "Urgent"])
        #expect(Self.values("colour", of: labels) as [String?] == ["green", "red"])
        let projects = try #require(launch["projects"] as? [[String: Any]])
        #expect(
            Self.values("title", of: projects) as [String?] == [
                "Plan the launch", "Old logo", "Draft the post", "A forgotten idea",
            ])
        #expect(Self.values("archived", of: projects) as [Bool?] == [false, true, false, false])
        #expect(
            Self.values("list", of: projects) as [String?] == [0, 0, 1, 3].map { lists[$0]["fullID"] as? String })
        let plan = projects[0]
        #expect(plan["labels"] as? [String] == [labels[1]["fullID"], labels[0]["fullID"]].compactMap { $0 as? String })
        let due = try #require(plan["dueTime"] as? [String: Any])
        #expect(due["hour"] as? Int == 14 && due["minute"] as? Int == 0 && due["timeZone"] as? String == "Asia/Seoul")
        #expect(Self.values("text", of: plan["checklist"]) as [String?] == ["Book the room", "Invite the team"])
        #expect(Self.values("done", of: plan["checklist"]) as [Bool?] == [true, false])
        #expect(Self.values("text", of: plan["comments"]) as [String?] == ["Room 4.\nFriday.", "Which room?"])
        #expect(Self.values("authorName", of: plan["comments"]) as [String?] == [nil, "Tom from Trello"])
        #expect(Self.values("editedAt", of: plan["comments"]) as [String?] == ["2026-02-02T10:05:00Z", nil])
    }

    @Test("a copy onto a new board takes the lists, labels, checklists and comments, with new ids")
    func intoNewBoard() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let file = FixtureFiles.url("backup-with-lists.json")

        let imported = await harness.run(["import", file.path, "--into-new-board", "Copy"])
        let export = try Self.document(await harness.run(["export", "--json", "--board", "Copy"]))

        #expect(imported.outputLines == ["imported 4 projects onto the new board 'Copy'"], "\(imported.errors)")
        let copy = try #require(Self.boards(export).first)
        #expect(Self.values("title", of: copy["lists"]) as [String?] == ["Backlog", "Review", "Done", "Old ideas"])
        #expect(
            !(Self.values("fullID", of: copy["lists"]) as [String?]).contains("6e5f4a3b-0000-4000-8000-000000000011"))
        let projects = try #require(copy["projects"] as? [[String: Any]])
        #expect(
            Self.values("text", of: projects.first?["checklist"]) as [String?] == ["Book the room", "Invite the team"])
        #expect((projects.first?["comments"] as? [Any])?.count == 2)
    }

    @Test(
        "a value of a backup the rules refuse is named in the error, and nothing is saved",
        arguments: [
            (
                #""limit": 2"#, #""limit": 0"#,
                "pm: FILE: list 6e5f4a3b-0000-4000-8000-000000000012: not saved: a list's limit is a number of cards from 1 on, not 0"
            ),
            (
                #""text": "Which room?""#, #""text": " ""#,
                "pm: FILE: comment 2 of project c0ffee01-0000-4000-8000-000000000031: not saved: the comment is empty"
            ),
            (
                #""text": "Invite the team""#, #""text": "Invite\u202e""#,
                "pm: FILE: checklist item 2 of project c0ffee01-0000-4000-8000-000000000031: not saved: the title holds invisible control characters (U+202E)"
            ),
            (
                #""list": "6e5f4a3b-0000-4000-8000-000000000014""#, #""list": "6e5f4a3b-0000-4000-8000-000000000099""#,
                "pm: FILE: project c0ffee04-0000-4000-8000-000000000034: not saved: it refers to list 6e5f4a3b-0000-4000-8000-000000000099, which the backup does not hold on its board"
            ),
            (
                #""colour": "red""#, #""colour": "mauve""#,
                "pm: FILE: the label 'Urgent' of board 'Launch' is of colour 'mauve', not one of Trello's"
            ),
        ])
    func refused(_ original: String, _ broken: String, message: String) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let text = try String(contentsOf: FixtureFiles.url("backup-with-lists.json"), encoding: .utf8)
        #expect(text.contains(original))
        let file = harness.directory.file("bad.json")
        try Data(text.replacingOccurrences(of: original, with: broken).utf8).write(to: file)

        let outcome = await harness.run(["import", file.path])

        #expect(outcome.status == 1)
        #expect(
            outcome.errors.hasPrefix(message.replacingOccurrences(of: "FILE", with: file.path)), "\(outcome.errors)")
        #expect(try harness.storeContents() == nil)
    }
}
