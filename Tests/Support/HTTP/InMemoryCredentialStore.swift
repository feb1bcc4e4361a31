import Foundation
import ProjectManagerDomain
import Synchronization

/// A sign-in kept in memory, for tests that never touch the credential file.
public final class InMemoryCredentialStore: GitHubCredentialStore {
    private let stored: Mutex<GitHubCredential?>

    public init(_ credential: GitHubCredential? = nil) {
        stored = Mutex(credential)
    }

    public func load() throws(GitHubError) -> GitHubCredential? { stored.withLock { $0 } }
    public func save(_ credential: GitHubCredential) throws(GitHubError) { stored.withLock { $0 = credential } }
    public func remove() throws(GitHubError) -> Bool {
        stored.withLock { credential in
            defer { credential = nil }
            return credential != nil
        }
    }
}
