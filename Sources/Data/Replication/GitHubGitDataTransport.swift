import Foundation
import ProjectManagerDomain

/// A remote that is a repository on GitHub, read and written through GitHub's Git Data API
/// (refs, commits, trees and blobs) with the signed-in account's token: for a device with no
/// `git` command, such as an iPhone.
///
/// ``folder`` is a mirror of the repository's `main` branch that this transport owns. It keeps
/// what it mirrored in a small manifest there (`.github-mirror.json`: each file's blob id and the
/// commit last pulled), so that syncs are incremental: a ``pull()`` when `main` has not moved
/// sends one request, and one after it moved downloads only the blobs the folder lacks.
///
/// ```swift
/// let transport = github.replicaTransport(for: repository, folder: mirror, signedInAs: credential)
/// try await transport.pull()
/// try data.write(to: transport.folder.appending(path: "boards/\(board)/\(replica)/1.ops"))
/// try await transport.push(["boards/\(board)/\(replica)"], message: "pm sync")
/// ```
///
/// Requests go through the GitHub connection's provider, so they have its protections: the token
/// goes only to the configured API host (never along a redirect to another host, never over
/// plain http to another machine), and GitHub's messages are cleaned of anything like a token.
/// Errors are ``SyncError/unreachable(remote:reason:)`` with ``address`` (`github.com/OWNER/REPO`),
/// and the transport's description and mirror show the address and folder, never the token.
///
/// What GitHub answers is not trusted. A file whose path is absolute, holds `..`, `.` or an
/// empty part, names the manifest, or would be written through a symbolic link is not written;
/// nor is a symbolic link or a submodule, nor a blob over ``blobLimit`` bytes. A blob whose
/// content does not have the id it was asked by, or an answer that is not the JSON GitHub
/// documents, fails the pull, and the folder is as it was.
///
/// > Important: One call at a time per folder: two transports may share a repository, not a
/// > folder.
public struct GitHubGitDataTransport: SyncTransport {
    /// The repository.
    public let repository: GitHubRepositoryName
    /// The local mirror of the repository's `main` branch.
    public let folder: URL
    let provider: GitHubProvider
    let credential: GitHubCredential

    /// The branch replicas meet on.
    static let branch = "main"
    /// The most times ``push(_:message:)`` tries when others keep pushing first.
    static let pushAttempts = 5
    /// The largest file this transport downloads or sends, in bytes: 16 MiB.
    public static let blobLimit = 16 << 20
    /// The most trees read one by one when GitHub truncates a recursive listing.
    static let treeLimit = 10_000

    /// A transport to `repository` on the GitHub `connection` reaches, through the mirror at
    /// `folder`, sending `credential`'s token.
    public init(
        repository: GitHubRepositoryName, folder: URL, connection: GitHubConnection, credential: GitHubCredential
    ) {
        self.init(repository: repository, folder: folder, provider: connection.provider, credential: credential)
    }

    init(repository: GitHubRepositoryName, folder: URL, provider: GitHubProvider, credential: GitHubCredential) {
        self.repository = repository
        self.folder = folder
        self.provider = provider
        self.credential = credential
    }

    /// The repository's address as errors show it: the web host, then `OWNER/REPO`
    /// (`github.com/octocat/boards`).
    public var address: String {
        let web = provider.configuration.webURL
        let host = (web.host ?? "github.com") + (web.port.map { ":\($0)" } ?? "")
        return "\(host)/\(repository.owner)/\(repository.name)"
    }

    // MARK: - Pull

    /// Brings ``folder`` to the commit of the repository's `main`: reads the branch, and when it
    /// moved since the last pull, reads its tree and downloads the blobs the folder does not
    /// hold. Files this replica wrote and has not pushed stay as they are; a file the remote
    /// removed is removed here too unless it was changed here since.
    ///
    /// - Throws: ``SyncError/unreachable(remote:reason:)`` when GitHub cannot be reached, refuses
    ///   the token, or answers with what it does not document; ``SyncError/localState(reason:)``
    ///   when the folder or its manifest cannot be read or written.
    /// - Complexity: One request when `main` has not moved; otherwise two, one per tree when
    ///   GitHub truncates the listing, and one per blob the folder lacks.
    public func pull() async throws(SyncError) {
        var manifest = try GitHubMirrorManifest.load(from: folder) ?? GitHubMirrorManifest()
        try await integrateRemote(into: &manifest)
    }

    /// Mirrors the remote's `main` into the folder, and records it in `manifest` and its file.
    private func integrateRemote(into manifest: inout GitHubMirrorManifest) async throws(SyncError) {
        try makeFolder()
        guard let head = try await remoteHead() else {
            // An empty repository, or one without `main`: nothing to mirror yet.
            if manifest.commit != nil {
                (manifest.commit, manifest.tree) = (nil, nil)
                try manifest.save(to: folder)
            }
            return
        }
        guard head != manifest.commit else { return }
        let commit = try await send(.commit(head, of: repository))
        guard GitObjectID.isValid(commit.tree.sha) else { throw malformed("tree.sha", "not a tree id") }
        let remote = try await remoteFiles(ofTree: commit.tree.sha)

        var files = manifest.files
        var downloads: [(path: String, sha: String, content: Data)] = []
        var downloaded: [String: Data] = [:]
        for (path, entry) in remote.sorted(by: { $0.key < $1.key }) where manifest.files[path] != entry.sha {
            switch localFile(path) {
            case .unusable: continue  // A folder or a link where the file goes, or a link above it.
            case .file(let id) where id == entry.sha: files[path] = entry.sha
            case .file(let id) where id != manifest.files[path]: continue  // Changed here, not pushed.
            case .file, .missing:
                guard (entry.size ?? 0) <= Self.blobLimit else { continue }
                if downloaded[entry.sha] == nil { downloaded[entry.sha] = try await blob(entry.sha) }
                guard let content = downloaded[entry.sha] else { continue }
                downloads.append((path, entry.sha, content))
            }
        }
        var removals: [String] = []
        for (path, sha) in manifest.files where remote[path] == nil {
            files[path] = nil
            if case .file(sha) = localFile(path) { removals.append(path) }
        }

        for download in downloads {
            try write(download.content, to: download.path)
            files[download.path] = download.sha
        }
        for path in removals { try remove(path) }
        manifest.files = files
        (manifest.commit, manifest.tree) = (head, commit.tree.sha)
        try manifest.save(to: folder)
    }

    /// The commit `main` points at, or `nil` when there is no `main` (`404`) or the repository is
    /// empty (`409`).
    private func remoteHead() async throws(SyncError) -> String? {
        let ref: GitRefPayload
        do {
            ref = try await provider.send(.branch(Self.branch, of: repository), token: credential.token).value
        } catch .notFound {
            return nil
        } catch .status(409, _) {
            return nil
        } catch {
            throw unreachable(error)
        }
        guard ref.object.type == "commit", GitObjectID.isValid(ref.object.sha) else {
            throw malformed("object.sha", "not a commit id")
        }
        return ref.object.sha
    }

    /// A file of the remote tree.
    private struct RemoteFile {
        var sha: String
        var size: Int?
    }

    /// The files of the tree `sha` that may be written: regular files with a blob id and a safe
    /// path, none of whose folders is a file of the tree too.
    private func remoteFiles(ofTree sha: String) async throws(SyncError) -> [String: RemoteFile] {
        let listing = try await send(.tree(sha, of: repository, recursive: true))
        let entries = listing.truncated ? try await walkTree(sha) : listing.tree
        var files: [String: RemoteFile] = [:]
        for entry in entries
        where entry.type == "blob" && ["100644", "100755"].contains(entry.mode) && GitObjectID.isValid(entry.sha)
            && Self.isSafe(entry.path)
        {
            files[entry.path] = RemoteFile(sha: entry.sha, size: entry.size)
        }
        // A hostile tree may list `a` and `a/b` both: neither git nor a file system can hold them.
        let paths = Set(files.keys)
        return files.filter { path, _ in
            let parts = path.split(separator: "/")
            return !(1..<parts.count).contains { paths.contains(parts[0..<$0].joined(separator: "/")) }
        }
    }

    /// The tree `sha`'s entries, read one tree at a time, with full paths: for a tree GitHub
    /// truncates when listed recursively.
    private func walkTree(_ sha: String) async throws(SyncError) -> [GitTreePayload.Entry] {
        var entries: [GitTreePayload.Entry] = []
        var pending = [(sha: sha, prefix: "")]
        var read = 0
        while let next = pending.popLast() {
            read += 1
            guard read <= Self.treeLimit else {
                throw .unreachable(remote: address, reason: "the repository has more than \(Self.treeLimit) folders")
            }
            let level = try await send(.tree(next.sha, of: repository, recursive: false))
            guard !level.truncated else {
                throw .unreachable(remote: address, reason: "GitHub truncated a tree read one folder at a time")
            }
            for var entry in level.tree where !entry.path.isEmpty && !entry.path.contains("/") {
                entry.path = next.prefix.isEmpty ? entry.path : "\(next.prefix)/\(entry.path)"
                if entry.type == "tree", GitObjectID.isValid(entry.sha), Self.isSafe(entry.path) {
                    pending.append((entry.sha, entry.path))
                } else {
                    entries.append(entry)
                }
            }
        }
        return entries
    }

    /// The content of the blob `sha`, or `nil` when it is larger than ``blobLimit``.
    ///
    /// - Throws: ``SyncError/unreachable(remote:reason:)`` when the content is not in a
    ///   documented encoding, or is not the content whose id is `sha`.
    private func blob(_ sha: String) async throws(SyncError) -> Data? {
        let blob = try await send(.blob(sha, of: repository))
        if let size = blob.size, size > Self.blobLimit { return nil }
        // Base64 with line breaks takes under twice the bytes it encodes.
        guard blob.content.utf8.count <= 2 * Self.blobLimit else { return nil }
        let content: Data
        switch blob.encoding.lowercased() {
        case "base64":
            guard let decoded = Data(base64Encoded: blob.content, options: .ignoreUnknownCharacters) else {
                throw malformed("content", "not base64")
            }
            content = decoded
        case "utf-8", "utf8": content = Data(blob.content.utf8)
        default: throw malformed("encoding", "not base64 or utf-8")
        }
        guard content.count <= Self.blobLimit else { return nil }
        guard GitObjectID.blob(content) == sha else {
            throw malformed("content", "the blob's content does not have the id \(sha)")
        }
        return content
    }

    // MARK: - Push

    /// Sends the files under `paths` that are new or changed since the last pull or push: makes
    /// their blobs, a tree over the tree last pulled, a commit on the commit last pulled, and
    /// moves `main` to it only if that is a fast-forward. When another replica pushed first, pulls
    /// and tries again, up to five times. An empty repository gets its first commit.
    ///
    /// With nothing new or changed under `paths` it sends nothing. A file removed here stays on
    /// the remote.
    ///
    /// - Throws: ``SyncError/pushRefused(remote:attempts:)`` when others pushed first five times;
    ///   ``SyncError/unreachable(remote:reason:)``; ``SyncError/localState(reason:)`` when a path
    ///   is not in the folder, or a file is larger than ``blobLimit``.
    /// - Complexity: Four requests and one per file sent, more for each retry.
    public func push(_ paths: [String], message: String) async throws(SyncError) {
        try SyncPaths.check(paths, in: folder)
        var manifest: GitHubMirrorManifest
        if let kept = try GitHubMirrorManifest.load(from: folder) {
            manifest = kept
        } else {
            manifest = GitHubMirrorManifest()
            try await integrateRemote(into: &manifest)
        }
        var attempts = 0
        var startedRepository = false
        while attempts < Self.pushAttempts {
            let changes = try changedFiles(under: paths, in: manifest)
            guard !changes.isEmpty else { return }
            let outcome: PushOutcome
            do {
                outcome = try await commit(changes, message: message, onto: manifest)
            } catch {
                throw unreachable(error)
            }
            switch outcome {
            case .pushed(let commit, let tree):
                for change in changes { manifest.files[change.path] = change.sha }
                (manifest.commit, manifest.tree) = (commit, tree)
                try manifest.save(to: folder)
                return
            case .emptyRepository where !startedRepository:
                startedRepository = true
                try await startRepository(with: changes[0], message: message)
            case .emptyRepository:
                throw .unreachable(remote: address, reason: "GitHub still says the repository is empty")
            case .refused:
                attempts += 1
            }
            if attempts < Self.pushAttempts { try await integrateRemote(into: &manifest) }
        }
        throw .pushRefused(remote: address, attempts: Self.pushAttempts)
    }

    /// A file to send.
    private struct Change {
        var path: String
        var sha: String
        var content: Data
    }

    /// How one attempt to push ended, when GitHub answered.
    private enum PushOutcome {
        /// `main` is at `commit`, whose tree is `tree`.
        case pushed(commit: String, tree: String)
        /// Another replica moved `main` first (or made it first).
        case refused
        /// The repository has no commit, so the Git Data API takes no object.
        case emptyRepository
    }

    /// Makes the blobs, the tree and the commit, and moves (or makes) `main`.
    private func commit(_ changes: [Change], message: String, onto manifest: GitHubMirrorManifest)
        async throws(GitHubError) -> PushOutcome
    {
        var entries: [NewTreePayload.Entry] = []
        for change in changes {
            let made: GitCreatedPayload
            do {
                made = try await provider.send(.createBlob(change.content, in: repository), token: credential.token)
                    .value
            } catch .status(409, _) where manifest.commit == nil {
                return .emptyRepository
            }
            guard made.sha == change.sha else {
                throw .decoding(field: "sha", reason: "GitHub gave \(change.path) another id than its content's")
            }
            entries.append(NewTreePayload.Entry(path: change.path, sha: change.sha))
        }
        let tree = try await provider.send(
            .createTree(entries, over: manifest.tree, in: repository), token: credential.token
        ).value.sha
        let commit = try await provider.send(
            .createCommit(
                message: message, tree: tree, parents: manifest.commit.map { [$0] } ?? [], in: repository),
            token: credential.token
        ).value.sha
        guard GitObjectID.isValid(tree), GitObjectID.isValid(commit) else {
            throw .decoding(field: "sha", reason: "not an object id")
        }
        do {
            if manifest.commit == nil {
                _ = try await provider.send(
                    .createBranch(Self.branch, at: commit, in: repository), token: credential.token)
            } else {
                _ = try await provider.send(
                    .moveBranch(Self.branch, to: commit, in: repository), token: credential.token)
            }
        } catch .status(422, let message?) where Self.isRefusedAsBehind(message) {
            return .refused
        }
        return .pushed(commit: commit, tree: tree)
    }

    /// Whether GitHub's `422` says the branch moved on: "Update is not a fast forward", or
    /// "Reference already exists" when it was made meanwhile.
    static func isRefusedAsBehind(_ message: String) -> Bool {
        let said = message.lowercased()
        return said.contains("fast forward") || said.contains("fast-forward") || said.contains("already exists")
    }

    /// Makes the first commit of an empty repository, with `change`'s file, through the contents
    /// endpoint; makes `main` there when the repository's default branch is another.
    private func startRepository(with change: Change, message: String) async throws(SyncError) {
        let made = try await send(
            try target { () throws(GitHubError) in
                try .createFile(at: change.path, content: change.content, message: message, in: repository)
            }
        ).commit
        guard GitObjectID.isValid(made.sha) else { throw malformed("commit.sha", "not a commit id") }
        guard try await remoteHead() == nil else { return }
        do {
            _ = try await provider.send(
                .createBranch(Self.branch, at: made.sha, in: repository), token: credential.token)
        } catch .status(422, let message?) where Self.isRefusedAsBehind(message) {
            // Another replica made it meanwhile: the next pull reads it.
        } catch {
            throw unreachable(error)
        }
    }

    /// The files under `paths` whose content is not what `manifest` lists, in path order.
    private func changedFiles(under paths: [String], in manifest: GitHubMirrorManifest) throws(SyncError) -> [Change] {
        var seen: Set<String> = []
        var changes: [Change] = []
        for path in paths {
            let relative = path.split(separator: "/").joined(separator: "/")
            for file in try regularFiles(under: relative) where seen.insert(file).inserted {
                let url = folder.appending(path: file)
                let content: Data
                do {
                    content = try Data(contentsOf: url)
                } catch {
                    throw .localState(reason: "\(url.path(percentEncoded: false)) could not be read")
                }
                guard content.count <= Self.blobLimit else {
                    throw .localState(reason: "\(file) is larger than \(Self.blobLimit >> 20) MiB")
                }
                let sha = GitObjectID.blob(content)
                if manifest.files[file] != sha { changes.append(Change(path: file, sha: sha, content: content)) }
            }
        }
        return changes.sorted { $0.path < $1.path }
    }

    /// The regular files at or under `relative`, not following links, without the manifest.
    private func regularFiles(under relative: String) throws(SyncError) -> [String] {
        guard relative != GitHubMirrorManifest.fileName else { return [] }
        let path = folder.appending(path: relative).path(percentEncoded: false)
        let type: FileAttributeType?
        let names: [String]
        do {
            type = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            names = type == .typeDirectory ? try FileManager.default.contentsOfDirectory(atPath: path) : []
        } catch {
            throw .localState(reason: "\(path) could not be read")
        }
        switch type {
        case .typeRegular?: return [relative]
        case .typeDirectory?:
            var files: [String] = []
            for name in names.sorted() { files += try regularFiles(under: "\(relative)/\(name)") }
            return files
        default: return []
        }
    }

    // MARK: - The folder

    /// What the folder holds where a file goes.
    private enum LocalFile {
        /// Nothing.
        case missing
        /// A regular file with this blob id.
        case file(String)
        /// A folder, a link, something unreadable, or a link on the way there: nothing is written.
        case unusable
    }

    private func localFile(_ relative: String) -> LocalFile {
        let manager = FileManager.default
        let parts = relative.split(separator: "/")
        var url = folder
        for (index, part) in parts.enumerated() {
            url = url.appending(path: String(part))
            let attributes: [FileAttributeKey: Any]
            do {
                attributes = try manager.attributesOfItem(atPath: url.path(percentEncoded: false))
            } catch {
                // Nothing there: the file and the folders it goes in are made when written.
                return .missing
            }
            let type = attributes[.type] as? FileAttributeType
            let isLast = index == parts.count - 1
            if isLast, type == .typeRegular {
                do {
                    return .file(GitObjectID.blob(try Data(contentsOf: url)))
                } catch {
                    return .unusable  // Unreadable: left alone, and reported by the push that reads it.
                }
            }
            if isLast || type != .typeDirectory { return .unusable }
        }
        return .unusable
    }

    private func makeFolder() throws(SyncError) {
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .localState(reason: "could not make the folder \(folder.path(percentEncoded: false))")
        }
    }

    /// Writes `content` at `relative`, whole or not at all, making its folders.
    private func write(_ content: Data, to relative: String) throws(SyncError) {
        let url = folder.appending(path: relative)
        do {
            try PrivateStateFile.write(content, to: url, private: true)
        } catch {
            throw .localState(reason: "\(url.path(percentEncoded: false)) could not be written")
        }
    }

    private func remove(_ relative: String) throws(SyncError) {
        let url = folder.appending(path: relative)
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .localState(reason: "\(url.path(percentEncoded: false)) could not be removed")
        }
    }

    /// Whether `path`, from GitHub, is one to write in the folder: relative, of non-empty parts
    /// that are not `.` or `..` and hold no control character or backslash, and not the manifest.
    static func isSafe(_ path: String) -> Bool {
        guard !path.hasPrefix("/"), path.utf8.count <= 1_024 else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = parts.first, first != Substring(GitHubMirrorManifest.fileName) else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.utf8.count <= 255
                && !part.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }
        }
    }

    // MARK: - Requests

    private func send<Value>(_ target: GitHubTarget<Value>) async throws(SyncError) -> Value {
        do {
            return try await provider.send(target, token: credential.token).value
        } catch {
            throw unreachable(error)
        }
    }

    /// The target `make` builds; its failure (a body that cannot be written) as a sync error.
    private func target<Value>(_ make: () throws(GitHubError) -> GitHubTarget<Value>) throws(SyncError)
        -> GitHubTarget<Value>
    {
        do {
            return try make()
        } catch {
            throw unreachable(error)
        }
    }

    /// `error` as a sync error: one line, without the token.
    private func unreachable(_ error: GitHubError) -> SyncError {
        .unreachable(remote: address, reason: GitHubText.shown(error.description, hiding: credential.token))
    }

    private func malformed(_ field: String, _ reason: String) -> SyncError {
        unreachable(.decoding(field: field, reason: reason))
    }
}

// MARK: - Showing it

extension GitHubGitDataTransport: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The repository's address and the folder.
    public var description: String { "GitHub \(address) at \(folder.path(percentEncoded: false))" }

    /// As ``description``, named.
    public var debugDescription: String { "GitHubGitDataTransport(\(description))" }

    /// The address and the folder: never the token.
    public var customMirror: Mirror { Mirror(self, children: ["address": address, "folder": folder]) }
}

extension GitHubConnection {
    /// A transport that replicates through `repository`'s `main` branch with `credential`'s token,
    /// mirrored in `folder`.
    ///
    /// ```swift
    /// let transport = github.replicaTransport(for: repository, folder: mirror, signedInAs: credential)
    /// try await transport.pull()
    /// ```
    public func replicaTransport(
        for repository: GitHubRepositoryName, folder: URL, signedInAs credential: GitHubCredential
    ) -> GitHubGitDataTransport {
        GitHubGitDataTransport(repository: repository, folder: folder, provider: provider, credential: credential)
    }
}
