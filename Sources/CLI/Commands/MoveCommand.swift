import ProjectManager

/// `pm move`: moves a project to a list, last or at a position, on its board or to another
/// (`--to-board`), as a drag and drop on its board's screen does.
///
/// The list is named as the board names it, in any case (`Review`); `todo`, `doing` and `done`
/// name the board's first open list of that stage when no list is named so.
struct MoveCommand: Command {
    static let at = Option("--at", "N", help: "its position in the column, from 1 (the top)") {
        text, name throws(CommandLineError) in try position(parsing: text, option: name)
    }
    static let board = Option.board()
    static let toBoard = Option("--to-board", "NAME", help: "the board to move it to, by name", completion: .boards())

    static let configuration = CommandConfiguration(
        name: "move", abstract: "move a project to a list, or to another board, last or at position N",
        discussion: """
            LIST is a list of the board, by name in any case (pm lists shows them); todo, doing and done \
            also name the board's first open list of that stage (open, active, done), unless a list is \
            named so. Without \(at.name), or with N past the end, the project goes last. Moving within its own \
            list reorders it. Moving a repeating project to done completes its occurrence: it goes \
            back to todo, due on the next one (after its last, it stays done). With \(toBoard.synopsis) \
            it goes to that board, in the column given or else in the one it stands in; both boards' \
            histories record it, and pm undo on the board it left brings it back.
            """,
        arguments: [
            .projectID,
            CommandArgument(
                valueName: "LIST", noun: "a list (its name, or todo, doing or done)",
                help: """
                    the list to move it to, by name in any case, or todo, doing or done; with \(toBoard.name), \
                    todo, doing or done, its own stage unless given
                    """,
                isOptional: true, completion: .lists(andWords: ProjectState.allCases.map(\.rawValue))),
        ],
        options: [at, board, toBoard] + JSONFormat.options(help: "print the move as JSON"))

    /// The project, as the user named it.
    var id: ProjectIDPrefix
    /// The list it goes to, by name or column word; `nil` keeps its own stage (only with a target
    /// board).
    var list: ListName?
    /// Its position there, counted from 1; `nil` is last.
    var position: Int?
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?
    /// The board to move it to, by name; `nil` keeps it on its own.
    var targetBoard: String?
    /// How to print the move as JSON; text when `nil`.
    var json: JSONFormat?

    init(
        id: ProjectIDPrefix, to state: ProjectState?, position: Int?, board: String? = nil, targetBoard: String? = nil,
        json: JSONFormat? = nil
    ) {
        self.json = json
        self.id = id
        self.list = state.map { ListName($0.rawValue) }
        self.position = position
        self.board = board
        self.targetBoard = targetBoard
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        targetBoard = arguments[Self.toBoard]
        id = try ProjectIDPrefix(parsing: arguments.positionals[0])
        list = arguments.positional(1).map(ListName.init)
        guard list != nil || targetBoard != nil else {
            throw .usage("'pm move' needs a list (its name, or todo, doing or done), or \(Self.toBoard.synopsis)")
        }
        if targetBoard != nil, let list { _ = try Self.state(parsing: list.text) }
        position = try arguments[Self.at]
        json = try JSONFormat.parse(arguments)
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let store = try context.screens()
        let directory = try await context.directory(on: store)
        let board = try directory.board(board)
        let screens = store.on(board.id)
        let lookup = try await context.lookup(on: screens)
        let project = try lookup.project(id)
        let target = try targetBoard.map { (name: String) throws(CommandLineError) in try directory.board(name) }
        let index = position.map { $0 - 1 }
        let move: MovedProject
        let stage: ProjectState
        var lists: [BoardList] = []
        if let target {
            stage =
                try list.map { (name: ListName) throws(CommandLineError) in try Self.state(parsing: name.text) }
                ?? project.state
            move = try await screens.move(project.id, toBoard: target.id, in: stage, at: index)
        } else {
            lists = try await screens.lists().map(\.list)
            let name = list ?? ListName(project.state.rawValue)
            if let named = lists.named(name.text) {
                stage = named.stage
                move = try await screens.move(project.id, toList: named.id, at: index)
            } else if let word = name.columnWord {
                stage = word
                move = try await screens.move(project.id, to: word, at: index)
            } else {
                _ = try lists.list(named: name, onBoard: board.title)
                return
            }
        }
        let change = move.change
        if let json {
            try await printJSON(
                move, from: project, stage: stage, lookup: lookup, target: target, on: screens, in: context, json)
            return
        }
        let moved = change.project
        let landed = lists.first { $0.id == moved.listID }.map { TerminalText.sanitized($0.title) }
        let place =
            (landed ?? stage.columnTitle) + (target.map { " on board '\(TerminalText.sanitized($0.title))'" } ?? "")
        guard change.isChanged else {
            context.print("nothing changed: \(lookup.shortIDs(project.id)) is already there in \(place)")
            return
        }
        // The move is saved: a failure to read its place only leaves the place out.
        var placeText = ""
        switch move.place {
        case .success(let position):
            placeText = " (\(position.index + 1) of \(position.count))"
        case .failure(let error):
            context.warn("the move was saved, but its place could not be read: \(error.commandLineMessage)")
        }
        if moved.state != stage, let completed = project.deadline, let next = moved.deadline {
            // A repeating project's occurrence was done: it waits for the next one.
            context.print(
                "completed \(lookup.shortIDs(project.id)) of \(completed): next \(next), "
                    + "in \(landed ?? moved.state.columnTitle)\(placeText)")
            return
        }
        context.print("moved \(lookup.shortIDs(project.id)) to \(place)\(placeText)")
    }

    /// What `--json` prints: whether anything changed, the project as saved, where it landed
    /// (`null` when that could not be read), and for a repeating project's completed occurrence, the
    /// day done and the next.
    private struct Output: Encodable {
        struct Completed: Encodable, Hashable, Sendable {
            var day: String
            var next: String
        }

        var changed: Bool
        var project: ProjectObject
        @Null var place: PlaceObject?
        @Null var completed: Completed?
    }

    @MainActor
    private func printJSON(
        _ move: MovedProject, from project: Project, stage: ProjectState, lookup: ProjectLookup, target: Board?,
        on screens: Screens,
        in context: CommandContext, _ json: JSONFormat
    ) async throws(CommandLineError) {
        let moved = move.change.project
        var place: PlaceObject?
        if case .success(let position) = move.place {
            place = PlaceObject(position: position.index + 1, count: position.count)
        }
        let completed =
            if moved.state != stage, let day = project.deadline, let next = moved.deadline {
                Output.Completed(day: day.description, next: next.description)
            } else {
                Output.Completed?.none
            }
        let objects = try await context.jsonObjects(on: screens, projectIDs: lookup.shortIDs)
        try context.printJSON(
            Output(
                changed: move.change.isChanged, project: objects.project(moved, on: target ?? lookup.overview.board),
                place: move.change.isChanged ? place : nil, completed: completed), json)
    }

    /// A column argument: `todo`, `doing` or `done`, in any case.
    static func state(parsing text: String) throws(CommandLineError) -> ProjectState {
        guard let state = ProjectState(rawValue: text.lowercased()) else {
            throw .usage("unknown column '\(text)': use todo, doing or done (with \(toBoard.name), lists go by stage)")
        }
        return state
    }

    /// A position argument: a whole number from 1, the top of the column.
    static func position(parsing text: String, option: String) throws(CommandLineError) -> Int {
        guard text.allSatisfy(\.isASCII), let position = Int(text) else {
            throw .usage("bad \(option) '\(text)': give a whole number, 1 for the top of the column")
        }
        guard position >= 1 else {
            throw .usage("bad \(option) '\(text)': positions count from 1, the top of the column")
        }
        return position
    }
}
