import Foundation
import ProjectManagerDomain

/// A remote that is a git repository: a path, a `file://`, `ssh://` or `https://` address, or
/// anything else the `git` command can reach with the user's own keys and credential helpers.
///
/// ``folder`` is a clone this transport makes on the first ``pull()`` and owns from then on. Its
/// branch is always `main`, the remote's `main` is always what it pulls and pushes, and an empty
/// remote (a new `git init --bare`) is a remote with no files yet.
///
/// ```swift
/// let transport = GitTransport(remote: "git@example.com:team/boards.git", folder: clone)
/// try await transport.pull()
/// try data.write(to: transport.folder.appending(path: "boards/\(board)/\(replica)/1.ops"))
/// try await transport.push(["boards/\(board)/\(replica)"], message: "pm sync")
/// ```
///
/// Each call runs `git` as a child process that never asks anything: without a terminal prompt
/// or an editor, and with ssh in batch mode unless `GIT_SSH_COMMAND` or `GIT_SSH` says otherwise
/// (a `core.sshCommand` in git's configuration is then not used). Its messages reach
/// ``SyncError`` in one line, with any credential in the address removed; the transport's
/// description, debug description and mirror show ``address``, never the credential.
///
/// > Important: One call at a time per folder: two transports may share a remote, not a folder.
public struct GitTransport: SyncTransport {
    /// The remote's address as given, credential included: never shown.
    let remote: String
    /// The local clone.
    public let folder: URL
    /// `git`, set up to run without asking anything.
    let git: GitCommand

    /// The most times ``push(_:message:)`` pushes when others keep pushing first.
    static let pushAttempts = 5

    /// A transport to `remote` through the clone at `folder`.
    ///
    /// - Parameters:
    ///   - remote: Any address `git clone` takes. A credential in it (`https://token@host/x.git`)
    ///     is used but never shown: errors carry ``SyncError/redacted(_:)``'s form.
    ///   - folder: Where the clone is, or is to be made; its `.git` is this transport's.
    ///   - committerName: The name commits carry, whatever git's configuration says.
    ///   - committerEmail: The email commits carry.
    ///   - environment: The variables `git` runs with, `PATH` among them (where `git` is looked
    ///     for, then at `/usr/bin/git`).
    public init(
        remote: String, folder: URL, committerName: String = "ProjectManager",
        committerEmail: String = "pm@localhost", environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.remote = remote
        self.folder = folder
        git = GitCommand(environment: environment, name: committerName, email: committerEmail)
    }

    /// The remote's address without any credential, as errors show it.
    public var address: String { SyncError.redacted(remote) }

    // MARK: - Pull

    /// Clones the remote into ``folder`` the first time; later, fetches it and replays this
    /// replica's commits not yet pushed on top of the remote's `main`. Files written and not yet
    /// committed stay as they are.
    ///
    /// - Throws: ``SyncError/unreachable(remote:reason:)`` when git cannot read the remote or
    ///   cannot combine the two histories; ``SyncError/badAddress(_:reason:)`` for an address git
    ///   would misread; ``SyncError/gitMissing``; ``SyncError/localState(reason:)`` when the
    ///   folder cannot be made.
    public func pull() async throws(SyncError) {
        try checkAddress()
        if hasClone {
            try await finishInterruptedRebase()
            try await fetch()
        } else {
            try await makeClone()
        }
        try await integrateRemote()
    }

    /// Refuses an address git would read as an option (`--upload-pack=…`), or that is empty or
    /// spans lines.
    private func checkAddress() throws(SyncError) {
        if remote.isEmpty { throw .badAddress(address, reason: "it is empty") }
        if remote.hasPrefix("-") { throw .badAddress(address, reason: "it starts with a dash") }
        if remote.contains(where: \.isNewline) { throw .badAddress(address, reason: "it spans lines") }
    }

    /// Whether ``folder`` holds a clone already.
    private var hasClone: Bool {
        var isDirectory: ObjCBool = false
        let gitFolder = folder.appending(path: ".git").path(percentEncoded: false)
        return FileManager.default.fileExists(atPath: gitFolder, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A new repository on `main` whose `origin` is the remote, with the remote fetched: unlike
    /// `git clone`, this works the same for an empty remote, and in a folder that has files.
    /// When the fetch fails the folder is left as it was.
    private func makeClone() async throws(SyncError) {
        do {
            // The copy's configuration holds the address, and an address may hold a token: the
            // folder is its owner's alone.
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .localState(reason: "could not make the folder \(folder.path(percentEncoded: false))")
        }
        do {
            try await succeed(["init", "--quiet"])
            try await succeed(["symbolic-ref", "HEAD", "refs/heads/main"])
            try await succeed(["remote", "add", "origin", remote])
            // The remote's files as they are, not its history: a new device reads the checkpoints
            // there, never the log files they hold. Git refuses a shallow fetch of an empty
            // remote: that is fetched whole (nothing), and a failure is the whole fetch's.
            do {
                try await fetch(depth: 1, keepingPack: true)
            } catch {
                try await fetch()
            }
        } catch {
            // The fetch's error is the one to report; a `.git` left behind serves the next pull.
            try? FileManager.default.removeItem(at: folder.appending(path: ".git"))
            throw error
        }
    }

    /// Points `origin` at the remote (in case the address changed) and fetches its branches, with
    /// commits as far back as `depth` when it is set. `keepingPack`: what comes is kept as git
    /// sends it, one pack, rather than each object compressed again on its own (a new copy's
    /// first fetch: a board's checkpoint is most of it).
    private func fetch(depth: Int? = nil, keepingPack: Bool = false) async throws(SyncError) {
        // Set when it changed since this transport last set it (a file beside the configuration
        // keeps the address's SHA-256, never the address): one git process less per sync.
        let origin = folder.appending(path: ".git/pm-origin")
        let digest = Data(SHA256.hash(data: Data(remote.utf8)).description.utf8)
        if (try? Data(contentsOf: origin)) != digest {
            try await succeed(["config", "remote.origin.url", remote])
            // One not written costs the next sync this same process again, nothing more.
            try? PrivateStateFile.write(digest, to: origin)
        }
        // It holds the address, which may hold a token: `0600`, as git keeps the mode it finds.
        let configuration = folder.appending(path: ".git/config").path(percentEncoded: false)
        do {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: configuration)
        } catch {
            throw .localState(reason: "could not make \(configuration) private")
        }
        let shallow = depth.map { ["--depth", String($0)] } ?? []
        let keep = keepingPack ? ["-c", "fetch.unpackLimit=1"] : []
        try await succeed(
            keep + ["fetch", "--quiet", "--prune"] + shallow + ["origin", "+refs/heads/*:refs/remotes/origin/*"])
    }

    /// Puts this replica's commits on top of the remote's `main`, or checks the remote's `main`
    /// out when this replica has not committed yet.
    private func integrateRemote() async throws(SyncError) {
        // Both at once, as they mostly are (one git process): the same commit when this replica
        // pushed last and nobody since.
        let both = try await git.run(["rev-parse", "refs/remotes/origin/main^{commit}", "HEAD^{commit}"], in: folder)
        let commits = both.output.split(whereSeparator: \.isNewline)
        if both.succeeded, commits.count == 2, commits[0] == commits[1] { return }
        if !both.succeeded {
            guard try await resolves("refs/remotes/origin/main") else { return }  // An empty remote.
            guard try await resolves("HEAD") else {
                try await succeed(["checkout", "--quiet", "--no-track", "-B", "main", "refs/remotes/origin/main"])
                return
            }
        }
        // Nothing of this replica's waits to be pushed (a push that failed leaves some): the
        // remote's commits are taken as they are, at a third of a rebase's time.
        if try await git.run(["merge", "--quiet", "--ff-only", "refs/remotes/origin/main"], in: folder).succeeded {
            return
        }
        let rebase = try await git.run(["rebase", "--quiet", "--autostash", "refs/remotes/origin/main"], in: folder)
        guard rebase.succeeded else {
            _ = try await git.run(["rebase", "--abort"], in: folder)
            throw .unreachable(
                remote: address,
                reason: "this replica's commits could not be put on top of the remote's: \(reason(rebase))")
        }
    }

    /// Abandons a rebase a crash interrupted, so that the commits it was replaying are replayed
    /// again by this pull.
    private func finishInterruptedRebase() async throws(SyncError) {
        let gitFolder = folder.appending(path: ".git")
        let interrupted = ["rebase-merge", "rebase-apply"].contains {
            FileManager.default.fileExists(atPath: gitFolder.appending(path: $0).path(percentEncoded: false))
        }
        if interrupted { try await succeed(["rebase", "--abort"]) }
    }

    // MARK: - Push

    /// Commits what is under `paths` (what an earlier sync left uncommitted there too) and pushes
    /// every commit not yet on the remote's `main`. A push refused because another replica
    /// pushed first pulls and pushes again, up to five times. With nothing to commit and nothing
    /// to push it does nothing, and does not reach the remote.
    ///
    /// - Throws: ``SyncError/pushRefused(remote:attempts:)`` when others pushed first five times;
    ///   ``SyncError/unreachable(remote:reason:)``; ``SyncError/localState(reason:)`` when a path
    ///   is not in the folder; ``SyncError/badAddress(_:reason:)``; ``SyncError/gitMissing``.
    public func push(_ paths: [String], message: String) async throws(SyncError) {
        try checkAddress()
        try SyncPaths.check(paths, in: folder)
        if !hasClone { try await pull() }
        if !paths.isEmpty {
            // `--force`: the caller names what to send, and the user's global ignore file has
            // no say in it.
            try await succeed(["add", "--all", "--force", "--"] + paths)
        }
        // A commit of nothing staged exits with 1 and says so (git speaks English here:
        // `LC_ALL=C`); then only a commit an earlier push left behind goes.
        let commit = try await git.run(["commit", "--quiet", "--no-verify", "--message", message], in: folder)
        if !commit.succeeded {
            guard commit.status == 1,
                commit.output.contains("nothing to commit") || commit.output.contains("nothing added")
            else { throw .unreachable(remote: address, reason: reason(commit)) }
            guard try await hasUnpushedCommits() else { return }
        }
        for attempt in 1...Self.pushAttempts {
            let push = try await git.run(["push", "--porcelain", "origin", "HEAD:refs/heads/main"], in: folder)
            if push.succeeded { return }
            guard Self.isRefusedAsBehind(push) else {
                throw .unreachable(remote: address, reason: reason(push))
            }
            if attempt < Self.pushAttempts { try await pull() }
        }
        throw .pushRefused(remote: address, attempts: Self.pushAttempts)
    }

    /// Whether `HEAD` has commits the remote's `main` (as last fetched or pushed) does not.
    private func hasUnpushedCommits() async throws(SyncError) -> Bool {
        guard try await resolves("HEAD") else { return false }
        let range = try await resolves("refs/remotes/origin/main") ? "refs/remotes/origin/main..HEAD" : "HEAD"
        let count = try await succeed(["rev-list", "--count", range])
        return (Int(count.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1) > 0
    }

    /// Whether a failed push was refused because the remote's `main` moved on since the last
    /// fetch (someone pushed first), or was being moved by another push at the same moment.
    static func isRefusedAsBehind(_ push: GitOutput) -> Bool {
        let said = (push.output + "\n" + push.errors).lowercased()
        return [
            "fetch first", "non-fast-forward", "cannot lock ref", "failed to update ref", "failed to lock",
            "incorrect old value", "stale info",
        ].contains { said.contains($0) }
    }

    // MARK: - Running git

    /// Runs git and returns what it wrote; a failure is thrown as
    /// ``SyncError/unreachable(remote:reason:)``.
    @discardableResult
    private func succeed(_ arguments: [String]) async throws(SyncError) -> GitOutput {
        let run = try await git.run(arguments, in: folder)
        guard run.succeeded else { throw .unreachable(remote: address, reason: reason(run)) }
        return run
    }

    /// Whether `reference` names a commit (`HEAD` does not on a branch with no commit yet).
    private func resolves(_ reference: String) async throws(SyncError) -> Bool {
        try await git.run(["rev-parse", "--verify", "--quiet", "\(reference)^{commit}"], in: folder).succeeded
    }

    /// What a failed run said, in one line without any credential.
    private func reason(_ run: GitOutput) -> String {
        GitMessage.reason(from: run, remote: remote)
    }
}

// MARK: - Showing it

extension GitTransport: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The remote's address without its credential, and the folder.
    public var description: String { "git \(address) at \(folder.path(percentEncoded: false))" }

    /// As ``description``, named.
    public var debugDescription: String { "GitTransport(\(description))" }

    /// The address without its credential and the folder: never the credential, nor the
    /// environment git runs with.
    public var customMirror: Mirror { Mirror(self, children: ["address": address, "folder": folder]) }
}
