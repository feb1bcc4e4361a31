import Foundation
import ProjectManager

/// `pm sync`: syncs every remote that shares a board, and says what came in and went out.
///
/// ```
/// $ pm sync
/// team: sent 2, received 3, changed 3 here (Projects)
/// drive: up to date (Work)
/// ```
struct SyncCommand: Command {
    static let configuration = CommandConfiguration(
        name: "sync", abstract: "sync the shared boards with their remotes",
        discussion: """
            Syncs each remote that shares a board, one after the other: what changed here goes out, what others \
            changed comes in, merged field by field (the later change wins; a card is in one place). It prints, \
            per remote, the operations sent and received and the objects changed here. A file on a remote that \
            cannot be applied is set aside and said once, as a warning, with its path and why; the rest applies. \
            A remote that fails is one line on standard error and the exit status is 1, but the others still \
            sync and are printed.
            """,
        options: JSONFormat.options(help: "print what the sync did as JSON"))

    var json: JSONFormat?

    init(json: JSONFormat? = nil) {
        self.json = json
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        json = try JSONFormat.parse(arguments)
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.screens()
        let report = await screens.sync()
        let boards = try await SharedBoards(
            context: context, screens: screens, shared: report.remotes.flatMap(\.boards))
        for remote in report.remotes { SyncLines.warnSetAside(of: remote, in: context) }
        if let json {
            try context.printJSON(
                Output(
                    succeeded: report.succeeded,
                    remotes: report.remotes.map { SyncedRemoteObject($0, boards: boards) }), json)
        } else if report.remotes.isEmpty {
            context.print("nothing to sync: no board is shared (pm share BOARD REMOTE shares one)")
        } else {
            context.print(
                report.remotes.filter { !$0.name.isEmpty }.map { remote in
                    remote.failure == nil ? SyncLines.summary(of: remote, boards: boards) : "\(remote.name): not synced"
                })
        }
        let failures = report.remotes.compactMap { remote in
            remote.failure.map {
                remote.name.isEmpty ? $0.commandLineMessage : "\(remote.name): \($0.commandLineMessage)"
            }
        }
        guard let last = failures.last else { return }
        // One line per remote that failed; the last is the command's own error line.
        for failure in failures.dropLast() { context.tool.errors.write("pm: \(CommandLineTool.oneLine(failure))\n") }
        throw .runtime(last)
    }

    /// What `pm sync --json` prints.
    struct Output: Encodable {
        var succeeded: Bool
        var remotes: [SyncedRemoteObject]
    }
}
