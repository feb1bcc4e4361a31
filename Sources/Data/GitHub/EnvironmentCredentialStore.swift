import Foundation
import ProjectManagerDomain

/// A token from the environment (`GH_TOKEN`, else `GITHUB_TOKEN`, as GitHub's own tools read
/// them) before the sign-in another store keeps: CI and scripts sign in without a file.
///
/// The environment's token is never written anywhere; saving and removing go to `stored`. Its
/// login is not known until GitHub is asked, so it is empty.
public struct EnvironmentCredentialStore: GitHubCredentialStore {
    /// The variables read, in order.
    public static let variables = ["GH_TOKEN", "GITHUB_TOKEN"]

    private let token: AccessToken?
    private let apiURL: URL
    private let stored: any GitHubCredentialStore

    /// The token `environment` holds, for `apiURL`, before `stored`'s.
    public init(environment: [String: String], apiURL: URL, stored: any GitHubCredentialStore) {
        token = Self.variables.lazy.compactMap { environment[$0].map(AccessToken.init) }.first { !$0.isEmpty }
        self.apiURL = apiURL
        self.stored = stored
    }

    public func load() throws(GitHubError) -> GitHubCredential? {
        if let token { return GitHubCredential(token: token, login: "", apiURL: apiURL) }
        return try stored.load()
    }

    public func save(_ credential: GitHubCredential) throws(GitHubError) {
        try stored.save(credential)
    }

    @discardableResult
    public func remove() throws(GitHubError) -> Bool {
        try stored.remove()
    }
}
