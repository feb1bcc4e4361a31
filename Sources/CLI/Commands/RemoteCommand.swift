import Foundation
import ProjectManager

/// `pm remote`: adds, lists and removes the remotes boards are shared on: git repositories and
/// shared folders.
///
/// ```
/// pm remote add team git@github.com:acme/boards.git
/// pm remote add drive ~/Dropbox/boards
/// pm remote list --json
/// pm remote remove drive
/// ```
struct RemoteCommand: Command {
    static let json = JSONFormat.flag(help: "print the remotes, or the remote added or removed, as JSON")

    static let configuration = CommandConfiguration(
        name: "remote", abstract: "add, list or remove the remotes boards are shared on",
        discussion: """
            add NAME ADDRESS adds a remote: a git repository (https://, ssh://, git@host:path, file://, or the \
            path of a repository, bare or not), or the path of a folder that is not a git repository, shared by \
            other means (iCloud Drive, Dropbox, Syncthing, a network share). git runs with your own keys and \
            credential helpers. list prints each remote's name, its address without any user name, password \
            or token, the boards shared on it, its last sync and the operations written here and not yet sent. \
            remove NAME forgets a remote; its boards stay here, no longer shared. A token in an address is \
            kept in STORE.sync/remotes.json (0600) and never printed.
            """,
        arguments: [
            CommandArgument(
                valueName: "add|list|remove", noun: "what to do (add, list or remove)", help: "what to do",
                completion: .words(Action.names)),
            CommandArgument(
                valueName: "NAME", noun: "a remote's name", help: "add, remove: the remote's name", isOptional: true),
            CommandArgument(
                valueName: "ADDRESS", noun: "an address",
                help: "add: a git repository's URL or path, or a shared folder's path", isOptional: true,
                completion: .files),
        ],
        options: [json, JSONFormat.pretty],
        echoesExtraArgument: false)

    /// What `pm remote` does.
    enum Action: Equatable, Sendable {
        case add(name: String, address: String)
        case list
        case remove(String)

        static let names = ["add", "list", "remove"]
    }

    let action: Action
    /// How to print JSON; text when `nil`.
    var json: JSONFormat?

    init(_ action: Action, json: JSONFormat? = nil) {
        self.action = action
        self.json = json
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let name = arguments.positionals[0]
        json = try JSONFormat.parse(arguments)
        let expected: Int
        switch name {
        case "add":
            guard let remote = arguments.positional(1), let address = arguments.positional(2) else {
                throw .usage("'pm remote add' needs a name and an address")
            }
            action = .add(name: remote, address: address)
            expected = 3
        case "list":
            action = .list
            expected = 1
        case "remove":
            guard let remote = arguments.positional(1) else { throw .usage("'pm remote remove' needs a remote's name") }
            action = .remove(remote)
            expected = 2
        default:
            // The word may be an address typed in the wrong place: never repeat a credential.
            let shown = SyncError.redacted(name)
            throw .usage("unknown 'pm remote' action '\(shown)'\(Suggestion.didYouMean(name, among: Action.names))")
        }
        if arguments.positionals.count > expected {
            throw .usage("an unexpected argument for 'pm remote \(name)'")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.screens()
        switch action {
        case .add(let name, let address):
            let added = try await screens.addRemote(named: name, address: address)
            if let json, let added {
                let boards = try await SharedBoards(context: context, screens: screens, shared: added.boards)
                try context.printJSON(Added(remote: RemoteObject(added, boards: boards)), json)
                return
            }
            context.print("added remote \(name) at \(added?.address ?? SyncError.redacted(address))")
        case .list:
            let remotes = try await screens.remotes()
            let boards = try await SharedBoards(context: context, screens: screens, shared: remotes.flatMap(\.boards))
            if let json {
                try context.printJSON(Listed(remotes: remotes.map { RemoteObject($0, boards: boards) }), json)
                return
            }
            guard !remotes.isEmpty else {
                context.print("no remotes: pm remote add NAME ADDRESS adds one")
                return
            }
            let names = remotes.map(\.name)
            let addresses = remotes.map { TerminalText.sanitized($0.address) }
            let (nameWidth, addressWidth) = (
                names.map(TerminalText.width(of:)).max() ?? 0, addresses.map(TerminalText.width(of:)).max() ?? 0
            )
            context.print(
                zip(remotes, zip(names, addresses)).map { remote, text in
                    let (name, address) = text
                    let state =
                        remote.damage.map { "\(boards.names(remote.boards)); \(TerminalText.sanitized($0))" }
                        ?? "\(boards.names(remote.boards)); last sync \(SyncLines.time(remote.lastSync, in: context)); "
                        + "\(remote.unsent + remote.changed.values.reduce(0, +)) not sent"
                    return TerminalText.padded(name, to: nameWidth) + "  "
                        + TerminalText.padded(address, to: addressWidth)
                        + "  " + context.style.apply(.muted, to: "(\(state))")
                })
        case .remove(let name):
            let removed = try await screens.remotes().first { $0.name == name }
            try await screens.removeRemote(named: name)
            if let json, let removed {
                let boards = try await SharedBoards(context: context, screens: screens, shared: removed.boards)
                try context.printJSON(Removed(removed: RemoteObject(removed, boards: boards)), json)
                return
            }
            context.print("removed remote \(name); its boards stay here, no longer shared")
        }
    }

    /// What `pm remote add --json` prints.
    struct Added: Encodable {
        var remote: RemoteObject
    }

    /// What `pm remote list --json` prints.
    struct Listed: Encodable {
        var remotes: [RemoteObject]
    }

    /// What `pm remote remove --json` prints.
    struct Removed: Encodable {
        var removed: RemoteObject
    }
}
