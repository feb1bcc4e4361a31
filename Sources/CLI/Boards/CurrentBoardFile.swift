import Foundation
import ProjectManager

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The board `pm board use` made current, for each account and for no account, in a settings
/// file beside the store: `projects.pmstore` keeps it in `projects.settings.json`, mode `0600`.
///
/// ```json
/// {"currentBoards":{"local":"…board id…","…account id…":"…board id…"},"format":1}
/// ```
/// Reading a file that does not exist finds no current board and writes nothing; a file that is
/// not one of these is never overwritten: reading it throws, naming it and what to do.
struct CurrentBoardFile: Sendable {
    /// Where the file is: bytes, as the store's path (which need not be UTF-8).
    let path: StorePath

    /// The settings file beside the store at `store`.
    init(besideStoreAt store: StorePath) {
        path = store.replacingExtension(with: "settings.json")
    }

    /// What the file holds.
    struct Contents: Codable, Equatable {
        var format = 1
        /// The current board of each viewer: ``key(for:)`` to a board id.
        var currentBoards: [String: String] = [:]
    }

    /// The key of `viewer`'s current board: the account's id, or `local` signed out.
    static func key(for viewer: Account.ID?) -> String {
        viewer?.description ?? "local"
    }

    /// The board `viewer` made current, if any.
    /// - Throws: ``CommandLineError/runtime(_:)`` when the file cannot be read or is not a
    ///   settings file.
    func currentBoard(for viewer: Account.ID?) throws(CommandLineError) -> Board.ID? {
        try read().currentBoards[Self.key(for: viewer)].flatMap(UUID.init(uuidString:)).map(Board.ID.init(rawValue:))
    }

    /// Makes `board` `viewer`'s current board, or forgets `viewer`'s when `nil`; writes nothing
    /// when that is already so.
    /// - Throws: ``CommandLineError/runtime(_:)`` when the file cannot be read or written; the old
    ///   file is then as it was.
    func setCurrentBoard(_ board: Board.ID?, for viewer: Account.ID?) throws(CommandLineError) {
        var contents = try read()
        let key = Self.key(for: viewer)
        guard contents.currentBoards[key] != board?.description else { return }
        contents.currentBoards[key] = board?.description
        try store(contents)
    }

    // MARK: - The file

    private func read() throws(CommandLineError) -> Contents {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        if descriptor < 0, errno == ENOENT { return Contents() }
        guard descriptor >= 0 else {
            throw .runtime("could not read the settings file \(path): \(String(cString: strerror(errno)))")
        }
        let data: Data
        do {
            data = try FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readToEnd() ?? Data()
        } catch {
            throw .runtime("could not read the settings file \(path): \(error.localizedDescription)")
        }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: data)
            guard contents.format == 1 else {
                throw CommandLineError.runtime(
                    "the settings file \(path) is format \(contents.format), newer than this pm reads: update pm")
            }
            return contents
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .runtime(
                "the settings file \(path) is not pm's settings: move it away; pm board use NAME then writes a new one")
        }
    }

    /// Writes `contents` to a new `0600` file beside the old one, then renames it over the old
    /// one, so that a reader sees the old file or the new, never a part.
    private func store(_ contents: Contents) throws(CommandLineError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(contents) + Data("\n".utf8)
        } catch {
            throw .runtime("could not write the settings: \(error)")
        }
        // The store's folder, which holds the board made current, so it exists but for a race.
        if path.folder.withCString({ mkdir($0, 0o700) }) != 0, errno != EEXIST {
            throw Self.failure("make the folder", path.folder)
        }
        let temporary = path.appending(".new-\(getpid())")
        let descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw Self.failure("create", temporary) }
        var problem: CommandLineError?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let count = write(descriptor, base + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    problem = Self.failure("write", temporary)
                    return
                }
                offset += count
            }
        }
        if problem == nil, fsync(descriptor) != 0 { problem = Self.failure("write", temporary) }
        close(descriptor)
        if problem == nil, temporary.withCString({ source in path.withCString { rename(source, $0) } }) != 0 {
            problem = Self.failure("rename", temporary)
        }
        if let problem {
            _ = temporary.withCString { unlink($0) }
            throw problem
        }
    }

    /// The last system call's failure, as a runtime error.
    private static func failure(_ operation: String, _ path: StorePath) -> CommandLineError {
        .runtime("could not \(operation) \(path): \(String(cString: strerror(errno))); the settings are as they were")
    }
}
