import ProjectManager

/// `pm move`: moves a project to a column, last or at a position, through the `MoveProject` use
/// case, whether or not `--at` is given.
struct MoveCommand: Command {
    static let configuration = CommandConfiguration(
        name: "move", abstract: "move a project to a column, last or at position N",
        discussion: """
            Without --at, or with N past the end, the project goes last. Moving within its own \
            column reorders it. Moving a repeating project to done completes its occurrence: it goes \
            back to todo, due on the next one (after its last, it stays done).
            """,
        arguments: [
            .projectID,
            CommandArgument(
                valueName: "todo|doing|done", noun: "a column (todo, doing or done)",
                help: "the column to move it to, in any case", completion: .words(ProjectState.allCases.map(\.rawValue))),
        ],
        options: [.value("--at", "N", help: "its position in the column, from 1 (the top)"), .board])

    /// The project, as the user named it.
    var id: ProjectIDPrefix
    /// The column it goes to.
    var state: ProjectState
    /// Its position there, counted from 1; `nil` is last.
    var position: Int?
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(id: ProjectIDPrefix, to state: ProjectState, position: Int?, board: String? = nil) {
        self.id = id
        self.state = state
        self.position = position
        self.board = board
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments.value(CommandOption.board.name)
        id = try ProjectIDPrefix(parsing: arguments.positionals[0])
        state = try Self.state(parsing: arguments.positionals[1])
        position = try arguments.value("--at").map { (text: String) throws(CommandLineError) -> Int in
            try Self.position(parsing: text)
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try await context.screens(onBoard: board)
        let lookup = try await context.lookup(on: screens)
        let project = try lookup.project(id)
        let (state, index) = (state, position.map { $0 - 1 })
        let change = try await attempt { () async throws(RepositoryError) in
            try await screens.engine.moveProject(project.id, to: state, at: index)
        }
        guard change.isChanged else {
            context.print("nothing changed: \(lookup.shortIDs(project.id)) is already there in \(state.columnTitle)")
            return
        }
        let place = try await attempt { () async throws(RepositoryError) in
            try await screens.engine.fetchProject.place(of: project.id)
        }
        let moved = change.project
        if moved.state != state, let completed = project.deadline, let next = moved.deadline {
            // A repeating project's occurrence was done: it waits for the next one.
            context.print("completed \(lookup.shortIDs(project.id)) of \(completed): next \(next), "
                + "in \(moved.state.columnTitle) (\(place.index + 1) of \(place.count))")
            return
        }
        context.print("moved \(lookup.shortIDs(project.id)) to \(state.columnTitle) (\(place.index + 1) of \(place.count))")
    }

    /// A column argument: `todo`, `doing` or `done`, in any case.
    static func state(parsing text: String) throws(CommandLineError) -> ProjectState {
        guard let state = ProjectState(rawValue: text.lowercased()) else {
            throw .usage("unknown column '\(text)': use todo, doing or done")
        }
        return state
    }

    /// A position argument: a whole number from 1, the top of the column.
    static func position(parsing text: String) throws(CommandLineError) -> Int {
        guard text.allSatisfy(\.isASCII), let position = Int(text) else {
            throw .usage("bad --at '\(text)': give a whole number, 1 for the top of the column")
        }
        guard position >= 1 else {
            throw .usage("bad --at '\(text)': positions count from 1, the top of the column")
        }
        return position
    }
}
