import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

/// `pm comment` and `pm comments`: comments on a card, by the account signed in, newest first.
@Suite("pm comment and pm comments: comments on a card")
struct CommentCommandTests {
    @Test("comments are by the account signed in, newest first and numbered; - reads standard input")
    func signedIn() async throws {
        // Given Ada, signed in, and her card
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        await AccountCommandTests.signUp(harness)
        let card = try await harness.add("Report")

        // When
        let posted = await harness.run(["comment", card, "Booked for Friday.\nRoom 4."])
        harness.clock.advance(by: 3_600)
        let piped = await harness.run(["comment", card, "-"], input: "Moved to room 5\n")
        let listed = await harness.run(["comments", card])
        let shown = await harness.run(["show", card])

        // Then
        #expect(posted.output == "commented on \(card) (Report), as ada@example.com\n", "\(posted.errors)")
        #expect(piped.status == 0)
        #expect(
            listed.outputLines == [
                "1  2026-03-15 13:00  ada@example.com",
                "   Moved to room 5",
                "2  2026-03-15 12:00  ada@example.com",
                "   Booked for Friday.",
                "   Room 4.",
            ])
        #expect(
            shown.output.hasSuffix(
                """

                  Comments, newest first
                  1  2026-03-15 13:00  ada@example.com
                     Moved to room 5
                  2  2026-03-15 12:00  ada@example.com
                     Booked for Friday.
                     Room 4.

                """))
    }

    @Test("edit and delete take the number pm comments shows; each is one undo step")
    func editAndDelete() async throws {
        // Given two comments, signed out
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Report")
        #expect(
            await harness.run(["comment", "3f2a", "First"]).output
                == "commented on 3f2a9c1e (Report), as nobody (signed out)\n")
        harness.clock.advance(by: 60)
        #expect(await harness.run(["comment", "3f2a", "Second"]).status == 0)
        harness.clock.advance(by: 60)

        // When and then
        #expect(
            await harness.run(["comment", "edit", "3f2a", "2", "First, edited"]).output
                == "edited comment 2 on 3f2a9c1e (Report)\n")
        #expect(
            await harness.run(["comment", "edit", "3f2a", "2", "First, edited"]).output
                == "nothing changed: comment 2 on 3f2a9c1e (Report) already says so\n")
        #expect(
            await harness.run(["comment", "delete", "3f2a", "1"]).output
                == "deleted comment 1 on 3f2a9c1e (Report) (pm undo puts it back)\n")
        #expect(
            await harness.run(["comments", "3f2a"]).outputLines == [
                "1  2026-03-15 12:00  nobody (edited 2026-03-15 12:02)", "   First, edited",
            ])
        #expect(await harness.run(["undo"]).status == 0)
        #expect(await harness.run(["comments", "3f2a"]).outputLines.count == 4)
        let missing = await harness.run(["comment", "delete", "3f2a", "3"])
        #expect(missing.status == 1)
        #expect(
            missing.errors
                == "pm: 3f2a9c1e (Report) has no comment 3: it has 2 comments (pm comments 3f2a9c1e lists them)\n")
    }

    @Test("another's comment is not one's own to change: one line, exit 1, and nothing is saved")
    func othersComment() async throws {
        // Given Ada's board, Bob a member, Ada's comment on her card
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        await AccountCommandTests.signUp(harness, "bob@example.com")
        await AccountCommandTests.signUp(harness)
        #expect(await harness.run(["board", "new", "Launch"]).status == 0)
        let card = try await harness.add("Write copy", ["--board", "Launch"])
        #expect(await harness.run(["member", "add", "bob@example.com", "--board", "Launch"]).status == 0)
        #expect(await harness.run(["comment", card, "Mine", "--board", "Launch"]).status == 0)
        let login = await harness.run(
            ["login", "bob@example.com", "--password-stdin"], input: AccountCommandTests.password + "\n")
        #expect(login.status == 0)
        let before = try harness.files()

        // When
        let edited = await harness.run(["comment", "edit", card, "1", "Bob's now", "--board", "Launch"])
        let listed = await harness.run(["comments", card, "--board", "Launch"])

        // Then
        #expect(edited.status == 1)
        #expect(
            edited.errors == "pm: only its author changes comment 1 on \(card) (Write copy): it is by ada@example.com\n"
        )
        #expect(try harness.files() == before)
        #expect(listed.outputLines == ["1  2026-03-15 12:00  ada@example.com", "   Mine"])
    }

    @Test("a card without comments says how to post one; an empty comment is refused")
    func empty() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Report")
        let before = try harness.files()

        let listed = await harness.run(["comments", "3f2a"])
        let blank = await harness.run(["comment", "3f2a", "-"], input: "\n")

        #expect(listed.output == "no comments on 3f2a9c1e (Report): pm comment 3f2a9c1e TEXT posts one\n")
        #expect(blank.status == 1)
        #expect(blank.errorLines.count == 1)
        #expect(try harness.files() == before)
    }

    @Test(
        "a wrong pm comment line is a usage error, exit 2, before the store is read",
        arguments: [
            ["comment", "3f2a", "Text", "extra"], ["comment", "edit", "3f2a"], ["comment", "edit", "3f2a", "0", "T"],
            ["comment", "edit", "3f2a", "1"], ["comment", "delete", "3f2a", "1", "extra"], ["comment", "zz", "Text"],
            ["comment", "3f2a"], ["comments"],
        ])
    func usage(_ arguments: [String]) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let outcome = await harness.run(arguments)

        #expect(outcome.status == CommandLineTool.ExitCode.usage.rawValue)
        #expect(outcome.errorLines.count == 2)
        #expect(try harness.storeContents() == nil)
    }

    @Test("the command lines parse into their typed actions")
    func parsing() throws {
        let abcd = try ProjectIDPrefix(parsing: "abcd")
        #expect(
            try CommandParser.parse(["comment", "abcd", "Booked"]).command.isSame(
                as: CommentCommand(.post("Booked"), on: abcd)))
        #expect(
            try CommandParser.parse(["comment", "edit", "abcd", "2", "-", "--board", "Work"]).command.isSame(
                as: CommentCommand(.edit(2, to: "-"), on: abcd, board: "Work")))
        #expect(
            try CommandParser.parse(["comment", "delete", "abcd", "1"]).command.isSame(
                as: CommentCommand(.delete(1), on: abcd)))
    }

    @Test("pm comments --json and pm show --json write the comments as Docs/CLI.md describes them")
    func json() async throws {
        let shapes = try JSONShapeProcessTests.shapes()
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        await AccountCommandTests.signUp(harness)
        let card = try await harness.add("Report")
        #expect(await harness.run(["comment", card, "Booked"]).status == 0)

        let listed = await harness.run(["comments", card, "--json"])
        let shown = await harness.run(["show", card, "--json"])

        for (outcome, arguments) in [(listed, ["comments", card]), (shown, ["show", card])] {
            try JSONShapeProcessTests.check(
                ProcessRun(status: outcome.status, output: outcome.output, errors: outcome.errors), of: arguments,
                shapes: shapes)
        }
        #expect(
            listed.output.contains(#""author":"ada@example.com","createdAt":"2026-03-15T12:00:00Z","editedAt":null"#))
        #expect(listed.output.contains(#""email":"ada@example.com""#))
    }
}
