import Foundation
import ProjectManagerDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The GitHub sign-in kept in a `0600` JSON file, for `pm`: by default
/// `$XDG_CONFIG_HOME/projectmanager/github.json`, or `~/.config/projectmanager/github.json`.
///
/// On Apple platforms an app keeps the token in the Keychain instead, behind the same port.
public struct FileCredentialStore: GitHubCredentialStore {
    /// The file.
    public let file: URL

    /// The sign-in kept in `file`; ``defaultFile(environment:)`` names the usual one.
    public init(file: URL) {
        self.file = file
    }

    /// The default file for an environment (`XDG_CONFIG_HOME`, `HOME`).
    public static func defaultFile(environment: [String: String]) -> URL {
        userFolder("XDG_CONFIG_HOME", else: ".config", environment: environment).appendingPathComponent("github.json")
    }

    /// `$VARIABLE/projectmanager`, or `~/FALLBACK/projectmanager` when the variable is unset, as
    /// the XDG base directories say.
    public static func userFolder(_ variable: String, else fallback: String, environment: [String: String]) -> URL {
        let base: URL
        if let folder = environment[variable], !folder.isEmpty {
            base = URL(fileURLWithPath: folder, isDirectory: true)
        } else {
            let home =
                environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            base = home.appendingPathComponent(fallback, isDirectory: true)
        }
        return base.appendingPathComponent("projectmanager", isDirectory: true)
    }

    private struct Stored: Codable, Sendable {
        var token: String
        var login: String
        var apiURL: URL

        private enum CodingKeys: String, CodingKey {
            case token, login
            case apiURL = "api_url"
        }
    }

    public func load() throws(GitHubError) -> GitHubCredential? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        // A file others can read is made private before it is used.
        if chmod(file.path, 0o600) != 0 {
            throw .credentialStorage(reason: "could not make \(file.path) private: \(String(cString: strerror(errno)))")
        }
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: Data(contentsOf: file))
        } catch {
            throw .unreadableCredential(file: file.path)
        }
        return GitHubCredential(token: AccessToken(stored.token), login: stored.login, apiURL: stored.apiURL)
    }

    public func save(_ credential: GitHubCredential) throws(GitHubError) {
        let stored = Stored(token: credential.token.unredactedValue, login: credential.login, apiURL: credential.apiURL)
        try Self.writePrivately(stored, to: file)
    }

    /// Writes `value` as a `0600` JSON file in a `0700` folder, replaced whole.
    static func writePrivately<Value: Codable & Sendable>(_ value: Value, to file: URL) throws(GitHubError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try PrivateFile<Value>(
                path: StorePath(fileURL: file) ?? StorePath(file.path), fileSystem: POSIXFileSystem()
            ).write(value)
        } catch let error as AuthenticationError {
            if case .storage(let reason) = error { throw .credentialStorage(reason: reason) }
            throw .credentialStorage(reason: "could not write \(file.path): \(error)")
        } catch {
            throw .credentialStorage(reason: "could not create \(folder.path): \(error.localizedDescription)")
        }
    }

    @discardableResult
    public func remove() throws(GitHubError) -> Bool {
        guard FileManager.default.fileExists(atPath: file.path) else { return false }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw .credentialStorage(reason: "could not remove \(file.path): \(error.localizedDescription)")
        }
        return true
    }
}
