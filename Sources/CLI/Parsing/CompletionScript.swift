/// The shell completion scripts `pm completion` prints, written from the commands' configurations:
/// command names with their abstracts, each command's options, and the words its arguments take.
struct CompletionScript: Sendable {
    /// A shell `pm` can complete in.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// What is completed.
    let commands: [CommandConfiguration]
    /// The options every command takes.
    let globalOptions: [CommandOption]

    init(commands: [any Command.Type], globalOptions: [CommandOption] = CommandRegistry.globalOptions) {
        self.commands = commands.map { $0.configuration }
        self.globalOptions = globalOptions
    }

    /// The script for `shell`.
    func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    // MARK: - bash

    private var bash: String {
        let globals = globalOptions.flatMap(\.spellings)
        var lines = [
            "# pm completion for bash. Load it with: source <(pm completion bash)",
            "# Ids and board names come from the store: pm completion ids|boards, with the --store",
            "# (and, for ids, the --board) typed on the line.",
            "_pm_list() {",
            "    local i args=()",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            "        case \"${COMP_WORDS[i]}\" in",
            "            --store|--board) args+=(\"${COMP_WORDS[i]}\" \"${COMP_WORDS[i+1]}\") ;;",
            "            --store=*|--board=*) args+=(\"${COMP_WORDS[i]}\") ;;",
            "        esac",
            "    done",
            "    command pm completion \"$1\" \"${args[@]}\" 2>/dev/null | cut -f1",
            "}",
            "_pm() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" command=\"\" i IFS=$'\\n'",
            "    (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            "        case \"${COMP_WORDS[i]}\" in",
            "            \(valueOptions(globalOptions).flatMap(\.spellings).joined(separator: "|"))) (( i++ )) ;;",
            "            -*) ;;",
            "            *) command=\"${COMP_WORDS[i]}\"; break ;;",
            "        esac",
            "    done",
            "    case \"$prev\" in",
        ]
        lines += bashValueCases(globalOptions, indent: "        ", global: true)
        lines += [
            "    esac",
            "    case \"$command\" in",
            "        \"\") COMPREPLY=($(compgen -W \"\(Self.lines(commands.map(\.name) + globals))\" -- \"$cur\")) ;;",
        ]
        for command in commands {
            let words =
                command.arguments.flatMap { self.words(for: $0.completion) }
                + command.options.flatMap(\.spellings) + globals
            let lists = Self.lists(in: command.arguments.map(\.completion)).map { "$(_pm_list \($0))" }
            lines.append("        \(command.name))")
            if !valueOptions(command.options).isEmpty {
                lines.append("            case \"$prev\" in")
                lines += bashValueCases(command.options, indent: "                ")
                lines.append("            esac")
            }
            let candidates = ([Self.lines(words)] + lists).joined(separator: "\n")
            lines.append("            COMPREPLY=($(compgen -W \"\(candidates)\" -- \"$cur\")) ;;")
        }
        lines += ["    esac", "}", "complete -F _pm pm", ""]
        return lines.joined(separator: "\n")
    }

    /// `--due) COMPREPLY=(); return ;;` for each option that takes a value; a `global` one that a
    /// command declares itself (`--color` on `pm label`) leaves that command's line to it.
    private func bashValueCases(_ options: [CommandOption], indent: String, global: Bool = false) -> [String] {
        valueOptions(options).map { option in
            let reply =
                switch option.completion {
                case .files: "$(compgen -f -- \"$cur\")"
                case .none: ""
                case .words, .commands, .projectIDs, .boards, .lists, .labels, .members:
                    "$(compgen -W \"\(([Self.lines(words(for: option.completion))] + Self.lists(in: [option.completion]).map { "$(_pm_list \($0))" }).joined(separator: "\n"))\" -- \"$cur\")"
                }
            let pattern = option.spellings.joined(separator: "|")
            let owners = global ? commands(redeclaring: option) : []
            guard !owners.isEmpty else { return "\(indent)\(pattern)) COMPREPLY=(\(reply)); return ;;" }
            return
                "\(indent)\(pattern)) case \"$command\" in \(owners.joined(separator: "|"))) ;; *) COMPREPLY=(\(reply)); return ;; esac ;;"
        }
    }

    /// The names of the commands that declare an option spelt as the global `option` is.
    private func commands(redeclaring option: CommandOption) -> [String] {
        commands.filter { command in command.options.contains { !Set($0.spellings).isDisjoint(with: option.spellings) }
        }
        .map(\.name)
    }

    // MARK: - zsh

    private var zsh: String {
        var lines = [
            "#compdef pm",
            "# pm completion for zsh. Load it with: source <(pm completion zsh), or save it as _pm in $fpath.",
            "_pm_list() {",
            "    local -a args; local i",
            "    for (( i = 1; i < CURRENT; i++ )); do",
            "        case $words[i] in",
            "            --store|--board) args+=($words[i] $words[i+1]) ;;",
            "            --store=*|--board=*) args+=($words[i]) ;;",
            "        esac",
            "    done",
            "    command pm completion $1 $args 2>/dev/null",
            "}",
            "_pm_ids() { local -a ids; ids=(${(f)\"$(_pm_list ids)\"}); ids=(${ids//$'\\t'/:}); _describe -t ids 'project id' ids }",
            "_pm_boards() { local -a boards; boards=(${(f)\"$(_pm_list boards)\"}); compadd -a boards }",
            "_pm_lists() { local -a lists; lists=(${(f)\"$(_pm_list lists)\"}); compadd -a lists }",
            "_pm_labels() { local -a labels; labels=(${(f)\"$(_pm_list labels)\"}); compadd -a labels }",
            "_pm_members() { local -a members; members=(${(f)\"$(_pm_list members)\"}); compadd -a members }",
            "_pm() {",
            "    local -a commands globals",
            "    commands=(",
        ]
        lines += commands.map { "        \(Self.singleQuoted("\($0.name):\($0.abstract)"))" }
        lines += ["    )", "    globals=("]
        lines += globalOptions.flatMap(zshSpecs).map { "        \($0)" }
        lines += [
            "    )",
            "    local curcontext=\"$curcontext\" state line",
            "    _arguments -C $globals '1: :->command' '*:: :->arguments' && return",
            "    case $state in",
            "        command) _describe -t commands 'pm command' commands ;;",
            "        arguments)",
            "            case $words[1] in",
        ]
        for command in commands {
            let positionals = command.arguments.enumerated().map { index, argument in
                Self.singleQuoted("\(index + 1):\(argument.valueName):\(zshAction(argument.completion))")
            }
            let specs = command.options.flatMap(zshSpecs) + positionals
            // A global option the command declares itself is the command's on its line.
            let globals = globalOptions.filter { global in
                command.options.contains { !Set($0.spellings).isDisjoint(with: global.spellings) }
            }.reduce("$globals") { kept, option in "${\(kept.dropFirst()):#\(option.name)\\[*}" }
            lines.append("                \(command.name)) _arguments \(globals) \(specs.joined(separator: " ")) ;;")
        }
        lines += ["            esac ;;", "    esac", "}", "_pm \"$@\"", ""]
        return lines.joined(separator: "\n")
    }

    /// `'--due[the day it is due]:YYYY-MM-DD: '` for each spelling of the option.
    private func zshSpecs(_ option: CommandOption) -> [String] {
        let help = Self.firstLine(option.help).replacing("[", with: "\\[").replacing("]", with: "\\]")
        let value = option.valueName.map { ":\($0):\(zshAction(option.completion))" } ?? ""
        return option.spellings.map { Self.singleQuoted("\($0)[\(help)]\(value)") }
    }

    private func zshAction(_ completion: Completion) -> String {
        switch completion {
        case .none: " "
        case .files: "_files"
        case .words, .commands: "(\(words(for: completion).joined(separator: " ")))"
        case .projectIDs: "_pm_ids"
        case .boards(let words) where words.isEmpty: "_pm_boards"
        case .boards(let words): "{_pm_boards; compadd \(words.joined(separator: " "))}"
        case .lists(let words) where words.isEmpty: "_pm_lists"
        case .lists(let words): "{_pm_lists; compadd \(words.joined(separator: " "))}"
        case .labels: "_pm_labels"
        case .members: "_pm_members"
        }
    }

    // MARK: - fish

    private var fish: String {
        var lines = [
            "# pm completion for fish. Load it with: pm completion fish | source",
            "function __pm_list",
            "    set -l tokens (commandline -opc)",
            "    set -l args",
            "    for i in (seq (count $tokens))",
            "        if contains -- $tokens[$i] --store --board; and test $i -lt (count $tokens)",
            "            set -a args $tokens[$i] $tokens[(math $i + 1)]",
            "        end",
            "    end",
            "    command pm completion $argv[1] $args 2>/dev/null",
            "end",
            "complete -c pm -f",
        ]
        lines += globalOptions.map { "complete -c pm \(fishOption($0))" }
        lines += commands.map { command in
            "complete -c pm -n __fish_use_subcommand -a \(command.name) -d \(Self.singleQuoted(command.abstract))"
        }
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            lines += command.options.map { "complete -c pm \(condition) \(fishOption($0))" }
            let words = command.arguments.flatMap { self.words(for: $0.completion) }
            if !words.isEmpty {
                lines.append("complete -c pm \(condition) -a \(Self.singleQuoted(words.joined(separator: " ")))")
            }
            for list in Self.lists(in: command.arguments.map(\.completion)) {
                lines.append("complete -c pm \(condition) -a '(__pm_list \(list))'")
            }
        }
        return (lines + [""]).joined(separator: "\n")
    }

    /// `-l due -x -d 'the day it is due'`.
    private func fishOption(_ option: CommandOption) -> String {
        let names = option.spellings.map { $0.hasPrefix("--") ? "-l \($0.dropFirst(2))" : "-s \($0.dropFirst())" }
        let value =
            switch (option.isFlag, option.completion) {
            case (true, _): ""
            case (false, .files): " -r -F"
            case (false, .none): " -x"
            case (false, .words), (false, .commands):
                " -xa \(Self.singleQuoted(words(for: option.completion).joined(separator: " ")))"
            case (false, .projectIDs): " -xa '(__pm_list ids)'"
            case (false, .boards): " -xa '(__pm_list boards)'"
            case (false, .lists): " -xa '(__pm_list lists)'"
            case (false, .labels): " -xa '(__pm_list labels)'"
            case (false, .members): " -xa '(__pm_list members)'"
            }
        return names.joined(separator: " ") + value + " -d " + Self.singleQuoted(Self.firstLine(option.help))
    }

    // MARK: - Helpers

    private func valueOptions(_ options: [CommandOption]) -> [CommandOption] {
        options.filter { !$0.isFlag }
    }

    private func words(for completion: Completion) -> [String] {
        switch completion {
        case .none, .files, .projectIDs, .labels, .members: []
        case .words(let words), .boards(let words), .lists(let words): words
        case .commands: commands.map(\.name)
        }
    }

    /// The lists `pm completion` gives that `completions` ask for: `ids`, `boards`, `lists`,
    /// `labels`, `members`.
    private static func lists(in completions: [Completion]) -> [String] {
        var lists: [String] = []
        for completion in completions {
            switch completion {
            case .projectIDs where !lists.contains("ids"): lists.append("ids")
            case .boards where !lists.contains("boards"): lists.append("boards")
            case .lists where !lists.contains("lists"): lists.append("lists")
            case .labels where !lists.contains("labels"): lists.append("labels")
            case .members where !lists.contains("members"): lists.append("members")
            default: break
            }
        }
        return lists
    }

    /// `words` one a line, for bash's `compgen -W` with `IFS` a line break.
    private static func lines(_ words: [String]) -> String {
        words.joined(separator: "\n")
    }

    /// The first line of a help text, without the punctuation that leads into the next.
    private static func firstLine(_ text: String) -> String {
        var line = String(text.prefix { $0 != "\n" })
        while let last = line.last, last == "," || last == ";" { line.removeLast() }
        return line
    }

    /// `text` in single quotes for the shell: `'a project'\''s'`.
    private static func singleQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
