import Foundation
import ProjectManagerPresentation
import Testing

@testable import ProjectManager

/// One page of issues, always the same; closing or reopening one is refused.
private struct OnePageOfIssues: GitHubIssueRepository {
    let issues: [GitHubIssue]

    func firstPage(of repository: GitHubRepositoryName, matching filter: IssueFilter) async throws(GitHubError)
        -> IssuePage
    {
        IssuePage(issues: issues, next: nil, isUnchanged: false, rateLimit: nil)
    }

    func page(after cursor: IssuePage.Cursor) async throws(GitHubError) -> IssuePage {
        IssuePage(issues: [], next: nil, isUnchanged: false, rateLimit: nil)
    }

    func update(issue number: Int, in repository: GitHubRepositoryName, with change: IssueChange)
        async throws(GitHubError) -> GitHubIssue
    {
        throw .status(422, message: "not in this test")
    }

    func create(_ issue: NewIssue, in repository: GitHubRepositoryName) async throws(GitHubError) -> GitHubIssue {
        throw .status(422, message: "not in this test")
    }
}

@MainActor
@Suite("GitHub board view model", .timeLimit(.minutes(10)))
struct GitHubBoardViewModelTests {
    static let repository = GitHubRepositoryName("octocat/Hello-World")

    @Test("a board not linked yet cannot sync; once linked, a sync makes the issues cards")
    func linkThenSync() async throws {
        // Given
        let app = TestApp()
        let repository = try #require(Self.repository)
        let issue = GitHubIssue(
            id: 1, number: 1347, title: "Found a bug",
            url: try #require(URL(string: "https://github.com/octocat/Hello-World/issues/1347")),
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        let events = Events<GitHubBoardViewModel.Event>()
        let output = app.screens.makeGitHubBoard(issues: OnePageOfIssues(issues: [issue]))
            .transform(.init(events: events.stream))

        // When
        events.send(.sync, .link(repository), .sync)
        events.end()

        // Then
        #expect(await Probe(output.failures).rest() == [.notLinked(.default)])
        #expect(await Probe(output.errors).rest() == ["This board is not linked to a repository: link it first."])
        #expect(await Probe(output.linked).rest() == [repository])
        #expect(await Probe(output.synced).rest().map(\.added) == [1])
        #expect(try await app.engine.fetchBoard().projects.map(\.title) == ["Found a bug"])
    }

    @Test("without a sign-in to GitHub, the board is linked and a sync is ignored")
    func linkWithoutSignIn() async throws {
        let app = TestApp()
        let repository = try #require(Self.repository)
        let events = Events<GitHubBoardViewModel.Event>()
        let output = app.screens.makeGitHubBoard(issues: nil).transform(.init(events: events.stream))

        events.send(.link(repository), .sync)
        events.end()

        #expect(await Probe(output.linked).rest() == [repository])
        #expect(await Probe(output.synced).rest().isEmpty)
        #expect(try await app.engine.gitHubLinks.link(of: .default)?.repository == repository)
    }
}
