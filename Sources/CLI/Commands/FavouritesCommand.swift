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
    static let json = Flag.json(help: "print the favourites as JSON")

    static let configuration = CommandConfiguration(
        name: "favourites", abstract: "list the starred projects and boards",
        discussion: """
            In the order they were starred, on every board: a project with its short id, board, \
            column and deadline; a board marked 'board'. 'pm star' and 'pm unstar' change the list.
            """,
        options: [json])

    var json: Bool

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        json = arguments[Self.json]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let items = try await context.readingScreens().favourites().map(\.item)
        let shortIDs = ShortIDs(ids: items.compactMap(\.project?.id))
        if json {
            context.print(try Self.json(items, shortIDs: shortIDs))
            return
        }
        guard !items.isEmpty else {
            context.print("no favourites: star a project with 'pm star ID', or a board with 'pm star \(StarCommand.boardOption.synopsis)'")
            return
        }
        context.print(items.map { item in
            guard let project = item.project else {
                let label = "board".padding(toLength: shortIDs.length, withPad: " ", startingAt: 0)
                return context.style.apply(.muted, to: label) + "  " + TerminalText.sanitized(item.board.title)
            }
            let details = [item.board.title, project.state.columnTitle] + (project.deadline.map { ["due \($0)"] } ?? [])
            return context.style.apply(.identifier, to: shortIDs(project.id)) + "  " + TerminalText.sanitized(project.title)
                + "  " + context.style.apply(.muted, to: "(\(TerminalText.sanitized(details.joined(separator: ", "))))")
        })
    }

    /// One favourite as `--json` writes it.
    struct Favourite: Encodable {
        /// `project` or `board`.
        var kind: String
        /// The project's short id; absent for a board.
        var id: String?
        /// The project's or board's whole id.
        var fullID: String
        var title: String
        var board: String
        var state: String?
        var deadline: String?
        var starredAt: Date
    }

    struct Output: Encodable {
        var favourites: [Favourite]
    }

    private static func json(_ items: [FavouriteItem], shortIDs: ShortIDs) throws(CommandLineError) -> String {
        let output = Output(favourites: items.map { item in
            Favourite(
                kind: item.project == nil ? "board" : "project", id: item.project.map { shortIDs($0.id) },
                fullID: item.project?.id.description ?? item.board.id.description, title: item.title,
                board: item.board.title, state: item.project?.state.rawValue, deadline: item.project?.deadline?.description,
                starredAt: item.favourite.starredAt)
        })
        return try CommandJSON.line(output)
    }
}
