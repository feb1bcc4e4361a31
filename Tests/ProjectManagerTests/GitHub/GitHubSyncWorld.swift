import Foundation
import ProjectManagerTestSupport

@testable import ProjectManager

/// An engine in memory, a fake GitHub on the loopback, and the sync between them, for one test.
struct GitHubSyncWorld: Sendable {
    static let repositoryName = "octocat/Hello-World"
    static let repository = GitHubRepositoryName(repositoryName)!
    let github: FakeGitHub
    let clock: TestClock
    let engine: ProjectManagerEngine
    let services: GitHubServices

    init(issues: Int = 5) throws {
        github = try FakeGitHub()
        if issues > 0 { github.seed(Self.repositoryName, issues: issues) }
        let clock = TestClock()
        self.clock = clock
        engine = .inMemory(environment: .test(clock: clock), accounts: LocalAccountSettings(passwordHashRounds: 2))
        services = GitHubServices(
            configuration: GitHubConfiguration(
                apiURL: github.apiURL, webURL: github.webURL, userAgent: "ProjectManagerTests"),
            credentials: InMemoryCredentialStore(
                GitHubCredential(
                    token: AccessToken(FakeGitHub.validToken), login: FakeGitHub.login, apiURL: github.apiURL)),
            now: { clock.now })
    }

    func stop() { github.stop() }

    var issues: any GitHubIssueRepository {
        get throws { services.issues(signedInAs: try services.signedIn()) }
    }

    func link(createsIssues: Bool = false, closesDeletedIssues: Bool = false) async throws {
        try await engine.linkBoardToGitHub(
            .default, to: Self.repository, createsIssues: createsIssues, closesDeletedIssues: closesDeletedIssues)
    }

    @discardableResult
    func sync() async throws -> GitHubSyncReport {
        try await engine.syncWithGitHub(over: try issues)(.default)
    }

    /// The card of issue `number`.
    func card(_ number: Int) async throws -> Project {
        let cards = try await engine.gitHubLinks.cards(on: .default)
        guard let card = cards.first(where: { $0.number == number }) else {
            throw CardMissing(number: number)
        }
        return try await engine.projects.project(id: card.id)
    }

    struct CardMissing: Error { var number: Int }

    /// Replaces a card's title and body, as a user's edit here.
    func edit(_ number: Int, title: String? = nil, body: String? = nil) async throws {
        let card = try await card(number)
        try await engine.updateProject(card.id, with: ProjectDraft(title: title ?? card.title, body: body ?? card.body))
    }

    var patches: [RecordedRequest] { github.apiRequests.filter { $0.method == "PATCH" } }
    var posts: [RecordedRequest] { github.apiRequests.filter { $0.method == "POST" } }

    func fields(of request: RecordedRequest?) throws -> [String: String] {
        guard let request, let object = try JSONSerialization.jsonObject(with: request.body) as? [String: String] else {
            return [:]
        }
        return object
    }
}
