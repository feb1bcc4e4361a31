import ProjectManager

/// `pm label`: makes, renames, recolours and deletes a board's labels, and puts one on a card.
///
/// ```
/// pm label add Urgent --color red
/// pm label rename Urgent Blocker
/// pm label color Blocker orange
/// pm label 3f2a Blocker          # on the card 3f2a…; pm unlabel takes it off
/// pm label delete Blocker        # off every card, too
/// ```
struct LabelCommand: Command {
    static let color = Option(
        "--color", "COLOR", help: "add: its colour, one of Trello's ten (\(LabelColour.words.joined(separator: ", ")))",
        completion: .words(LabelColour.words)
    ) { text, name throws(CommandLineError) in try LabelColour.colour(parsing: text, option: name) }
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "label", abstract: "make, rename, recolour or delete a label, or put one on a project",
        discussion: """
            add NAME \(color.synopsis) makes a label of the board (no colour unless given); rename NAME NEW \
            renames it; color NAME COLOR recolours it; delete NAME deletes it and takes it off every card. \
            pm label ID NAME puts the label on the project ID (pm unlabel ID NAME takes it off). A name \
            finds a label in any case, and a label without a name by its colour; pm labels shows them. \
            On pm label's line, \(color.name) is the label's colour: the output's goes before the \
            command (pm \(color.name)=never label …).
            """,
        arguments: [
            CommandArgument(
                valueName: (Action.names + ["ID"]).joined(separator: "|"), noun: "what to do, or a project id",
                help: "what to do with the label, or the project to put it on", completion: .words(Action.names)),
            CommandArgument(
                valueName: "NAME", noun: "a label's name", help: "the label, by name; for add, the new label's name",
                completion: .labels),
            CommandArgument(
                valueName: "NEW|COLOR", noun: "the new value", help: "rename: the new name; color: the new colour",
                isOptional: true, completion: .words(LabelColour.words)),
        ],
        options: [color, board],
        extraArgumentHint: "quote a name that has spaces")

    /// What `pm label` does.
    enum Action: Hashable, Sendable {
        case add(String, colour: LabelColour)
        case rename(String, to: String)
        case colour(String, LabelColour)
        case delete(String)
        /// Puts the label named so on the project.
        case put(String, on: ProjectIDPrefix)

        /// The words that name the actions, in help's order.
        static let names = ["add", "rename", "color", "delete"]
    }

    /// What to do.
    var action: Action
    /// The board whose label it is, by name; the current board when `nil`.
    var board: String?

    init(_ action: Action, board: String? = nil) {
        self.action = action
        self.board = board
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        let (word, name, value) = (arguments.positionals[0], arguments.positionals[1], arguments.positional(2))
        let command = "pm label \(Action.names.contains(word) ? word : "ID")"
        func needs(_ what: String) throws(CommandLineError) -> String {
            guard let value else { throw .usage("'\(command) \(name)' needs \(what)") }
            return value
        }
        var takesValue = true
        switch word {
        case "add":
            takesValue = false
            action = .add(name, colour: try arguments[Self.color] ?? .none)
        case "rename":
            action = .rename(name, to: try needs("the new name"))
        case "color":
            action = .colour(name, try LabelColour.colour(parsing: try needs("a colour"), option: "color"))
        case "delete":
            takesValue = false
            action = .delete(name)
        default:
            takesValue = false
            do {
                action = .put(name, on: try ProjectIDPrefix(parsing: word))
            } catch {
                throw .usage(
                    "'\(word)' is neither \(Action.names.joined(separator: ", ")) nor a project id"
                        + " (pm label ID NAME puts a label on a project)")
            }
        }
        if !takesValue, let value {
            throw .usage("unexpected argument '\(value)' for '\(command)' (quote a name that has spaces)")
        }
        if word != "add", arguments.isGiven(Self.color) {
            throw .usage("option '\(Self.color.name)' does not go with '\(command)'")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: board, readOnly: false)
        if case .add(let name, let colour) = action {
            let label = try await screens.createLabel(name, colour: colour)
            context.print(
                "added label \(LabelCommand.describe(label)) to board '\(TerminalText.sanitized(board.title))'")
            return
        }
        let labels = try await screens.labels()
        switch action {
        case .add:
            return
        case .rename(let name, let title):
            let label = try labels.label(named: name, onBoard: board.title)
            let saved = try await screens.editLabel(label.id, .rename(title))
            context.print("renamed label \(Self.describe(label)) to \(Self.describe(saved))")
        case .colour(let name, let colour):
            let label = try labels.label(named: name, onBoard: board.title)
            let saved = try await screens.editLabel(label.id, .colour(colour))
            context.print("label \(Self.describe(saved)) is now \(colour.rawValue)")
        case .delete(let name):
            let label = try labels.label(named: name, onBoard: board.title)
            _ = try await screens.editLabel(label.id, .delete)
            context.print("deleted label \(Self.describe(label)), and took it off every card (pm undo puts it back)")
        case .put(let name, let id):
            try await LabelCommand.put(
                name, on: id, labels: labels, board: board, on: true, screens: screens, in: context)
        }
    }

    /// Puts the label `name` finds on the project `id` names (`on`), or takes it off, and says so.
    @MainActor
    static func put(
        _ name: String, on id: ProjectIDPrefix, labels: [Label], board: Board, on: Bool, screens: Screens,
        in context: CommandContext
    ) async throws(CommandLineError) {
        let lookup = try await context.lookupWithArchived(on: screens)
        let project = try lookup.project(id)
        let label = try labels.label(named: name, onBoard: board.title)
        let change = try await screens.label(project.id, with: label.id, on: on)
        let card = lookup.describe(project)
        guard change.isChanged else {
            context.print("nothing changed: \(card) \(on ? "already has" : "has no") label \(describe(label))")
            return
        }
        context.print(on ? "labelled \(card) \(describe(label))" : "took label \(describe(label)) off \(card)")
    }

    /// `'Urgent' (red)`, or `red` for a label known by its colour.
    static func describe(_ label: Label) -> String {
        label.name.isEmpty
            ? label.colour.rawValue
            : "'\(TerminalText.sanitized(label.name))'" + (label.colour == .none ? "" : " (\(label.colour.rawValue))")
    }
}

/// `pm unlabel`: takes a label off a project.
struct UnlabelCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "unlabel", abstract: "take a label off a project",
        discussion: "The label stays on the board and on other cards; pm label ID NAME puts it back.",
        arguments: [
            .projectID,
            CommandArgument(valueName: "NAME", noun: "a label's name", help: "the label, by name", completion: .labels),
        ],
        options: [board],
        extraArgumentHint: "quote a name that has spaces")

    /// The project, as the user named it.
    var id: ProjectIDPrefix
    /// The label, by name.
    var name: String
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(id: ProjectIDPrefix, name: String, board: String? = nil) {
        (self.id, self.name, self.board) = (id, name, board)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        id = try ProjectIDPrefix(parsing: arguments.positionals[0])
        name = arguments.positionals[1]
        board = arguments[Self.board]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: board, readOnly: false)
        try await LabelCommand.put(
            name, on: id, labels: try await screens.labels(), board: board, on: false, screens: screens, in: context)
    }
}
