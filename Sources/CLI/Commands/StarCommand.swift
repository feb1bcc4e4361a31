import ProjectManager

/// `pm star` and `pm unstar`: put a star on a project or a board, or take it off.
///
/// `pm star ID` stars a project of the current board; `pm star --board NAME` stars the board;
/// `pm star ID --board NAME` stars a project of that board.
protocol StarringCommand: Command {
    /// Whether the command puts the star on (`pm star`) or takes it off (`pm unstar`).
    static var starring: Bool { get }
    /// What the star goes on or comes off, as the user named it.
    var target: StarTarget { get }
    /// How to print what changed as JSON; text when `nil`.
    var json: JSONFormat? { get }
    init(target: StarTarget, json: JSONFormat?)
}

/// A project or a board as `pm star` and `pm unstar` name it.
struct StarTarget: Equatable, Sendable {
    /// The project; `nil` names the board itself.
    var id: ProjectIDPrefix?
    /// The board, by name; `nil` is the current board.
    var board: String?
}

extension StarringCommand {
    /// The configuration of `pm star` or `pm unstar`.
    static func starringConfiguration(name: String, abstract: String, discussion: String) -> CommandConfiguration {
        CommandConfiguration(
            name: name, abstract: abstract, discussion: discussion,
            arguments: [
                CommandArgument(
                    valueName: "ID", noun: "a project id",
                    help:
                        "the project: its id, or the first characters of it (at least 4); leave it out with \(boardOption.name) to mean the board",
                    isOptional: true, completion: .projectIDs)
            ],
            options: [boardOption] + JSONFormat.options())
    }

    /// `--board NAME`: the project's board, or the board to star.
    static var boardOption: Option<String, Never> {
        Option.board(help: "the board, by name: the project's board, or the board itself without ID")
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let id = try arguments.positional(0).map { (text: String) throws(CommandLineError) -> ProjectIDPrefix in
            try ProjectIDPrefix(parsing: text)
        }
        let board = arguments[Self.boardOption]
        guard id != nil || board != nil else {
            throw .usage(
                "give a project id, or \(Self.boardOption.synopsis) for a board: pm \(Self.configuration.name) 3f2a")
        }
        self.init(target: StarTarget(id: id, board: board), json: try JSONFormat.parse(arguments))
    }

    @MainActor
    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: target.board, readOnly: false)
        let project: Project.ID?
        let name: String
        if let id = target.id {
            let lookup = try await context.lookup(on: screens)
            let found = try lookup.project(id)
            project = found.id
            name = "\(lookup.shortIDs(found.id)): \(TerminalText.sanitized(found.title))"
        } else {
            project = nil
            name = "the board '\(TerminalText.sanitized(board.title))'"
        }
        let starring = Self.starring
        let changed = try await screens.star(project, starring: starring).isChanged
        if let json {
            let lookup = try await context.lookup(on: screens)
            let objects = try await context.jsonObjects(on: screens, projectIDs: lookup.shortIDs)
            let starred = project.flatMap { id in lookup.overview.projects.first { $0.id == id } }
            try context.printJSON(
                StarOutput(
                    changed: changed, starred: starring, project: starred.map { objects.project($0, on: board) },
                    board: objects.board(board)), json)
            return
        }
        if changed {
            context.print("\(starring ? "starred" : "unstarred") \(name)")
        } else {
            context.print("nothing changed: \(name) is \(starring ? "already starred" : "not starred")")
        }
    }
}

/// What `pm star --json` and `pm unstar --json` print.
private struct StarOutput: Encodable {
    /// Whether anything changed.
    var changed: Bool
    /// Whether the star is on now.
    var starred: Bool
    /// The project; `null` when the board itself is starred.
    @Null var project: ProjectObject?
    /// The board starred, or the project's.
    var board: BoardObject
}

/// `pm star`: stars a project or a board.
struct StarCommand: StarringCommand {
    static let configuration = starringConfiguration(
        name: "star", abstract: "star a project, or a board with \(boardOption.name)",
        discussion: """
            Starred projects, and the projects of starred boards, are the favourites: 'pm favourites' \
            lists them and 'pm today' lists their deadlines of the next 7 days. Starring is in the \
            history: 'pm undo' takes the star off again.
            """)
    static let starring = true

    let target: StarTarget
    var json: JSONFormat?

    init(target: StarTarget, json: JSONFormat? = nil) {
        (self.target, self.json) = (target, json)
    }
}

/// `pm unstar`: takes the star off a project or a board.
struct UnstarCommand: StarringCommand {
    static let configuration = starringConfiguration(
        name: "unstar", abstract: "take the star off a project, or a board with \(boardOption.name)",
        discussion: "Unstarring is in the history: 'pm undo' puts the star back.")
    static let starring = false

    let target: StarTarget
    var json: JSONFormat?

    init(target: StarTarget, json: JSONFormat? = nil) {
        (self.target, self.json) = (target, json)
    }
}
