import Foundation
import ProjectManagerTestSupport
import Synchronization

@testable import ProjectManagerData

/// GitHub's Git Data API for one repository, on the loopback, under `/api/v3`: blobs, trees,
/// commits and refs kept in memory, answered in GitHub's documented shapes and statuses.
///
/// Like GitHub it answers `409 Git Repository is empty.` to the Git Data API while the repository
/// has no branch (the contents endpoint makes its first commit), `404` for a branch that is not
/// there, `422 Update is not a fast forward` to a `PATCH` whose commit does not descend from the
/// branch's, and `422 Reference already exists` to a `POST` of a branch that exists. Every
/// request must carry ``token``, or gets `401`.
final class FakeGitDataAPI: Sendable {
    static let token = "ghp_R3plicaT0kenR3plicaT0kenR3plica01"
    static let owner = "octocat"
    static let name = "boards"
    static let apiPrefix = "/api/v3"
    private static let repositoryPrefix = "/repos/\(owner)/\(name)/"

    /// One entry of a stored tree: a name (or, in a hostile tree, any path) and what it points at.
    struct Entry: Sendable, Hashable {
        var path: String
        var mode = "100644"
        var type = "blob"
        var sha: String
        /// The size a listing reports; a blob's real size unless a test says otherwise.
        var size: Int?
    }

    struct Commit: Sendable {
        var tree: String
        var parents: [String]
        var message: String
    }

    /// An answer given instead of the real one to the next request that matches.
    struct Fault: Sendable {
        var method: String
        var pathContains: String
        var response: StubResponse
    }

    struct State: Sendable {
        var blobs: [String: Data] = [:]
        var trees: [String: [Entry]] = [:]
        var commits: [String: Commit] = [:]
        var refs: [String: String] = [:]
        var defaultBranch = "main"
        var faults: [Fault] = []
        var truncatesRecursiveListings = false
        var refusedUpdates = 0
        var counter = 0
    }

    /// The state, in a class so that the server's handler and the fake share it.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let server: LoopbackHTTPServer

    init() throws {
        let shared = shared
        server = try LoopbackHTTPServer { request in
            shared.state.withLock { FakeGitDataAPI.respond(to: request, state: &$0) }
        }
    }

    func stop() { server.stop() }

    var apiURL: URL { server.baseURL.appending(path: "api/v3") }
    var webURL: URL { server.baseURL }
    var requests: [RecordedRequest] { server.requests }
    func clearRequests() { server.clearRequests() }

    /// The API requests, as `METHOD path?query` with the `/api/v3/repos/OWNER/REPO/` prefix dropped.
    var requestLines: [String] {
        server.requests.map { request in
            let path = request.path.replacingOccurrences(of: Self.apiPrefix + Self.repositoryPrefix, with: "")
            let query = request.query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
            return "\(request.method) \(path)\(query.isEmpty ? "" : "?" + query)"
        }
    }

    func withState<Result>(_ body: (inout State) -> Result) -> Result { shared.state.withLock { body(&$0) } }

    /// Answers the next request whose method is `method` and whose path holds `path` with `response`.
    func failNext(_ method: String, _ path: String, with response: StubResponse) {
        shared.state.withLock { $0.faults.append(Fault(method: method, pathContains: path, response: response)) }
    }

    /// The files on `branch`, path → content.
    func files(on branch: String = "main") -> [String: Data] {
        shared.state.withLock { state in
            guard let head = state.refs["refs/heads/\(branch)"], let commit = state.commits[head] else { return [:] }
            var files: [String: Data] = [:]
            for entry in Self.listing(state.trees[commit.tree] ?? [], prefix: "", state: state)
            where entry.type == "blob" {
                files[entry.path] = state.blobs[entry.sha]
            }
            return files
        }
    }

    // MARK: - Arranging hostile content

    /// Stores `content` as a blob and returns its id.
    @discardableResult
    func storeBlob(_ content: Data) -> String {
        let sha = GitObjectID.blob(content)
        shared.state.withLock { $0.blobs[sha] = content }
        return sha
    }

    /// Makes `main` point at a new commit whose tree is exactly `entries`, as given.
    func pointMain(atTreeOf entries: [Entry]) {
        shared.state.withLock { state in
            let tree = Self.storeTree(entries, state: &state)
            let parents = state.refs["refs/heads/main"].map { [$0] } ?? []
            let commit = Self.storeCommit(Commit(tree: tree, parents: parents, message: "hostile"), state: &state)
            state.refs["refs/heads/main"] = commit
        }
    }

    // MARK: - Answering

    private static func respond(to request: RecordedRequest, state: inout State) -> StubResponse {
        if let index = state.faults.firstIndex(where: {
            $0.method == request.method && request.path.contains($0.pathContains)
        }) {
            return state.faults.remove(at: index).response
        }
        guard request.header("Authorization") == "Bearer \(token)" else {
            // GitHub's wording, with the token echoed back, as a careless proxy might.
            return message(401, "Bad credentials (\(request.header("Authorization") ?? "none"))")
        }
        guard request.path.hasPrefix(apiPrefix + repositoryPrefix) else { return message(404, "Not Found") }
        let route = String(request.path.dropFirst((apiPrefix + repositoryPrefix).count))
        let parts = route.split(separator: "/", maxSplits: 2).map(String.init)
        let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]

        if parts.first == "contents", request.method == "PUT" {
            return putContents(path: String(route.dropFirst("contents/".count)), body: body, state: &state)
        }
        guard parts.first == "git", parts.count >= 2 else { return message(404, "Not Found") }
        guard !state.refs.isEmpty else { return message(409, "Git Repository is empty.") }
        let rest = parts.count > 2 ? parts[2] : ""
        switch (request.method, parts[1]) {
        case ("GET", "ref"):
            guard let sha = state.refs["refs/\(rest)"] else { return message(404, "Not Found") }
            return json(200, ref("refs/\(rest)", sha))
        case ("GET", "commits"):
            guard let commit = state.commits[rest] else { return message(404, "Not Found") }
            return json(200, commitJSON(rest, commit))
        case ("GET", "trees"):
            guard let entries = state.trees[rest] else { return message(404, "Not Found") }
            let recursive = request.queryValue("recursive") != nil
            var listed = recursive ? listing(entries, prefix: "", state: state) : entries
            let truncated = recursive && state.truncatesRecursiveListings
            if truncated { listed = Array(listed.prefix(1)) }
            return json(200, treeJSON(rest, listed, truncated: truncated))
        case ("GET", "blobs"):
            guard let content = state.blobs[rest] else { return message(404, "Not Found") }
            return json(200, blobJSON(rest, content))
        case ("POST", "blobs"):
            guard let text = body["content"] as? String,
                let content = body["encoding"] as? String == "base64"
                    ? Data(base64Encoded: text) : Data(text.utf8)
            else { return message(422, "Invalid request.") }
            let sha = GitObjectID.blob(content)
            state.blobs[sha] = content
            return json(201, ["sha": sha, "url": "https://api.github.com/repos/octocat/boards/git/blobs/\(sha)"])
        case ("POST", "trees"):
            return postTree(body, state: &state)
        case ("POST", "commits"):
            guard let message = body["message"] as? String, let tree = body["tree"] as? String,
                state.trees[tree] != nil
            else { return self.message(422, "Tree SHA does not exist") }
            let parents = body["parents"] as? [String] ?? []
            guard parents.allSatisfy({ state.commits[$0] != nil }) else {
                return self.message(422, "Parent SHA does not exist or is not a commit object")
            }
            let commit = Commit(tree: tree, parents: parents, message: message)
            return json(201, commitJSON(storeCommit(commit, state: &state), commit))
        case ("PATCH", "refs"):
            let name = "refs/\(rest)"
            guard let current = state.refs[name] else { return message(422, "Reference does not exist") }
            guard let sha = body["sha"] as? String, state.commits[sha] != nil else {
                return message(422, "Object does not exist")
            }
            guard body["force"] as? Bool == true || isAncestor(current, of: sha, state: state) else {
                state.refusedUpdates += 1
                return message(422, "Update is not a fast forward")
            }
            state.refs[name] = sha
            return json(200, ref(name, sha))
        case ("POST", "refs"):
            guard let name = body["ref"] as? String, name.hasPrefix("refs/"), let sha = body["sha"] as? String else {
                return message(422, "Invalid request.")
            }
            guard state.commits[sha] != nil else { return message(422, "Object does not exist") }
            guard state.refs[name] == nil else { return message(422, "Reference already exists") }
            state.refs[name] = sha
            return json(201, ref(name, sha))
        default:
            return message(404, "Not Found")
        }
    }

    private static func postTree(_ body: [String: Any], state: inout State) -> StubResponse {
        var files: [String: Entry] = [:]
        if let base = body["base_tree"] as? String {
            guard let entries = state.trees[base] else { return message(422, "base_tree is not a valid tree") }
            for entry in listing(entries, prefix: "", state: state) where entry.type == "blob" {
                files[entry.path] = entry
            }
        }
        for item in body["tree"] as? [[String: Any]] ?? [] {
            guard let path = item["path"] as? String, let sha = item["sha"] as? String, let content = state.blobs[sha]
            else { return message(422, "tree.sha is not a valid blob") }
            files[path] = Entry(path: path, mode: item["mode"] as? String ?? "100644", sha: sha, size: content.count)
        }
        let sha = storeFlatTree(files, state: &state)
        return json(201, treeJSON(sha, state.trees[sha] ?? [], truncated: false))
    }

    private static func putContents(path: String, body: [String: Any], state: inout State) -> StubResponse {
        guard let message = body["message"] as? String, let text = body["content"] as? String,
            let content = Data(base64Encoded: text)
        else { return self.message(422, "Invalid request.") }
        let branch = "refs/heads/\(body["branch"] as? String ?? state.defaultBranch)"
        let blob = GitObjectID.blob(content)
        state.blobs[blob] = content
        var files: [String: Entry] = [:]
        if let head = state.refs[branch], let commit = state.commits[head] {
            for entry in listing(state.trees[commit.tree] ?? [], prefix: "", state: state) where entry.type == "blob" {
                files[entry.path] = entry
            }
        } else if !state.refs.isEmpty {
            return self.message(404, "Branch not found")
        }
        files[path] = Entry(path: path, sha: blob, size: content.count)
        let tree = storeFlatTree(files, state: &state)
        let commit = Commit(tree: tree, parents: state.refs[branch].map { [$0] } ?? [], message: message)
        let sha = storeCommit(commit, state: &state)
        state.refs[branch] = sha
        return json(
            201,
            [
                "content": [
                    "name": path.split(separator: "/").last.map(String.init) ?? path, "path": path, "sha": blob,
                ],
                "commit": commitJSON(sha, commit),
            ])
    }

    // MARK: - Objects

    /// Stores the files `files` (full paths) as nested trees and returns the root's id.
    private static func storeFlatTree(_ files: [String: Entry], state: inout State) -> String {
        var direct: [Entry] = []
        var folders: [String: [String: Entry]] = [:]
        for (path, entry) in files {
            let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                var inner = entry
                inner.path = parts[1]
                folders[parts[0], default: [:]][parts[1]] = inner
            } else {
                var named = entry
                named.path = path
                direct.append(named)
            }
        }
        for (name, inner) in folders {
            direct.append(Entry(path: name, mode: "040000", type: "tree", sha: storeFlatTree(inner, state: &state)))
        }
        return storeTree(direct, state: &state)
    }

    private static func storeTree(_ entries: [Entry], state: inout State) -> String {
        let sorted = entries.sorted { $0.path < $1.path }
        let text = sorted.map { "\($0.mode) \($0.type) \($0.sha) \($0.size ?? -1) \($0.path)" }.joined(separator: "\n")
        let sha = SHA1.hexDigest(of: Data("tree\n\(text)".utf8))
        state.trees[sha] = sorted
        return sha
    }

    private static func storeCommit(_ commit: Commit, state: inout State) -> String {
        state.counter += 1
        let text =
            "commit \(state.counter)\n\(commit.tree)\n\(commit.parents.joined(separator: " "))\n\(commit.message)"
        let sha = SHA1.hexDigest(of: Data(text.utf8))
        state.commits[sha] = commit
        return sha
    }

    /// A tree's entries with their subtrees', paths in full, as `recursive=1` lists them.
    static func listing(_ entries: [Entry], prefix: String, state: State) -> [Entry] {
        entries.flatMap { entry -> [Entry] in
            var full = entry
            full.path = prefix.isEmpty ? entry.path : "\(prefix)/\(entry.path)"
            guard entry.type == "tree", let inner = state.trees[entry.sha] else { return [full] }
            return [full] + listing(inner, prefix: full.path, state: state)
        }
    }

    private static func isAncestor(_ ancestor: String, of commit: String, state: State) -> Bool {
        var pending = [commit]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            if next == ancestor { return true }
            guard seen.insert(next).inserted else { continue }
            pending += state.commits[next]?.parents ?? []
        }
        return false
    }

    // MARK: - Shapes

    private static let api = "https://api.github.com/repos/octocat/boards"

    private static func ref(_ name: String, _ sha: String) -> [String: Any] {
        [
            "ref": name, "node_id": "MDM6UmVmcmVmcy9oZWFkcy9mZWF0dXJlQQ==", "url": "\(api)/git/\(name)",
            "object": ["type": "commit", "sha": sha, "url": "\(api)/git/commits/\(sha)"],
        ]
    }

    private static func commitJSON(_ sha: String, _ commit: Commit) -> [String: Any] {
        let person: [String: Any] = [
            "date": "2026-03-15T12:00:00Z", "name": "Mona Octocat", "email": "mona@github.com",
        ]
        return [
            "sha": sha, "node_id": "MDY6Q29tbWl0", "url": "\(api)/git/commits/\(sha)",
            "html_url": "https://github.com/octocat/boards/commit/\(sha)", "author": person, "committer": person,
            "message": commit.message, "tree": ["url": "\(api)/git/trees/\(commit.tree)", "sha": commit.tree],
            "parents": commit.parents.map { ["url": "\(api)/git/commits/\($0)", "sha": $0] },
            "verification": ["verified": false, "reason": "unsigned", "signature": NSNull(), "payload": NSNull()],
        ]
    }

    private static func treeJSON(_ sha: String, _ entries: [Entry], truncated: Bool) -> [String: Any] {
        [
            "sha": sha, "url": "\(api)/git/trees/\(sha)", "truncated": truncated,
            "tree": entries.map { entry -> [String: Any] in
                var item: [String: Any] = [
                    "path": entry.path, "mode": entry.mode, "type": entry.type, "sha": entry.sha,
                    "url": "\(api)/git/\(entry.type)s/\(entry.sha)",
                ]
                if entry.type == "blob" { item["size"] = entry.size ?? 0 }
                return item
            },
        ]
    }

    private static func blobJSON(_ sha: String, _ content: Data) -> [String: Any] {
        [
            "content": content.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed]) + "\n",
            "encoding": "base64", "url": "\(api)/git/blobs/\(sha)", "sha": sha, "size": content.count,
            "node_id": "Q29udGVudA==",
        ]
    }

    static func message(_ status: Int, _ text: String) -> StubResponse {
        json(status, ["message": text, "documentation_url": "https://docs.github.com/rest/git"])
    }

    static func json(_ status: Int, _ object: [String: Any]) -> StubResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return .json(status, data)
    }
}
