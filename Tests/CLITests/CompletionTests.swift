import Foundation
import Testing

@testable import ProjectManagerCLI

@Suite("pm completion: scripts written from the command registry")
struct CompletionTests {
    /// What bash offers for the words typed so far (the last one being completed), with the
    /// script `pm completion bash` prints loaded in a real bash.
    func bashCompletions(_ words: [String]) throws -> [String] {
        let script = CompletionScript(commands: CommandRegistry.commands).script(for: .bash)
        let typed = words.map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [
            "bash", "--norc", "--noprofile", "-c",
            """
            \(script)
            COMP_WORDS=(\(typed)); COMP_CWORD=\(words.count - 1); _pm
            printf '%s\\n' "${COMPREPLY[@]}"
            """,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test(
        "bash completes commands, options, columns and shells",
        arguments: [
            (["pm", "mo"], ["move"]),
            (["pm", "h"], ["history", "help"]),
            (["pm", "move", "3f2a", "do"], ["doing", "done"]),
            (["pm", "add", "Report", "--d"], ["--due"]),
            (["pm", "--store", "/tmp/x.pmstore", "hi"], ["history"]),
            (["pm", "help", "un"], ["unlabel", "unassign", "unstar", "undo"]),
            (
                ["pm", "completion", ""],
                [
                    "bash", "zsh", "fish", "ids", "boards", "lists", "labels", "members", "--board", "--store",
                    "--color",
                    "--quiet", "-q", "--help",
                    "-h", "--version", "-V",
                ]
            ),
            (["pm", "--color", "a"], ["auto", "always"]),
            (["pm", "label", "add", "Urgent", "--color", "p"], ["purple", "pink"]),
            (["pm", "board", "--color", "n"], ["never"]),
            (["pm", "move", "3f2a", "do"], ["doing", "done"]),
            (["pm", "list", "a"], ["add", "archive", "active"]),
            (["pm", "list", "add", "Review", "--stage", ""], ["open", "active", "done"]),
            (["pm", "history", "--limit", ""], []),
            (["pm", "check", "un"], ["undone"]),
            (["pm", "member", "r"], ["remove"]),
            (["pm", "comment", "e"], ["edit"]),
        ])
    func bash(_ words: [String], expected: [String]) throws {
        #expect(try bashCompletions(words) == expected)
    }

    @Test("zsh and fish scripts name every command and every option", arguments: [CompletionScript.Shell.zsh, .fish])
    func everyCommand(_ shell: CompletionScript.Shell) {
        let script = CompletionScript(commands: CommandRegistry.commands).script(for: shell)
        for command in CommandRegistry.commands {
            let configuration = command.configuration
            #expect(script.contains(configuration.name))
            for option in configuration.options + CommandRegistry.globalOptions {
                #expect(script.contains(shell == .fish ? "-l \(option.name.dropFirst(2))" : "'\(option.name)["))
            }
        }
    }

    @Test("zsh offers a command's columns and quotes the descriptions")
    func zsh() {
        let script = CompletionScript(commands: CommandRegistry.commands).script(for: .zsh)
        #expect(script.hasPrefix("#compdef pm\n"))
        #expect(
            script.contains(
                "move) _arguments $globals '--at[its position in the column, from 1 (the top)]:N: ' '--board[the board, by name, instead of the current one (pm boards lists them)]:NAME:_pm_boards' '--to-board[the board to move it to, by name]:NAME:_pm_boards' '--json[print the move as JSON]' '--pretty[with --json: indent the JSON, a key a line]' '1:ID:_pm_ids' '2:LIST:{_pm_lists; compadd todo doing done}' ;;"
            ))
        #expect(script.contains("'edit:change a project'\\''s title, body, deadline or repeat rule'"))
    }

    @Test("zsh leaves --color on pm label's line to the label, and completes lists and labels by name")
    func zshLabelColour() {
        let script = CompletionScript(commands: CommandRegistry.commands).script(for: .zsh)
        #expect(script.contains(#"label) _arguments ${globals:#--color\[*} '--color[add: its colour"#))
        #expect(script.contains("_pm_lists() {") && script.contains("_pm_labels() {"))
        #expect(script.contains("assign) _arguments $globals ") && script.contains("'2:EMAIL:_pm_members'"))
        #expect(
            script.contains("'--label[show only the cards with this label (pm labels shows them)]:NAME:_pm_labels'"))
    }

    @Test("pm completion lists and labels print the board's open lists' and labels' names")
    func listsAndLabels() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        #expect(await harness.run(["list", "add", "Review"]).status == 0)
        #expect(await harness.run(["list", "add", "Old"]).status == 0)
        #expect(await harness.run(["list", "archive", "Old"]).status == 0)
        #expect(await harness.run(["label", "add", "Urgent", "--color", "red"]).status == 0)

        #expect(await harness.run(["completion", "lists"]).outputLines == ["To Do", "Doing", "Done", "Review"])
        #expect(await harness.run(["completion", "labels"]).outputLines == ["Urgent"])
    }

    @Test("fish offers a command's columns and completes --store with files")
    func fish() {
        let script = CompletionScript(commands: CommandRegistry.commands).script(for: .fish)
        #expect(script.contains("complete -c pm -n '__fish_seen_subcommand_from move' -a 'todo doing done'"))
        #expect(script.contains("complete -c pm -l store -r -F -d "))
        #expect(
            script.contains(
                "complete -c pm -n __fish_use_subcommand -a undo -d 'revert the last change to the board (a card, a star, a skip, the board itself)'"
            ))
    }

    @Test("pm completion prints the script on standard output", arguments: CompletionScript.Shell.allCases)
    func command(_ shell: CompletionScript.Shell) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let outcome = await harness.run(["completion", shell.rawValue])

        #expect(outcome.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(outcome.output == CompletionScript(commands: CommandRegistry.commands).script(for: shell))
        #expect(try harness.storeContents() == nil)
    }
}
