import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport

/// A temporary folder holding bare repositories (the remotes) and one clone per replica (the
/// devices), with git run as if no user configuration existed.
struct GitRemoteWorld {
    /// `git` on `PATH`, or `nil` when it is not installed (the tests that need it are skipped).
    static let git: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin"]
        return folders.lazy.map { URL(filePath: $0, directoryHint: .isDirectory).appending(path: "git") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path(percentEncoded: false)) }
    }()

    /// Whether git is installed.
    static var hasGit: Bool { git != nil }

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    func remove() { directory.remove() }

    /// This process's environment without the user's git configuration, a proxy, or a home: what
    /// both the set-up and the transports run git with.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"] {
            environment[name] = nil
        }
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = directory.url.path(percentEncoded: false)
        return environment
    }

    /// A new empty bare repository `name` (e.g. `boards.git`) whose `HEAD` is `main`.
    @discardableResult
    func makeBareRepository(_ name: String = "boards.git") throws -> URL {
        let repository = directory.file(name)
        try git(["-c", "init.defaultBranch=main", "init", "--quiet", "--bare", repository.path(percentEncoded: false)])
        return repository
    }

    /// A transport for replica `replica`, cloning `remote` into its own folder.
    func replica(_ replica: String, of remote: String, environment extra: [String: String] = [:]) -> GitTransport {
        GitTransport(
            remote: remote, folder: directory.file("replicas/\(replica)"),
            environment: environment.merging(extra) { _, new in new })
    }

    /// The files on the remote's `main`, sorted; none when it has no `main` yet.
    func files(on repository: URL) throws -> [String] {
        let run = try git(["--git-dir", repository.path(percentEncoded: false), "ls-tree", "-r", "--name-only", "main"])
        return run.output.split(separator: "\n").map(String.init).sorted()
    }

    /// The number of commits on the remote's `main`, and how many of them are merges.
    func commits(on repository: URL) throws -> (all: Int, merges: Int) {
        let path = repository.path(percentEncoded: false)
        let all = try git(["--git-dir", path, "rev-list", "--count", "main"]).output
        let merges = try git(["--git-dir", path, "rev-list", "--count", "--merges", "main"]).output
        return (Int(all.trimmingCharacters(in: .newlines)) ?? -1, Int(merges.trimmingCharacters(in: .newlines)) ?? -1)
    }

    /// Runs git in the world's folder.
    @discardableResult
    func git(_ arguments: [String], in folder: URL? = nil) throws -> ProcessRun {
        guard let git = Self.git else { throw WorldError.gitMissing }
        let arguments = folder.map { ["-C", $0.path(percentEncoded: false)] + arguments } ?? arguments
        return try ProcessRun.run(git, arguments, environment: environment)
    }

    /// Writes `text` to `path` in `transport`'s folder, making the folders it needs.
    static func write(_ text: String, to path: String, in transport: some SyncTransport) throws {
        let file = transport.folder.appending(path: path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The text at `path` in `transport`'s folder, or `nil` when there is no such file.
    static func read(_ path: String, in transport: some SyncTransport) -> String? {
        (try? Data(contentsOf: transport.folder.appending(path: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    enum WorldError: Error {
        case gitMissing
    }
}
