import Foundation

/// Where GitHub is and how to talk to it: the API and the web host are configuration, so that
/// GitHub Enterprise (`https://HOST/api/v3`) and the tests' loopback server can stand in.
public struct GitHubConfiguration: Sendable, Hashable {
    /// The REST API, `https://api.github.com` by default.
    public var apiURL: URL
    /// The web host, for the OAuth endpoints and issue pages, `https://github.com` by default.
    public var webURL: URL
    /// The OAuth app's client id, for signing in with the device or web flow.
    public var clientID: String?
    /// The `User-Agent` every request carries; GitHub refuses requests without one.
    public var userAgent: String
    /// How long a request may take, in seconds, before it fails with a timeout.
    public var timeout: TimeInterval

    /// The REST API version every request asks for.
    public static let apiVersion = "2022-11-28"
    /// `https://api.github.com`.
    public static let defaultAPIURL = URL(string: "https://api.github.com") ?? URL(fileURLWithPath: "/")
    /// `https://github.com`.
    public static let defaultWebURL = URL(string: "https://github.com") ?? URL(fileURLWithPath: "/")

    /// A configuration; by default github.com, no client id, `User-Agent: ProjectManager` and a 30 s
    /// timeout.
    public init(
        apiURL: URL = GitHubConfiguration.defaultAPIURL, webURL: URL = GitHubConfiguration.defaultWebURL,
        clientID: String? = nil, userAgent: String = "ProjectManager", timeout: TimeInterval = 30
    ) {
        self.apiURL = apiURL
        self.webURL = webURL
        self.clientID = clientID
        self.userAgent = userAgent
        self.timeout = timeout
    }
}
