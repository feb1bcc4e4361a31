import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport

/// A fake GitHub on the loopback and a connection to it, for one test.
struct GitHubTestWorld: Sendable {
    static let repository = GitHubRepositoryName("octocat/Hello-World")!
    let github: FakeGitHub
    let clock: TestClock
    let connection: GitHubConnection

    init(timeout: TimeInterval = 10, cacheFile: URL? = nil, clientID: String? = "Iv1.8a61f9b3a7aba766") throws {
        github = try FakeGitHub()
        let clock = TestClock()
        self.clock = clock
        connection = GitHubConnection(
            configuration: GitHubConfiguration(
                apiURL: github.apiURL, webURL: github.webURL, clientID: clientID, userAgent: "ProjectManagerTests",
                timeout: timeout),
            cacheFile: cacheFile, now: { clock.now })
    }

    var credential: GitHubCredential {
        GitHubCredential(token: AccessToken(FakeGitHub.validToken), login: FakeGitHub.login, apiURL: github.apiURL)
    }

    var issues: some GitHubIssueRepository { connection.issues(signedInAs: credential) }

    /// Every page of the repository's issues that match `filter`, following `Link` headers.
    func allPages(_ filter: IssueFilter = IssueFilter(state: .all)) async throws(GitHubError) -> [IssuePage] {
        var pages = [try await issues.firstPage(of: Self.repository, matching: filter)]
        while let next = pages.last?.next { pages.append(try await issues.page(after: next)) }
        return pages
    }
}
