import Foundation
import ProjectManager

/// `pm join`: brings the boards shared on a remote (or one of them) to this store, and keeps them
/// shared there.
///
/// ```
/// $ pm join team
/// joined team: sent 0, received 12, changed 12 here (Projects)
/// ```
struct JoinCommand: Command {
    static let configuration = CommandConfiguration(
        name: "join", abstract: "bring the boards shared on a remote here",
        discussion: """
            Syncs the remote REMOTE (see pm remote add) and brings every board shared on it to this store, or \
            only the board BOARD, given by its whole id (pm share prints it; so does pm remote list --json on \
            the store that shares it, as remoteID). A board comes in as a board of its own: another store's default \
            board is never merged with this store's. pm sync keeps the boards in step from then on.
            """,
        arguments: [
            CommandArgument(valueName: "REMOTE", noun: "a remote's name", help: "the remote to join"),
            CommandArgument(
                valueName: "BOARD", noun: "a board's id", help: "only this board, by its whole id", isOptional: true),
        ],
        options: JSONFormat.options(help: "print what the sync did as JSON"))

    var remote: String
    var board: Board.ID?
    var json: JSONFormat?

    init(remote: String, board: Board.ID? = nil, json: JSONFormat? = nil) {
        (self.remote, self.board, self.json) = (remote, board, json)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        remote = arguments.positionals[0]
        json = try JSONFormat.parse(arguments)
        board = try arguments.positional(1).map { (text: String) throws(CommandLineError) -> Board.ID in
            guard let id = UUID(uuidString: text) else {
                throw .usage(
                    "bad board '\(text)': give the board's whole id, such as 00000000-0000-0000-0000-000000000001 "
                        + "(pm share prints it)")
            }
            return Board.ID(rawValue: id)
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.screens()
        let before = Set(try await context.directory(on: screens).boards.map(\.id))
        let report = try await screens.join(remote, board: board)
        if let failure = report.failure {
            throw .runtime("could not join \(remote): \(failure.commandLineMessage)")
        }
        let directory = try await context.directory(on: screens)
        let boards = SharedBoards(boards: directory.boards, shared: report.boards)
        SyncLines.warnSetAside(of: report, in: context)
        // The board joined (the first, of several) is the one the next commands work on.
        let joined = directory.boards.first { !before.contains($0.id) && report.boards.contains($0.id) }
        var current: String?
        if let joined {
            do throws(CommandLineError) {
                try context.currentBoardFile()?.setCurrentBoard(joined.id, for: directory.viewer)
                current = TerminalText.sanitized(joined.title)
            } catch {
                context.warn("the board was joined, but could not be made the current board: \(error)")
            }
        }
        if let json {
            try context.printJSON(Output(remote: SyncedRemoteObject(report, boards: boards)), json)
            return
        }
        context.print(
            ["joined " + SyncLines.summary(of: report, boards: boards)]
                + (current.map { ["now on board '\($0)' (pm board use goes back)"] } ?? []))
    }

    /// What `pm join --json` prints.
    struct Output: Encodable {
        var remote: SyncedRemoteObject
    }
}
