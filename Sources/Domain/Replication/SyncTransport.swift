import Foundation

/// Where the replicas of a shared board meet: a remote (a git repository, a shared folder) seen
/// through a folder on this machine.
///
/// After ``pull()`` the ``folder`` holds every file the remote holds. A replica writes only its
/// own files into it (one folder per replica), so two replicas never change the same file, and
/// ``push(_:message:)`` sends them. A replica also removes its own log files once a checkpoint
/// holds them: a transport that can sends the removal (git, a shared folder), and one that cannot
/// leaves the files on the remote, which is harmless (they hold what the checkpoint holds). The
/// folder is the transport's: nothing else deletes in it.
///
/// ```swift
/// try await transport.pull()
/// try data.write(to: transport.folder.appending(path: "boards/\(board)/\(replica)/1.ops"))
/// try await transport.push(["boards/\(board)/\(replica)"], message: "pm sync")
/// ```
public protocol SyncTransport: Sendable {
    /// The folder on this machine that mirrors the remote.
    var folder: URL { get }

    /// Brings ``folder`` up to date with the remote, keeping this replica's files not yet pushed.
    ///
    /// - Throws: ``SyncError``; the folder is then as it was.
    func pull() async throws(SyncError)

    /// Sends the files and folders at `paths` (relative to ``folder``, written by this replica)
    /// to the remote. A push refused because the remote moved on (not a fast-forward) pulls and
    /// pushes again.
    ///
    /// - Throws: ``SyncError``; what was not sent is sent by the next push.
    func push(_ paths: [String], message: String) async throws(SyncError)
}

/// Why a sync could not reach or use a remote, in facts: a front end words it.
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The remote could not be read or written: `remote` is its address with any credential
    /// removed, `reason` what the tool said (one line, no credential).
    case unreachable(remote: String, reason: String)
    /// The remote refused this replica's push `attempts` times in a row because others kept
    /// pushing; the next sync tries again.
    case pushRefused(remote: String, attempts: Int)
    /// The `git` command is not installed, or did not run.
    case gitMissing
    /// No remote of that name is configured.
    case unknownRemote(String)
    /// A remote of that name is configured already.
    case remoteExists(String)
    /// The address is not one a transport can use: `reason` says why.
    case badAddress(String, reason: String)
    /// The board is not shared.
    case notShared(Board.ID)
    /// The remote holds no board with that id (or none at all, when `nil`).
    case boardNotOnRemote(Board.ID?)
    /// The board is shared on another remote already.
    case alreadyShared(Board.ID, remote: String)
    /// Another store shared a board of that id on the remote `remote` already (on a remote used
    /// before 5.2, every store's default board went by one id): sharing this store's would merge
    /// the two. Join the remote's.
    case sharedByAnotherStore(Board.ID, remote: String)
    /// The files this engine keeps about sync could not be read or written.
    case localState(reason: String)

    /// What happened, in one line of English, for logs.
    public var description: String {
        switch self {
        case .unreachable(let remote, let reason): "could not sync with \(remote): \(reason)"
        case .pushRefused(let remote, let attempts):
            "\(remote) refused the push \(attempts) times as others pushed first; sync again"
        case .gitMissing: "the git command is not installed"
        case .unknownRemote(let name): "no remote named \(name)"
        case .remoteExists(let name): "a remote named \(name) exists already"
        case .badAddress(let address, let reason): "\(address) is not a remote address: \(reason)"
        case .notShared(let board): "board \(board) is not shared"
        case .boardNotOnRemote(let board?): "the remote holds no board \(board)"
        case .boardNotOnRemote(nil): "the remote holds no shared board"
        case .alreadyShared(let board, let remote): "board \(board) is shared on \(remote) already"
        case .sharedByAnotherStore(let board, let remote):
            "another store shared a board \(board) on \(remote) already; sharing this one would merge them"
        case .localState(let reason): "could not keep the sync state: \(reason)"
        }
    }
}

extension SyncError {
    /// `address` with any user name, password or token removed, as errors and listings show it:
    /// `https://token@host/x.git` is `https://host/x.git`.
    /// An address `URLComponents` cannot read (`ssh://user:token@host:x/y`) loses whatever stands
    /// between its `scheme://` and the last `@` before its path.
    public static func redacted(_ address: String) -> String {
        if var components = URLComponents(string: address), components.scheme != nil {
            guard components.user != nil || components.password != nil else { return address }
            components.user = nil
            components.password = nil
            if let string = components.string { return string }
        }
        return address.replacing(#/^([A-Za-z][A-Za-z0-9+.\-]*://)[^/]*@/#) { $0.output.1 }
    }
}
