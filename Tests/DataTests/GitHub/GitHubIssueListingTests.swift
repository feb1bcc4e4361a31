import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Listing a repository's issues over the loopback")
struct GitHubIssueListingTests {
    @Test("250 issues come in three pages followed by Link rel=next, with pull requests left out")
    func threePages() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed("octocat/Hello-World", issues: 250, pullRequests: 20)

        let pages = try await world.allPages()

        #expect(pages.count == 3)
        let issues = pages.flatMap(\.issues)
        #expect(issues.count == 250)
        #expect(Set(issues.map(\.id)).count == 250)
        #expect(issues.allSatisfy { !$0.url.path.contains("/pull/") })
        let requests = world.github.apiRequests
        #expect(requests.map { $0.queryValue("page") } == [nil, "2", "3"])
        #expect(requests.allSatisfy { $0.queryValue("per_page") == "100" && $0.queryValue("state") == "all" })
    }

    @Test("null body, user, assignee, closed_at and state_reason decode as absent")
    func nullFields() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed("octocat/Hello-World", issues: 60)

        let issues = try await world.allPages().flatMap(\.issues)

        let byNumber = Dictionary(uniqueKeysWithValues: issues.map { ($0.number, $0) })
        #expect(byNumber[7]?.body == nil)
        #expect(byNumber[50]?.author == nil)
        #expect(byNumber[3]?.assignees == [])
        #expect(byNumber[1]?.closedAt == nil)
        #expect(byNumber[1]?.stateReason == nil)
        #expect(byNumber[10]?.state == .closed)
        #expect(byNumber[10]?.stateReason == "completed")
        #expect(byNumber[4]?.labels == ["enhancement", "help wanted"])
    }

    @Test("the second listing sends If-None-Match for every page, gets 304s and the same issues")
    func conditionalRequests() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed("octocat/Hello-World", issues: 250, pullRequests: 20)
        let first = try await world.allPages()
        world.github.clearRequests()

        let second = try await world.allPages()

        let requests = world.github.apiRequests
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.header("If-None-Match")?.hasPrefix("W/\"") == true })
        #expect(second.allSatisfy { $0.isUnchanged })
        #expect(second.flatMap(\.issues) == first.flatMap(\.issues))
        #expect(second.last?.rateLimit?.remaining == first.last?.rateLimit?.remaining)
    }

    @Test("ETags kept in a file make the next connection's requests conditional too")
    func persistedETags() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = directory.file("github-cache.json")
        let world = try GitHubTestWorld(cacheFile: cache)
        defer { world.github.stop() }
        world.github.seed("octocat/Hello-World", issues: 120)
        _ = try await world.allPages()
        world.github.clearRequests()

        let later = GitHubConnection(
            configuration: world.connection.configuration, cacheFile: cache, now: { world.clock.now })
        let page = try await later.issues(signedInAs: world.credential)
            .firstPage(of: GitHubTestWorld.repository, matching: IssueFilter(state: .all))

        #expect(page.isUnchanged)
        #expect(page.issues.count == 100)
        #expect(world.github.apiRequests.first?.header("If-None-Match") != nil)
        let mode = try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("every request carries GitHub's media type, API version, a User-Agent and the bearer token")
    func headers() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }

        _ = try await world.connection.accounts.currentUser(with: world.credential.token)

        let request = try #require(world.github.apiRequests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/user")
        #expect(request.header("Accept") == "application/vnd.github+json")
        #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
        #expect(request.header("User-Agent") == "ProjectManagerTests")
        #expect(request.header("Authorization") == "Bearer \(FakeGitHub.validToken)")
    }

    @Test("the filters become GitHub's query: state, mine, creator, mentioned, labels, since, sort, direction")
    func filters() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed("octocat/Hello-World", issues: 30)
        let filter = IssueFilter(
            state: .closed, assignee: .me, creator: "octocat", mentioned: "hubot", labels: ["bug", "help wanted"],
            since: Date.at(2026, 3, 1), sort: .updated, direction: .ascending)

        _ = try await world.issues.firstPage(of: GitHubTestWorld.repository, matching: filter)

        let request = try #require(world.github.apiRequests.first)
        #expect(request.path == "/repos/octocat/Hello-World/issues")
        #expect(request.queryValue("state") == "closed")
        #expect(request.queryValue("assignee") == "octocat")
        #expect(request.queryValue("creator") == "octocat")
        #expect(request.queryValue("mentioned") == "hubot")
        #expect(request.queryValue("labels") == "bug,help wanted")
        #expect(request.queryValue("since") == "2026-03-01T00:00:00Z")
        #expect(request.queryValue("sort") == "updated")
        #expect(request.queryValue("direction") == "asc")
        #expect(request.queryValue("per_page") == "100")
    }

    @Test("filters select issues: assigned to me, and labelled both bug and help wanted")
    func filtersSelect() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed("octocat/Hello-World", issues: 60)

        let mine = try await world.allPages(IssueFilter(state: .all, assignee: .me)).flatMap(\.issues)
        let labelled = try await world.allPages(IssueFilter(state: .all, labels: ["bug", "help wanted"])).flatMap(
            \.issues)

        #expect(!mine.isEmpty && mine.allSatisfy { $0.assignees.contains("octocat") })
        #expect(!labelled.isEmpty && labelled.allSatisfy { Set($0.labels).isSuperset(of: ["bug", "help wanted"]) })
    }

    @Test("closing an issue sends one PATCH with state closed and state_reason completed; reopening says reopened")
    func closeAndReopen() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed("octocat/Hello-World", issues: 3)

        let closed = try await world.issues.setState(.closed, ofIssue: 2, in: GitHubTestWorld.repository)
        let reopened = try await world.issues.setState(.open, ofIssue: 2, in: GitHubTestWorld.repository)

        #expect(closed.state == .closed)
        #expect(reopened.state == .open)
        let patches = world.github.apiRequests.filter { $0.method == "PATCH" }
        #expect(patches.map(\.path) == ["/repos/octocat/Hello-World/issues/2", "/repos/octocat/Hello-World/issues/2"])
        let bodies = try patches.map { try JSONSerialization.jsonObject(with: $0.body) as? [String: String] }
        #expect(
            bodies == [
                ["state": "closed", "state_reason": "completed"], ["state": "open", "state_reason": "reopened"],
            ])
        #expect(world.github.issue(2, in: "octocat/Hello-World")?.stateReason == "reopened")
    }
}
