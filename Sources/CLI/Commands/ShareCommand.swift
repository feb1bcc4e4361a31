import Foundation
import ProjectManager

/// `pm share`: shares a board on a remote and syncs it there, for others to join.
///
/// ```
/// $ pm share team
/// shared Projects on team: sent 12, received 0, changed 0 here (Projects)
/// others join it with: pm join team 5f0e1d2c-9b8a-5766-a5b4-c3d2e1f0a9b8
/// ```
struct ShareCommand: Command {
    static let board = Option.board(help: "the board, by name, instead of the current one (or give it as BOARD)")

    static let configuration = CommandConfiguration(
        name: "share", abstract: "share a board on a remote, and sync it there",
        discussion: """
            Shares the board BOARD (or \(board.synopsis), else the current board) on the remote REMOTE (see pm \
            remote add), then syncs that remote: the board and everything on it go out, and what others changed \
            there comes in. A board is shared on one remote. It prints what went out and came in, and the \
            command that joins the board from another store; pm sync keeps it in step from then on.
            """,
        arguments: [
            CommandArgument(
                valueName: "BOARD", noun: "a board's name", help: "the board, by name (the current one unless given)",
                isOptional: true, completion: .boards()),
            CommandArgument(valueName: "REMOTE", noun: "a remote's name", help: "the remote to share it on"),
        ],
        options: [board] + JSONFormat.options(help: "print what the sync did as JSON"),
        extraArgumentHint: "quote a name that has spaces")

    var board: String?
    var remote: String
    var json: JSONFormat?

    init(board: String?, remote: String, json: JSONFormat? = nil) {
        (self.board, self.remote, self.json) = (board, remote, json)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        json = try JSONFormat.parse(arguments)
        if let second = arguments.positional(1) {
            if let option = arguments[Self.board] {
                throw .usage(
                    "give the board once: pm share '\(arguments.positionals[0])' \(second) or pm share \(second) \(Self.board.name) '\(option)'"
                )
            }
            (board, remote) = (arguments.positionals[0], second)
        } else {
            (board, remote) = (arguments[Self.board], arguments.positionals[0])
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, found) = try await context.open(board: board, readOnly: false)
        let report = try await screens.share(found.id, on: remote)
        let boards = try await SharedBoards(context: context, screens: screens, shared: report.boards + [found.id])
        let title = boards.name(found.id)
        if let failure = report.failure {
            guard report.boards.contains(found.id) else {
                throw .runtime("\(title) is not shared: \(failure.commandLineMessage)")
            }
            throw .runtime(
                "\(title) is shared on \(remote), but the sync failed (the next pm sync sends it): \(failure.commandLineMessage)"
            )
        }
        SyncLines.warnSetAside(of: report, in: context)
        if let json {
            try context.printJSON(
                Output(
                    board: boards.object(found.id, remoteID: report.remoteIDs[found.id]),
                    remote: SyncedRemoteObject(report, boards: boards)), json)
            return
        }
        context.print([
            "shared \(title) on " + SyncLines.summary(of: report, boards: boards),
            "others join it with: pm join \(remote) \(report.remoteIDs[found.id] ?? found.id)",
        ])
    }

    /// What `pm share --json` prints.
    struct Output: Encodable {
        var board: SharedBoardObject
        var remote: SyncedRemoteObject
    }
}
