import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

/// `pm members`, `pm member`, `pm assign` and `pm unassign`: who may use a board, and who a card
/// is assigned to.
@Suite("pm member and pm assign: a board's members and a card's assignees")
struct MemberCommandTests {
    /// Bob and Carol signed up, then Ada, signed in, with her board Launch and its card Write copy.
    static func launchBoard() async throws -> (harness: CLIHarness, card: String) {
        let harness = try CLIHarness()
        for email in ["bob@example.com", "carol@example.com", AccountCommandTests.email] {
            await AccountCommandTests.signUp(harness, email)
        }
        #expect(await harness.run(["board", "new", "Launch"]).status == 0)
        let card = try await harness.add("Write copy", ["--board", "Launch"])
        return (harness, card)
    }

    /// Signs `email` in.
    static func logIn(_ harness: CLIHarness, _ email: String) async {
        let outcome = await harness.run(
            ["login", email, "--password-stdin"], input: AccountCommandTests.password + "\n")
        #expect(outcome.status == 0, "\(outcome.errors)")
    }

    @Test("the owner adds a member, who is listed, may be assigned cards, and shows on pm show")
    func addAndAssign() async throws {
        // Given
        let (harness, card) = try await Self.launchBoard()
        defer { harness.directory.remove() }

        // When
        let added = await harness.run(["member", "add", "bob@example.com", "--board", "Launch"])
        let again = await harness.run(["member", "add", "bob@EXAMPLE.com", "--board", "Launch"])
        let members = await harness.run(["members", "--board", "Launch"])
        let assigned = await harness.run(["assign", card, "bob@example.com", "--board", "Launch"])
        let owner = await harness.run(["assign", card, "ada@example.com", "--board", "Launch"])
        let shown = await harness.run(["show", card, "--board", "Launch"])
        let completed = await harness.run(["completion", "members", "--board", "Launch"])

        // Then
        #expect(
            added.output
                == "added bob@example.com to the members of board 'Launch': they see it and may be assigned its cards\n",
            "\(added.errors)")
        #expect(again.output == "nothing changed: bob@example.com is already a member of board 'Launch'\n")
        #expect(members.outputLines == ["ada@example.com  owner", "bob@example.com  member"])
        #expect(assigned.output == "assigned \(card) (Write copy) to bob@example.com\n")
        #expect(owner.status == 0)
        #expect(shown.output.contains("\n  assigned bob@example.com, ada@example.com\n"))
        #expect(completed.outputLines == ["ada@example.com", "bob@example.com"])
    }

    @Test("unassign and member remove take the account off the card and the board; remove takes its cards too")
    func removeAndUnassign() async throws {
        // Given Bob, a member, assigned to the card
        let (harness, card) = try await Self.launchBoard()
        defer { harness.directory.remove() }
        #expect(await harness.run(["member", "add", "bob@example.com", "--board", "Launch"]).status == 0)
        #expect(await harness.run(["assign", card, "bob@example.com", "--board", "Launch"]).status == 0)

        // When and then
        #expect(
            await harness.run(["unassign", card, "bob@example.com", "--board", "Launch"]).output
                == "unassigned bob@example.com from \(card) (Write copy)\n")
        #expect(
            await harness.run(["unassign", card, "bob@example.com", "--board", "Launch"]).output
                == "nothing changed: \(card) (Write copy) is not assigned to bob@example.com\n")
        #expect(await harness.run(["undo", "--board", "Launch"]).status == 0)
        #expect(
            await harness.run(["member", "remove", "bob@example.com", "--board", "Launch"]).output
                == "removed bob@example.com from the members of board 'Launch', and from every card assigned to them\n")
        #expect(await harness.run(["members", "--board", "Launch"]).outputLines == ["ada@example.com  owner"])
        #expect(!(await harness.run(["show", card, "--board", "Launch"]).output.contains("assigned")))
    }

    @Test("only the owner changes the members; a member, or a board of no account, gets one line, exit 1")
    func onlyTheOwner() async throws {
        // Given Bob, a member, signed in
        let (harness, _) = try await Self.launchBoard()
        defer { harness.directory.remove() }
        #expect(await harness.run(["member", "add", "bob@example.com", "--board", "Launch"]).status == 0)
        await Self.logIn(harness, "bob@example.com")
        let before = try harness.files()

        // When
        let member = await harness.run(["member", "add", "carol@example.com", "--board", "Launch"])
        let afterMember = try harness.files()
        let listed = await harness.run(["members", "--board", "Launch"])
        _ = await harness.run(["logout"])
        let afterLogout = try harness.files()
        let signedOut = await harness.run(["member", "add", "bob@example.com"])
        let noAccount = await harness.run(["members"])

        // Then
        #expect(member.status == 1)
        #expect(
            member.errors == "pm: only the board's owner changes its members: board 'Launch' is ada@example.com's\n")
        #expect(listed.outputLines == ["ada@example.com  owner", "bob@example.com  member"])
        #expect(signedOut.status == 1)
        #expect(
            signedOut.errors
                == "pm: board 'Projects' belongs to no account, so it has no members: signed in, pm board new NAME makes a board you can share\n"
        )
        #expect(noAccount.output.hasPrefix("board 'Projects' belongs to no account and has no members"))
        #expect(afterMember == before)
        #expect(try harness.files() == afterLogout)
    }

    @Test("an unknown email, or an account that is not a member, is one line naming it, exit 1, nothing saved")
    func notAMember() async throws {
        // Given
        let (harness, card) = try await Self.launchBoard()
        defer { harness.directory.remove() }
        let before = try harness.files()

        // When
        let carol = await harness.run(["assign", card, "carol@example.com", "--board", "Launch"])
        let dan = await harness.run(["member", "add", "dan@example.com", "--board", "Launch"])
        let danAssigned = await harness.run(["assign", card, "dan@example.com", "--board", "Launch"])

        // Then
        #expect(carol.status == 1)
        #expect(
            carol.errors
                == "pm: carol@example.com is not a member of board 'Launch': its owner adds members (pm member add EMAIL)\n"
        )
        #expect(dan.errors == "pm: no account has the email 'dan@example.com': pm signup EMAIL makes one\n")
        #expect(danAssigned.errors == dan.errors)
        #expect(try harness.files() == before)
    }

    @Test(
        "a wrong pm member or pm assign line is a usage error, exit 2, before the store is read",
        arguments: [
            ["member", "invite", "bob@example.com"], ["member", "add", "bob"], ["member", "add"],
            ["assign", "3f2a", "not an email"], ["assign", "zz", "bob@example.com"], ["unassign", "3f2a"],
            ["members", "extra"],
        ])
    func usage(_ arguments: [String]) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let outcome = await harness.run(arguments)

        #expect(outcome.status == CommandLineTool.ExitCode.usage.rawValue)
        #expect(outcome.errorLines.count == 2)
        #expect(try harness.storeContents() == nil)
    }

    @Test("pm members --json and pm show --json write the owner, members and assignees as described")
    func json() async throws {
        let shapes = try JSONShapeProcessTests.shapes()
        let (harness, card) = try await Self.launchBoard()
        defer { harness.directory.remove() }
        #expect(await harness.run(["member", "add", "bob@example.com", "--board", "Launch"]).status == 0)
        #expect(await harness.run(["assign", card, "bob@example.com", "--board", "Launch"]).status == 0)

        let members = await harness.run(["members", "--board", "Launch", "--json"])
        let shown = await harness.run(["show", card, "--board", "Launch", "--json"])
        _ = await harness.run(["logout"])
        let none = await harness.run(["members", "--json"])

        for (outcome, arguments) in [(members, ["members"]), (shown, ["show", card]), (none, ["members"])] {
            try JSONShapeProcessTests.check(
                ProcessRun(status: outcome.status, output: outcome.output, errors: outcome.errors), of: arguments,
                shapes: shapes)
        }
        #expect(members.output.contains(#""email":"bob@example.com""#))
        #expect(shown.output.contains(#""assignees":[{"email":"bob@example.com""#))
        #expect(none.output.contains(#""members":[],"owner":null"#))
    }
}
