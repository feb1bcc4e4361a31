import Foundation
import ProjectManagerDomain
import Synchronization

/// What one run of `git` did: its exit status and what it wrote.
struct GitOutput: Sendable, Hashable {
    /// The exit status: `0` is success.
    var status: Int32
    /// Standard output.
    var output: String
    /// Standard error.
    var errors: String

    /// Whether git exited with `0`.
    var succeeded: Bool { status == 0 }
}

/// The `git` command, run as a child process in a folder: non-interactive, without a pager,
/// editor or hook, with the same identity whatever the user's configuration says, and with a
/// umask of `077` (the copies it keeps are under `STORE.sync`, its owner's alone).
///
/// The user's own configuration is otherwise kept, credential helpers and `insteadOf` rules
/// included, so that a remote reachable from the user's shell is reachable here.
struct GitCommand: Sendable {
    /// The `git` executable, or `nil` when none was found.
    let executable: URL?
    /// The environment every run gets.
    let environment: [String: String]
    /// The `-c name=value` options before every subcommand.
    let options: [String]

    /// `git` found on `environment`'s `PATH` (or at `/usr/bin/git`), committing as `name <email>`.
    init(environment: [String: String], name: String, email: String) {
        executable = Self.locate(in: environment)
        self.environment = Self.nonInteractive(environment)
        let settings = [
            "user.name=\(name)", "user.email=\(email)", "commit.gpgsign=false", "tag.gpgsign=false",
            "core.hooksPath=/dev/null", "core.pager=cat", "core.autocrlf=false", "core.fsmonitor=false",
            "gc.autoDetach=false", "rebase.autoSquash=false", "advice.detachedHead=false",
            // zlib's fastest level for what git packs and stores (its default is 6): a board
            // shared whole (a checkpoint of 10 MB at 100,000 cards) is packed in a third of the
            // time for an eighth more bytes, and git reads it back as fast.
            "core.compression=1",
        ]
        options = settings.flatMap { ["-c", $0] }
    }

    /// Runs `git arguments` in `folder` and waits for it to end, on a thread of its own.
    ///
    /// - Throws: ``SyncError/gitMissing`` when git could not be started; a run that fails is
    ///   returned, not thrown.
    func run(_ arguments: [String], in folder: URL) async throws(SyncError) -> GitOutput {
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: runAndWait(arguments, in: folder))
            }
        }
        return try result.get()
    }

    /// Runs `git arguments` in `folder`, reading both of its streams to their end at the same
    /// time (so that neither pipe fills up and stalls git), and waits for it to end.
    private func runAndWait(_ arguments: [String], in folder: URL) -> Result<GitOutput, SyncError> {
        guard let executable else { return .failure(.gitMissing) }
        let process = Process()
        // A child's umask cannot be set from here without changing this process's (for every
        // thread): a shell sets it and becomes git.
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments =
            ["-c", #"umask 077 && exec "$0" "$@""#, executable.path(percentEncoded: false), "--no-pager"] + options
            + arguments
        var environment = environment
        // git looks for the repository in `folder` and never above it: were `.git` missing, an
        // enclosing repository (a home folder kept in git, say) is not the one changed.
        environment["GIT_CEILING_DIRECTORIES"] = folder.deletingLastPathComponent().resolvingSymlinksInPath()
            .path(percentEncoded: false)
        process.environment = environment
        process.currentDirectoryURL = folder
        let (output, errors) = (Pipe(), Pipe())
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            let path = folder.path(percentEncoded: false)
            guard FileManager.default.fileExists(atPath: path) else {
                return .failure(.localState(reason: "the folder \(path) is not there"))
            }
            return .failure(.gitMissing)
        }
        let errorBytes = CollectedBytes()
        let errorsRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorBytes.set(errors.fileHandleForReading.readDataToEndOfFile())
            errorsRead.signal()
        }
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        return .success(
            GitOutput(
                status: process.terminationStatus, output: String(decoding: outputBytes, as: UTF8.self),
                errors: String(decoding: errorBytes.value, as: UTF8.self)))
    }

    // MARK: - Setting up

    /// The first executable `git` on `environment`'s `PATH`, else `/usr/bin/git` if it is there.
    static func locate(in environment: [String: String]) -> URL? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        for folder in folders where !folder.isEmpty {
            let candidate = URL(filePath: folder, directoryHint: .isDirectory).appending(path: "git")
            if FileManager.default.isExecutableFile(atPath: candidate.path(percentEncoded: false)) {
                return candidate
            }
        }
        return nil
    }

    /// `environment` made safe for a run nobody watches: git never asks on the terminal, never
    /// pages or opens an editor, speaks English (its messages end up in errors), and is not
    /// pointed at another repository by variables set for a hook that started this process.
    static func nonInteractive(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        for name in [
            "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
            "GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_PREFIX",
        ] {
            environment[name] = nil
        }
        environment["GIT_TERMINAL_PROMPT"] = "0"
        // Empty, not unset: an unset one falls back to SSH_ASKPASS, which may open a window.
        environment["GIT_ASKPASS"] = ""
        environment["GIT_PAGER"] = "cat"
        environment["GIT_EDITOR"] = ":"
        environment["GIT_SEQUENCE_EDITOR"] = ":"
        environment["GIT_MERGE_AUTOEDIT"] = "no"
        environment["LC_ALL"] = "C"
        // ssh asks for passwords and unknown host keys on the terminal, not through git: batch
        // mode makes it fail instead, unless the user chose their own ssh command.
        if environment["GIT_SSH_COMMAND"] == nil, environment["GIT_SSH"] == nil {
            environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
        }
        return environment
    }
}

/// Bytes one thread reads and another takes once it is done.
private final class CollectedBytes: Sendable {
    private let bytes = Mutex(Data())

    /// The bytes set last.
    var value: Data { bytes.withLock { $0 } }

    /// Keeps `data`.
    func set(_ data: Data) { bytes.withLock { $0 = data } }
}
