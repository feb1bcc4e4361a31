import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManagerCLI

extension Command {
    /// Whether `other` is this same command with the same arguments.
    func isSame(as other: any Command) -> Bool {
        (other as? Self) == self
    }
}

@Suite("parsing pm's command line")
struct ParserTests {
    @Test(
        "valid command lines without ids become typed commands",
        arguments: [
            (["board"], BoardCommand(), nil),
            (["demo"], DemoCommand(), nil),
            (["help"], HelpCommand(topic: nil), nil),
            ([], HelpCommand(topic: nil), nil),
            (["help", "move"], HelpCommand(topic: "move"), nil),
            (["move", "--help"], HelpCommand(topic: "move"), nil),
            (["-h", "frobnicate"], HelpCommand(topic: nil), nil),
            (["--version"], VersionCommand(), nil),
            (["board", "--version"], VersionCommand(), nil),
            (["completion", "zsh"], CompletionCommand(shell: .zsh), nil),
            (["board", "--store", "/s"], BoardCommand(), "/s"),
            (["--store=/s", "board"], BoardCommand(), "/s"),
            (["add", "Report"], AddCommand(draft: ProjectDraft(title: "Report")), nil),
            (
                ["add", "Report", "--due", "2026-12-24", "--body", "B"],
                AddCommand(
                    draft: ProjectDraft(title: "Report", body: "B", deadline: Day(year: 2026, month: 12, day: 24))), nil
            ),
            (["add", "--body=B", "Report"], AddCommand(draft: ProjectDraft(title: "Report", body: "B")), nil),
            (["add", "--", "--not-an-option"], AddCommand(draft: ProjectDraft(title: "--not-an-option")), nil),
            (["history"], HistoryCommand(limit: nil), nil),
            (["history", "--limit", "5"], HistoryCommand(limit: 5), nil),
            (["history", "--limit=1"], HistoryCommand(limit: 1), nil),
            (["undo"], UndoCommand(), nil),
            (["redo"], RedoCommand(), nil),
            (
                ["signup", "ada@example.com", "--password-stdin"],
                SignUpCommand(input: AccountInput(email: "ada@example.com", fromStandardInput: true)), nil
            ),
            (
                ["login", "ada@example.com"],
                LoginCommand(input: AccountInput(email: "ada@example.com", fromStandardInput: false)), nil
            ),
            (["logout"], LogoutCommand(), nil),
            (["whoami", "--json"], WhoAmICommand(json: JSONFormat()), nil),
            (["whoami", "--json", "--pretty"], WhoAmICommand(json: JSONFormat(pretty: true)), nil),
            (["undo", "--json"], UndoCommand(json: JSONFormat()), nil),
        ] as [([String], any Command, String?)])
    func valid(_ arguments: [String], command: any Command, store: String?) throws {
        let invocation = try CommandParser.parse(arguments)
        #expect(invocation.command.isSame(as: command))
        #expect(invocation.storePath == store)
    }

    @Test("valid command lines with ids become typed commands")
    func validWithIDs() throws {
        let abcd = try ProjectIDPrefix(parsing: "abcd")
        let cases: [([String], any Command)] = [
            (["move", "abcd", "DOING", "--at", "2"], MoveCommand(id: abcd, to: .doing, position: 2)),
            (["move", "abcd", "done"], MoveCommand(id: abcd, to: .done, position: nil)),
            (["edit", "abcd", "--due", "none"], EditCommand(id: abcd, edit: ProjectEdit(deadline: .some(nil)))),
            (
                ["edit", "abcd", "--title", "T", "--due", "2026-01-31"],
                EditCommand(id: abcd, edit: ProjectEdit(title: "T", deadline: Day(year: 2026, month: 1, day: 31)))
            ),
            (["show", "abcd"], ShowCommand(id: abcd)),
            (["delete", "abcd"], DeleteCommand(id: abcd)),
        ]
        for (arguments, command) in cases {
            #expect(try CommandParser.parse(arguments).command.isSame(as: command), "\(arguments)")
        }
    }

    @Test(
        "a near miss suggests the command or option it stands for",
        arguments: [
            (["mvoe", "3f2a", "doing"], "pm: unknown command 'mvoe': did you mean 'move'?"),
            (["hist"], "pm: unknown command 'hist': did you mean 'history'?"),
            (["udno"], "pm: unknown command 'udno': did you mean 'undo'?"),
            (["help", "shwo"], "pm: unknown command 'shwo': did you mean 'show'?"),
            (["frobnicate"], "pm: unknown command 'frobnicate'"),
            (["add", "Report", "--bdy", "B"], "pm: unknown option '--bdy' for 'pm add': did you mean '--body'?"),
            (["history", "--limt", "3"], "pm: unknown option '--limt' for 'pm history': did you mean '--limit'?"),
            (["--stroe", "/s", "board"], "pm: unknown option '--stroe': did you mean '--store'?"),
            (["completion", "tcsh"], "pm: unknown shell 'tcsh': use bash, zsh or fish"),
            (["completion"], "pm: 'pm completion' needs a shell (bash, zsh or fish)"),
            (["move"], "pm: 'pm move' needs a project id"),
            (["move", "3f2a"], "pm: 'pm move' needs a list (its name, or todo, doing or done), or --to-board NAME"),
            (["undo", "--jsn"], "pm: unknown option '--jsn' for 'pm undo': did you mean '--json'?"),
            (["board", "--pretty"], "pm: --pretty goes with --json"),
        ])
    func nearMiss(_ arguments: [String], message: String) {
        #expect(throws: CommandLineError.usage(String(message.dropFirst("pm: ".count)))) {
            try CommandParser.parse(arguments)
        }
    }

    @Test(
        "the edit distance counts a swap of neighbours as one edit",
        arguments: [
            ("move", "move", 0), ("mvoe", "move", 1), ("mov", "move", 1), ("undo", "redo", 2), ("", "board", 5),
        ])
    func editDistance(_ a: String, _ b: String, distance: Int) {
        #expect(Suggestion.distance(Array(a), Array(b)) == distance)
    }

    @Test("every command has its own name, and help lists each with its synopsis")
    func registry() {
        let names = CommandRegistry.names
        #expect(Set(names).count == names.count)
        for command in CommandRegistry.commands {
            #expect(HelpText.general(width: 1_000).contains("  \(command.configuration.synopsis)"), "\(command)")
            #expect(HelpText.usage(of: command, width: 1_000).hasPrefix("Usage: \(command.configuration.synopsis)\n"))
            #expect(CommandRegistry.command(named: command.configuration.name) == command)
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
