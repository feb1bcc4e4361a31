import ProjectManager

/// `pm list`: adds, renames, moves, archives, restores, limits and restages a list of a board.
///
/// ```
/// pm list add Review --stage active --at 3 --limit 3
/// pm list rename Review "In review"
/// pm list move "In review" --at 1
/// pm list limit "In review" none
/// pm list stage "In review" done
/// pm list archive "In review"
/// pm list restore "In review"
/// ```
/// Each is one undo step on the board's history; a change that changes nothing saves nothing.
struct ListCommand: Command {
    static let stage = Option(
        "--stage", "open|active|done", help: "add: what being in it means; open unless given",
        completion: .words(ProjectState.stageWords)
    ) { text, name throws(CommandLineError) in try ProjectState.stage(parsing: text, option: name) }
    static let at = Option(
        "--at", "N", help: "add, move: its position among the board's open lists, from 1 (the left)"
    ) { text, name throws(CommandLineError) in try MoveCommand.position(parsing: text, option: name) }
    static let limit = Option(
        "--limit", "N", help: "add: a soft limit on its cards; a move past it is kept, and the board says so"
    ) { text, name throws(CommandLineError) in try Self.limit(parsing: text, option: name) }
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "list", abstract: "add, rename, move, archive, restore, limit or restage a list",
        discussion: """
            add NAME adds a list, last unless \(at.name) N says where, of stage open (to do), active \
            (doing) or done (\(stage.name)); a card in a done list is never overdue, and moving a repeating \
            card into one completes its occurrence. rename NAME NEW renames it; move NAME \(at.name) N \
            moves it; limit NAME N|none sets or takes off its soft limit; stage NAME open|active|done \
            gives it and its cards a new stage; archive NAME hides it with its cards (a board keeps one \
            open list at least); restore NAME puts it back, last. A name finds a list in any case; \
            pm lists shows them.
            """,
        arguments: [
            CommandArgument(
                valueName: Action.names.joined(separator: "|"),
                noun: "what to do (\(Action.names.joined(separator: ", ")))",
                help: "what to do to the list", completion: .words(Action.names)),
            CommandArgument(
                valueName: "NAME", noun: "a list's name", help: "the list, by name; for add, the new list's name",
                completion: .lists()),
            CommandArgument(
                valueName: "NEW|N|none|STAGE", noun: "the new value",
                help: "rename: the new name; limit: the limit, or none; stage: open, active or done",
                isOptional: true, completion: .words(ProjectState.stageWords + ["none"])),
        ],
        options: [stage, at, limit, board],
        extraArgumentHint: "quote a name that has spaces")

    /// What `pm list` does to a list.
    enum Action: Hashable, Sendable {
        case add(String, stage: ProjectState, position: Int?, limit: Int?)
        case rename(ListName, to: String)
        case move(ListName, position: Int)
        case archive(ListName)
        case restore(ListName)
        case limit(ListName, Int?)
        case stage(ListName, ProjectState)

        /// The words that name the actions, in help's order.
        static let names = ["add", "rename", "move", "archive", "restore", "limit", "stage"]
    }

    /// What to do.
    var action: Action
    /// The board whose list it is, by name; the current board when `nil`.
    var board: String?

    init(_ action: Action, board: String? = nil) {
        self.action = action
        self.board = board
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        let (word, name, value) = (arguments.positionals[0], arguments.positionals[1], arguments.positional(2))
        let command = "pm list \(word)"
        func needs(_ what: String) throws(CommandLineError) -> String {
            guard let value else { throw .usage("'\(command) \(name)' needs \(what)") }
            return value
        }
        var allowed: [any DeclaredOption] = []
        var takesValue = true
        switch word {
        case "add":
            takesValue = false
            allowed = [Self.stage, Self.at, Self.limit]
            action = .add(
                name, stage: try arguments[Self.stage] ?? .todo, position: try arguments[Self.at],
                limit: try arguments[Self.limit])
        case "rename":
            action = .rename(ListName(name), to: try needs("the new name"))
        case "move":
            takesValue = false
            allowed = [Self.at]
            guard let position = try arguments[Self.at] else { throw .usage("'\(command)' needs \(Self.at.synopsis)") }
            action = .move(ListName(name), position: position)
        case "archive":
            takesValue = false
            action = .archive(ListName(name))
        case "restore":
            takesValue = false
            action = .restore(ListName(name))
        case "limit":
            let text = try needs("a limit (a whole number from 1, or none)")
            action = .limit(
                ListName(name), text.lowercased() == "none" ? nil : try Self.limit(parsing: text, option: "limit"))
        case "stage":
            action = .stage(
                ListName(name),
                try ProjectState.stage(parsing: try needs("a stage (open, active or done)"), option: "stage"))
        default:
            throw .usage(
                "unknown action '\(word)' for 'pm list': use \(Action.names.joined(separator: ", "))"
                    + Suggestion.didYouMean(word, among: Action.names).replacing(": did", with: "; did"))
        }
        if !takesValue, let value {
            throw .usage("unexpected argument '\(value)' for '\(command)' (quote a name that has spaces)")
        }
        let allowedNames = Set(allowed.map(\.name) + [Self.board.name])
        for option in Self.configuration.options where !allowedNames.contains(option.name) && arguments.isGiven(option)
        {
            throw .usage("option '\(option.name)' does not go with '\(command)'")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: board, readOnly: false)
        if case .add(let title, let stage, let position, let limit) = action {
            let list = try await screens.addList(title, stage: stage, at: position.map { $0 - 1 }, limit: limit)
            let open = try await screens.lists()
            let index = open.firstIndex { $0.id == list.id }.map { $0 + 1 } ?? open.count
            let limitText = limit.map { ", at most \($0 == 1 ? "1 card" : "\($0) cards")" } ?? ""
            context.print(
                "added list '\(TerminalText.sanitized(list.title))' (\(stage.stageWord)\(limitText)), "
                    + "\(index) of \(open.count) on board '\(TerminalText.sanitized(board.title))'")
            return
        }
        let target: ListName
        switch action {
        case .add: return
        case .rename(let list, _), .move(let list, _), .archive(let list), .restore(let list), .limit(let list, _),
            .stage(let list, _):
            target = list
        }
        let entries = try await screens.lists(archived: true)
        let restoring = if case .restore = action { true } else { false }
        // `restore` looks among the archived lists; the others among the open ones.
        let lists = entries.map(\.list).filter { $0.isArchived == restoring }
        guard let list = lists.named(target.text) else {
            if let other = entries.map(\.list).named(target.text) {
                let state = other.isArchived ? "archived: pm list restore puts it back" : "not archived"
                throw .runtime("list '\(TerminalText.sanitized(other.title))' is \(state)")
            }
            _ = try lists.list(named: target, onBoard: board.title)
            return
        }
        let name = TerminalText.sanitized(list.title)
        let count = entries.first { $0.id == list.id }?.count ?? 0
        let cards = count == 1 ? "1 card" : "\(count) cards"
        switch action {
        case .add:
            return
        case .rename(_, let title):
            let saved = try await screens.editList(list.id, .rename(title))
            context.print("renamed list '\(name)' to '\(TerminalText.sanitized(saved.title))'")
        case .move(_, let position):
            _ = try await screens.editList(list.id, .move(to: position - 1))
            let open = try await screens.lists()
            let index = open.firstIndex { $0.id == list.id }.map { $0 + 1 } ?? open.count
            context.print("moved list '\(name)' to \(index) of \(open.count)")
        case .archive:
            _ = try await screens.editList(list.id, .archive)
            context.print("archived list '\(name)' with its \(cards) (pm list restore '\(name)' puts it back)")
        case .restore:
            _ = try await screens.editList(list.id, .restore)
            context.print("restored list '\(name)' with its \(cards), last on the board")
        case .limit(_, let limit):
            let saved = try await screens.editList(list.id, .limit(limit))
            guard let limit else {
                context.print("list '\(name)' has no limit now")
                return
            }
            let over = saved.isOver(count: count) ? ": it holds \(count), over its limit" : ""
            context.print("list '\(name)' now holds at most \(limit == 1 ? "1 card" : "\(limit) cards")\(over)")
        case .stage(_, let stage):
            _ = try await screens.editList(list.id, .stage(stage))
            context.print("list '\(name)' is now \(stage.stageWord), with its \(cards)")
        }
    }

    /// A limit: a whole number from 1.
    static func limit(parsing text: String, option: String) throws(CommandLineError) -> Int {
        guard text.allSatisfy(\.isASCII), let limit = Int(text), limit >= 1 else {
            throw .usage("bad \(option) '\(text)': give a whole number from 1, or none for no limit")
        }
        return limit
    }
}
