import Foundation
import ProjectManager

/// `pm status`: each shared board with its remote, its last sync and the operations not yet sent.
///
/// ```
/// $ pm status
/// Projects  on team   last sync 2026-03-15 12:00  0 not sent  0 conflicts
/// ```
struct StatusCommand: Command {
    static let configuration = CommandConfiguration(
        name: "status", abstract: "show each shared board's remote, last sync and what is not yet sent",
        discussion: """
            One line per shared board: the remote it is shared on, when that remote was last synced, and the \
            operations written here and not yet sent (a sync whose push failed leaves some; changes made since \
            the last sync are counted by the next). Conflicts are not counted yet: they print as 0. Boards that \
            are not shared are not listed.
            """,
        options: JSONFormat.options(help: "print each shared board's state as JSON"))

    var json: JSONFormat?

    init(json: JSONFormat? = nil) {
        self.json = json
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        json = try JSONFormat.parse(arguments)
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.screens()
        let remotes = try screens.remotes()
        let boards = try await SharedBoards(context: context, screens: screens, shared: remotes.flatMap(\.boards))
        let shared = remotes.flatMap { remote in remote.boards.map { (board: $0, remote: remote) } }
        if let json {
            try context.printJSON(
                Output(
                    boards: shared.map { entry in
                        Output.Entry(
                            board: boards.object(entry.board), remote: entry.remote.name,
                            lastSync: entry.remote.lastSync, unsent: entry.remote.unsent,
                            conflicts: entry.remote.conflicts[entry.board] ?? 0)
                    }), json)
            return
        }
        guard !shared.isEmpty else {
            context.print("no board is shared: pm share BOARD REMOTE shares one")
            return
        }
        let names = shared.map { boards.name($0.board) }
        let remoteNames = shared.map { "on \($0.remote.name)" }
        let (nameWidth, remoteWidth) = (
            names.map(TerminalText.width(of:)).max() ?? 0, remoteNames.map(TerminalText.width(of:)).max() ?? 0
        )
        context.print(
            zip(shared, zip(names, remoteNames)).map { entry, text in
                TerminalText.padded(text.0, to: nameWidth) + "  " + TerminalText.padded(text.1, to: remoteWidth)
                    + "  last sync \(SyncLines.time(entry.remote.lastSync, in: context))"
                    + "  \(entry.remote.unsent) not sent  " + Self.conflicts(entry.remote.conflicts[entry.board] ?? 0)
            })
    }

    /// "1 conflict", "2 conflicts".
    static func conflicts(_ count: Int) -> String { count == 1 ? "1 conflict" : "\(count) conflicts" }

    /// What `pm status --json` prints.
    struct Output: Encodable {
        /// A shared board and where its remote stands.
        struct Entry: Encodable {
            var board: SharedBoardObject
            var remote: String
            @Null var lastSync: Date?
            var unsent: Int
            var conflicts: Int
        }

        var boards: [Entry]
    }
}
