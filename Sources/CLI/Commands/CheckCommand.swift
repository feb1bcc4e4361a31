import ProjectManager

/// `pm check`: adds, ticks, unticks, rewords, moves and deletes the items of a card's checklist.
///
/// ```
/// pm check add 3f2a "Book the room"
/// pm check add 3f2a "Send the agenda" --at 1
/// pm check done 3f2a 2
/// pm check undone 3f2a 2
/// pm check edit 3f2a 1 "Send the agenda today"
/// pm check move 3f2a 2 --at 1
/// pm check delete 3f2a 1
/// ```
/// `N` counts the items from 1, as `pm show` numbers them. Each change is one undo step on the
/// board's history; one that changes nothing saves nothing.
struct CheckCommand: Command {
    static let at = Option(
        "--at", "N", help: "add, move: its position in the checklist, from 1 (the top); past the end is last"
    ) { text, name throws(CommandLineError) in try CheckCommand.number(parsing: text, option: name) }
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "check", abstract: "add, tick, untick, reword, move or delete a project's checklist items",
        discussion: """
            add ID TEXT adds an item to the project's checklist, last unless \(at.name) N says where; \
            done ID N ticks the item N, undone ID N unticks it; edit ID N TEXT gives it new text; \
            move ID N \(at.name) M moves it; delete ID N deletes it. N counts from 1, as pm show \
            numbers the items. Each change is one undo step.
            """,
        arguments: [
            CommandArgument(
                valueName: Action.names.joined(separator: "|"),
                noun: "what to do (\(Action.names.joined(separator: ", ")))", help: "what to do to the checklist",
                completion: .words(Action.names)),
            .projectID,
            CommandArgument(
                valueName: "N|TEXT", noun: "an item's number (or, for add, its text)",
                help: "the item, by its number from 1; for add, the new item's text"),
            CommandArgument(
                valueName: "TEXT", noun: "the item's new text", help: "edit: the item's new text", isOptional: true),
        ],
        options: [at, board],
        extraArgumentHint: "quote a text that has spaces")

    /// What `pm check` does to a checklist.
    enum Action: Hashable, Sendable {
        /// Adds an item of this text at this position (from 1), last when `nil`.
        case add(String, position: Int?)
        /// Ticks (`true`) or unticks the item of this number.
        case tick(Int, done: Bool)
        /// Gives the item of this number new text.
        case edit(Int, to: String)
        /// Moves the item of this number to this position (from 1).
        case move(Int, to: Int)
        /// Deletes the item of this number.
        case delete(Int)

        /// The words that name the actions, in help's order.
        static let names = ["add", "done", "undone", "edit", "move", "delete"]
    }

    /// What to do.
    var action: Action
    /// The project whose checklist it is.
    var id: ProjectIDPrefix
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(_ action: Action, on id: ProjectIDPrefix, board: String? = nil) {
        (self.action, self.id, self.board) = (action, id, board)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let (word, value, text) = (arguments.positionals[0], arguments.positionals[2], arguments.positional(3))
        guard Action.names.contains(word) else {
            throw .usage(
                "unknown action '\(word)' for 'pm check': use \(Action.names.joined(separator: ", "))"
                    + Suggestion.didYouMean(word, among: Action.names).replacing(": did", with: "; did"))
        }
        let command = "pm check \(word)"
        id = try ProjectIDPrefix(parsing: arguments.positionals[1])
        board = arguments[Self.board]
        func item() throws(CommandLineError) -> Int { try Self.number(parsing: value, option: "item number") }
        var takesText = false
        switch word {
        case "add":
            action = .add(value, position: try arguments[Self.at])
        case "done", "undone":
            action = .tick(try item(), done: word == "done")
        case "edit":
            takesText = true
            guard let text else { throw .usage("'\(command) \(arguments.positionals[1]) \(value)' needs the new text") }
            action = .edit(try item(), to: text)
        case "move":
            let number = try item()
            guard let position = try arguments[Self.at] else { throw .usage("'\(command)' needs \(Self.at.synopsis)") }
            action = .move(number, to: position)
        default:
            action = .delete(try item())
        }
        if !takesText, let text {
            throw .usage("unexpected argument '\(text)' for '\(command)' (quote a text that has spaces)")
        }
        if !["add", "move"].contains(word), arguments.isGiven(Self.at) {
            throw .usage("option '\(Self.at.name)' does not go with '\(command)'")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try await context.screens(onBoard: board)
        let lookup = try await context.lookupWithArchived(on: screens)
        let project = try lookup.project(id)
        let card = lookup.describe(project)
        let items = try await screens.checklist(of: project.id)
        if case .add(let text, let position) = action {
            let item = try await screens.addChecklistItem(text, to: project.id, at: position.map { $0 - 1 })
            let after = try await screens.checklist(of: project.id)
            let number = (after.firstIndex { $0.id == item.id } ?? after.count - 1) + 1
            context.print(
                "added item \(number) '\(Self.text(item))' to \(card): \(ChecklistProgress(after)) done")
            return
        }
        let number: Int
        switch action {
        case .add: return
        case .tick(let item, _), .edit(let item, _), .move(let item, _), .delete(let item): number = item
        }
        guard number <= items.count else {
            let shown = lookup.shortIDs(project.id)
            throw .runtime(
                items.isEmpty
                    ? "\(card) has no checklist: pm check add \(shown) TEXT adds an item"
                    : "\(card) has no item \(number): its checklist has \(items.count == 1 ? "1 item" : "\(items.count) items") (pm show \(shown) lists them)"
            )
        }
        let item = items[number - 1]
        let name = "item \(number) '\(Self.text(item))'"
        switch action {
        case .add:
            return
        case .tick(_, let done):
            guard item.isDone != done else {
                context.print("nothing changed: \(name) of \(card) is \(done ? "already ticked" : "not ticked")")
                return
            }
            _ = try await screens.editChecklistItem(item.id, .done(done))
            var after = items
            after[number - 1].isDone = done
            context.print("\(done ? "ticked" : "unticked") \(name) of \(card): \(ChecklistProgress(after)) done")
        case .edit(_, let text):
            let saved = try await screens.editChecklistItem(item.id, .text(text))
            guard saved != item else {
                context.print("nothing changed: \(name) of \(card) already says so")
                return
            }
            context.print("item \(number) of \(card) is now '\(Self.text(saved))'")
        case .move(_, let position):
            let saved = try await screens.editChecklistItem(item.id, .move(to: position - 1))
            guard saved != item else {
                context.print("nothing changed: \(name) of \(card) is already \(number) of \(items.count)")
                return
            }
            let after = try await screens.checklist(of: project.id)
            let index = (after.firstIndex { $0.id == item.id } ?? after.count - 1) + 1
            context.print("moved \(name) of \(card) to \(index) of \(after.count)")
        case .delete:
            _ = try await screens.editChecklistItem(item.id, .delete)
            context.print("deleted \(name) from \(card) (pm undo puts it back)")
        }
    }

    /// An item's text for a line of output, sanitized and cut to 40 characters.
    static func text(_ item: ChecklistItem) -> String {
        TerminalText.truncated(TerminalText.sanitized(item.text), to: 40)
    }

    /// A number counted from 1: an item's, or a position.
    static func number(parsing text: String, option: String) throws(CommandLineError) -> Int {
        guard text.allSatisfy(\.isASCII), let number = Int(text), number >= 1 else {
            throw .usage("bad \(option) '\(text)': give a whole number from 1, the top of the checklist")
        }
        return number
    }
}
