import Foundation
import ProjectManager

/// `pm favourites`: the starred projects and boards, in the order starred, as the favourites screen
/// lists them.
///
/// ```
/// 3f2a9c1e  Write report  (Projects, To Do, due 2026-03-22)
/// board     이마트
/// ```
struct FavouritesCommand: Command {
    static let json = JSONFormat.flag(help: "print the favourites as JSON")

    static let configuration = CommandConfiguration(
        name: "favourites", abstract: "list the starred projects and boards",
        discussion: """
            In the order they were starred, on every board: a project with its short id, board, \
            column and deadline; a board marked 'board'. 'pm star' and 'pm unstar' change the list.
            """,
        options: [json, JSONFormat.pretty])

    var json: JSONFormat?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        json = try JSONFormat.parse(arguments)
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.readingScreens()
        let items = try await screens.favourites().map(\.item)
        let shortIDs = ShortIDs(ids: items.compactMap(\.project?.id))
        if let json {
            let objects = try await context.jsonObjects(on: screens, projectIDs: shortIDs)
            try context.printJSON(
                Output(
                    favourites: items.map { item in
                        Favourite(
                            kind: item.project == nil ? "board" : "project",
                            project: item.project.map { objects.project($0, on: item.board) },
                            board: objects.board(item.board), starredAt: item.favourite.starredAt)
                    }), json)
            return
        }
        guard !items.isEmpty else {
            context.print(
                "no favourites: star a project with 'pm star ID', or a board with 'pm star \(StarCommand.boardOption.synopsis)'"
            )
            return
        }
        context.print(
            items.map { item in
                guard let project = item.project else {
                    let label = "board".padding(toLength: shortIDs.length, withPad: " ", startingAt: 0)
                    return context.style.apply(.muted, to: label) + "  " + TerminalText.sanitized(item.board.title)
                }
                let details =
                    [item.board.title, project.state.columnTitle] + (project.deadline.map { ["due \($0)"] } ?? [])
                return context.style.apply(.identifier, to: shortIDs(project.id)) + "  "
                    + TerminalText.sanitized(project.title)
                    + "  "
                    + context.style.apply(.muted, to: "(\(TerminalText.sanitized(details.joined(separator: ", "))))")
            })
    }

    /// One favourite as `--json` writes it.
    struct Favourite: Encodable {
        /// `project` or `board`.
        var kind: String
        /// The project starred; `null` for a board.
        @Null var project: ProjectObject?
        /// The board starred, or the project's.
        var board: BoardObject
        var starredAt: Date
    }

    struct Output: Encodable {
        var favourites: [Favourite]
    }

}
