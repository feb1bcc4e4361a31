import Foundation
import ProjectManager

/// `pm board`: draws a board as the board screen shows it, and makes, renames, deletes and
/// chooses boards.
///
/// ```
/// pm board                 # the current board
/// pm board Work --json
/// pm board new Work
/// pm board rename Work Office
/// pm board use Office
/// pm board delete Office --yes
/// ```
struct BoardCommand: Command {
    static let board = Option.board()
    static let json = JSONFormat.flag(help: "print the board, or what was done, as JSON")
    static let yes = Flag("--yes", aliases: ["-y"], help: "delete: do not ask")
    static let label = Option(
        "--label", "NAME", help: "show only the cards with this label (pm labels shows them)", completion: .labels)

    static let configuration = CommandConfiguration(
        name: "board", abstract: "show a board; make, rename, delete or choose one",
        discussion: """
            pm board draws the current board, pm board NAME (or \(board.synopsis)) the board of that name: \
            its open lists side by side, fitted to the terminal's width (else $COLUMNS, else 80): up to three \
            at any width, more in rows of as many as fit at 24 cells each; each list with its count and \
            limit ('! over limit N' past it), each card with its labels and deadline, overdue ones starting \
            with '!'. \(label.synopsis) shows only the cards with that label. new NAME makes a board; rename NAME NEW renames one; \
            delete NAME deletes one with its projects, after asking on the terminal (\(yes.name) does not \
            ask; without a terminal, \(yes.name) is needed); use NAME makes it the current board, the one \
            commands work on without \(board.name), kept in STORE.settings.json (0600) for each account. \
            A name finds the board of that title, or the one board of that title in another case. \
            To draw a board named like an action, use \(board.name): pm board \(board.name) new.
            """,
        arguments: [
            CommandArgument(
                valueName: "NAME|new|rename|delete|use", noun: "a board or what to do",
                help: "the board to draw, or what to do", isOptional: true, completion: .boards(andWords: Action.names)),
            CommandArgument(
                valueName: "NAME", noun: "a board's name", help: "for new, rename, delete, use: the board",
                isOptional: true,
                completion: .boards()),
            CommandArgument(valueName: "NEW", noun: "the new name", help: "for rename: the new name", isOptional: true),
        ],
        options: [board, label, json, JSONFormat.pretty, yes],
        extraArgumentHint: "quote a name that has spaces")

    /// What `pm board` does.
    enum Action: Equatable, Sendable {
        /// Draws the board `name` finds, or the current board; only the cards with the label
        /// `label` names when it is given.
        case show(String?, label: String? = nil)
        case create(String)
        case rename(String, to: String)
        case delete(String, confirmed: Bool)
        case use(String)

        static let names = ["new", "rename", "delete", "use"]
    }

    let action: Action
    /// How to print the board, or what was done, as JSON; text when `nil`.
    var json: JSONFormat?

    init(_ action: Action = .show(nil), json: JSONFormat? = nil) {
        self.action = action
        self.json = json
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let (first, second, third) = (arguments.positional(0), arguments.positional(1), arguments.positional(2))
        func name(_ value: String?, for action: String) throws(CommandLineError) -> String {
            guard let value else { throw .usage("'pm board \(action)' needs a board's name") }
            return value
        }
        json = try JSONFormat.parse(arguments)
        var allowed: [any DeclaredOption]
        let extra: String?
        switch first {
        case "new":
            (allowed, extra) = ([], third)
            action = .create(try name(second, for: "new"))
        case "rename":
            (allowed, extra) = ([], nil)
            let old = try name(second, for: "rename")
            guard let third else { throw .usage("'pm board rename \(old)' needs the new name") }
            action = .rename(old, to: third)
        case "delete":
            (allowed, extra) = ([Self.yes], third)
            action = .delete(try name(second, for: "delete"), confirmed: arguments[Self.yes])
        case "use":
            (allowed, extra) = ([], third)
            action = .use(try name(second, for: "use"))
        default:
            (allowed, extra) = ([Self.json, Self.board, Self.label], second)
            if let first, let board = arguments[Self.board] {
                throw .usage("give the board once: pm board '\(first)' or pm board \(Self.board.name) '\(board)'")
            }
            action = .show(first ?? arguments[Self.board], label: arguments[Self.label])
        }
        allowed += [Self.json, JSONFormat.pretty]
        let command = ["pm board", Action.names.contains(first ?? "") ? first : nil].compactMap(\.self).joined(
            separator: " ")
        if let extra { throw .usage("unexpected argument '\(extra)' for '\(command)' (quote a name that has spaces)") }
        let allowedNames = Set(allowed.map(\.name))
        for option in Self.configuration.options where !allowedNames.contains(option.name) && arguments.isGiven(option)
        {
            throw .usage("option '\(option.name)' does not go with '\(command)'")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        switch action {
        case .show(let name, let labelName):
            let (screens, board) = try await context.open(board: name, readOnly: true)
            let items = try await BoardItems(of: screens)
            let label = try labelName.map { (name: String) throws(CommandLineError) in
                try items.labels.label(named: name, onBoard: board.title).id
            }
            if let json {
                let overview =
                    if let label { try await screens.overview(labelled: label) } else { try await screens.overview() }
                try context.printJSON(
                    try await BoardJSON(of: board, overview: overview, items: items, on: screens, in: context), json)
            } else {
                context.print(
                    try await context.boardRenderer(on: screens, title: board.title, labelled: label, items: items)
                        .lines())
            }
        case .create(let title):
            try await BoardChanges(context: context, json: json).create(title)
        case .rename(let name, let title):
            try await BoardChanges(context: context, json: json).rename(name, to: title)
        case .delete(let name, let confirmed):
            try await BoardChanges(context: context, json: json).delete(name, confirmed: confirmed)
        case .use(let name):
            try await BoardChanges(context: context, json: json).use(name)
        }
    }
}
