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
            the last sync are counted by the next), and its conflicts. Boards that are not shared are not listed. \
            Then one line per other device on each remote: how many of this store's files it has read, and the \
            file it waits for when it set one aside (a file it did not receive whole); and the same of its \
            files here. As the remote was at the last sync: status fetches nothing.
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
        let remotes = try await screens.remotes()
        let boards = try await SharedBoards(context: context, screens: screens, shared: remotes.flatMap(\.boards))
        let shared = remotes.flatMap { remote in remote.boards.map { (board: $0, remote: remote) } }
        let devices = remotes.flatMap { remote in remote.devices.map { (device: $0, remote: remote) } }
        if let json {
            try context.printJSON(
                Output(
                    boards: shared.map { entry in
                        Output.Entry(
                            board: boards.object(entry.board, remoteID: entry.remote.remoteIDs[entry.board]),
                            remote: entry.remote.name,
                            lastSync: entry.remote.lastSync, unsent: entry.remote.unsent,
                            changed: entry.remote.changed[entry.board] ?? 0,
                            conflicts: entry.remote.conflicts[entry.board] ?? 0, damage: entry.remote.damage)
                    },
                    devices: devices.map { entry in
                        Output.Device(
                            remote: entry.remote.name, replica: entry.device.replica.rawValue,
                            readOfOurs: entry.device.readOfOurs, written: entry.remote.written,
                            waitsFor: entry.device.waitsFor, readOfTheirs: entry.device.readOfTheirs,
                            waitingFor: entry.device.waitingFor)
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
                    + (entry.remote.damage.map { "  \(TerminalText.sanitized($0))" }
                        ?? "  last sync \(SyncLines.time(entry.remote.lastSync, in: context))"
                        + "  \(entry.remote.unsent + (entry.remote.changed[entry.board] ?? 0)) not sent  "
                        + Self.conflicts(entry.remote.conflicts[entry.board] ?? 0))
            } + devices.map { Self.line($0.device, on: $0.remote) })
    }

    /// "hub: device 0f3a… read 3 of this store's 4 files and waits for replicas/…/4.ops, set
    /// aside there; this store read 5 of its files".
    static func line(_ device: SyncDevice, on remote: SyncRemote) -> String {
        var line = "\(TerminalText.sanitized(remote.name)): device \(device.replica)"
        if let read = device.readOfOurs {
            line += " read \(min(read, remote.written)) of this store's \(remote.written) files"
        } else {
            line += " has said nothing of what it read (an older pm, or no sync since)"
        }
        if let file = device.waitsFor { line += " and waits for \(TerminalText.sanitized(file)), set aside there" }
        line += "; this store read \(device.readOfTheirs) of its files"
        if let file = device.waitingFor { line += " and waits for \(TerminalText.sanitized(file)), set aside here" }
        return line
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
            /// The board's objects changed here since the last sync.
            var changed: Int
            var conflicts: Int
            /// Why the sync state beside the store cannot be read (the next sync makes it again).
            @Null var damage: String?
        }

        /// Another device writing on a remote, and how far each read the other.
        struct Device: Encodable {
            var remote: String
            var replica: String
            @Null var readOfOurs: Int?
            var written: Int
            @Null var waitsFor: String?
            var readOfTheirs: Int
            @Null var waitingFor: String?
        }

        var boards: [Entry]
        var devices: [Device]
    }
}
