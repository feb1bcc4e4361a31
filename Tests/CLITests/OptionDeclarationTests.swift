import Foundation
import Testing

@testable import ProjectManagerCLI

/// Each option is declared once, as a command's ``Option`` or ``Flag``; help, the parser, the
/// suggestions and completion all read that declaration.
@Suite("pm: options declared once, read by help and the parser alike")
struct OptionDeclarationTests {
    /// The option titles of a help text's Options section, as help wrote them: `--due YYYY-MM-DD`,
    /// `--yes, -y`, each split into its spellings and whether it takes a value.
    static func optionsListed(in help: String) -> [(spelling: String, takesValue: Bool)] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "Options:") else { return [] }
        return lines[(start + 1)...].filter { $0.hasPrefix("  -") }.flatMap { line in
            let title = line.dropFirst(2).components(separatedBy: "  ")[0]
            return title.components(separatedBy: ", ").map { piece in
                let words = piece.split(separator: " ")
                return (String(words[0]), words.count > 1)
            }
        }
    }

    /// Placeholders for a command's required arguments, and its required options but `except`.
    static func requiredArguments(of configuration: CommandConfiguration, except: String? = nil) -> [String] {
        configuration.arguments.filter { !$0.isOptional }.map { _ in "abcd" }
            + configuration.options.filter { $0.isRequired && $0.name != except }.flatMap { [$0.name, "2026-01-01"] }
    }

    @Test(
        "every option a command declares is in its help, and nothing else is",
        arguments: CommandRegistry.names)
    func helpListsTheDeclarations(_ name: String) throws {
        let command = try #require(CommandRegistry.command(named: name))
        let configuration = command.configuration

        let listed = Self.optionsListed(in: HelpText.usage(of: command, width: 1_000)).map(\.spelling)

        let declared = (configuration.options + CommandRegistry.globalOptions).flatMap(\.spellings)
        #expect(listed == declared)
    }

    @Test(
        "every option a command's help lists is one the parser takes for that command",
        arguments: CommandRegistry.names)
    func parserTakesWhatHelpLists(_ name: String) throws {
        let command = try #require(CommandRegistry.command(named: name))
        let configuration = command.configuration
        let globals = Set(CommandRegistry.globalOptions.flatMap(\.spellings))

        for (spelling, takesValue) in Self.optionsListed(in: HelpText.usage(of: command, width: 1_000)) {
            // A value the option takes: the first word it completes with, else any text.
            let declared = (configuration.options + CommandRegistry.globalOptions).first {
                $0.spellings.contains(spelling)
            }
            let value =
                if case .words(let words)? = declared?.completion, let first = words.first { first } else { "value" }
            let given = [spelling] + (takesValue ? [value] : [])
            let required = Self.requiredArguments(of: configuration, except: spelling)
            if globals.contains(spelling) {
                // The parser takes a global option anywhere; --help then explains the command.
                let invocation = try CommandParser.parse([name] + given + ["--help"])
                #expect(invocation.command is HelpCommand || invocation.command is VersionCommand, "\(spelling)")
            } else {
                let parsed = try ParsedArguments(ArraySlice(required + given), for: configuration)
                let option = try #require(configuration.options.first { $0.spellings.contains(spelling) })
                #expect(parsed.isGiven(option), "\(name) \(spelling)")
            }
        }
    }

    @Test(
        "an option declared without a value is a flag in help and to the parser, and one with a value needs it",
        arguments: CommandRegistry.names)
    func valuesAsDeclared(_ name: String) throws {
        let command = try #require(CommandRegistry.command(named: name))
        let configuration = command.configuration

        for option in configuration.options {
            let required = Self.requiredArguments(of: configuration, except: option.name)
            let listed = Self.optionsListed(in: HelpText.usage(of: command, width: 1_000)).first {
                $0.spelling == option.name
            }
            #expect(listed?.takesValue == !option.isFlag, "\(name) \(option.name)")
            if option.isFlag {
                #expect(throws: CommandLineError.usage("option '\(option.name)' takes no value")) {
                    try ParsedArguments(ArraySlice(required + ["\(option.name)=x"]), for: configuration)
                }
            } else {
                #expect(throws: CommandLineError.usage("option '\(option.name)' needs a value")) {
                    try ParsedArguments(ArraySlice(required + [option.name]), for: configuration)
                }
            }
        }
    }

    @Test("a typed option reads its value through its declaration, and its message names it")
    func typedValues() throws {
        let move = MoveCommand.configuration
        let parsed = try ParsedArguments(["abcd", "done", "--at", "2", "--to-board=Work"], for: move)

        #expect(try parsed[MoveCommand.at] == 2)
        #expect(parsed[MoveCommand.toBoard] == "Work")
        #expect(parsed[MoveCommand.board] == nil)
        let bad = try ParsedArguments(["abcd", "done", "--at", "0"], for: move)
        #expect(throws: CommandLineError.usage("bad --at '0': positions count from 1, the top of the column")) {
            try bad[MoveCommand.at]
        }
    }
}
