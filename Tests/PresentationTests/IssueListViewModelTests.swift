import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

@MainActor
@Suite("Issue list view model over a loopback GitHub", .timeLimit(.minutes(10)))
struct IssueListViewModelTests {
    static let repository = GitHubRepositoryName("octocat/Hello-World")!

    /// The fake GitHub, seeded, and an issue list view model over it in `locale`.
    private func makeList(
        locale: String = "en_US", issues: Int = 250, pullRequests: Int = 20
    ) throws -> (FakeGitHub, IssueListViewModel.Output, Events<IssueListViewModel.Event>) {
        let github = try FakeGitHub()
        github.seed("octocat/Hello-World", issues: issues, pullRequests: pullRequests)
        let services = GitHubServices(
            configuration: GitHubConfiguration(apiURL: github.apiURL, webURL: github.webURL),
            credentials: InMemoryCredentialStore())
        let credential = GitHubCredential(
            token: AccessToken(FakeGitHub.validToken), login: FakeGitHub.login, apiURL: github.apiURL)
        let app = TestApp(locale: locale)
        let list = app.screens.makeIssueList(
            of: Self.repository, filter: IssueFilter(state: .all), issues: services.issues(signedInAs: credential))
        let events = Events<IssueListViewModel.Event>()
        return (github, list.transform(.init(events: events.stream)), events)
    }

    @Test("pages arrive one by one on loadMore, pull requests left out, until there is no more")
    func pagesAsTheyArrive() async throws {
        let (github, output, events) = try makeList()
        defer { github.stop() }
        let rows = Probe(output.rows)
        let loading = Probe(output.loading)

        events.send(.appear)
        #expect(await loading.next() == .loading)
        #expect(await rows.next() == [])
        let first = try #require(await rows.next())
        #expect(await loading.next() == .loaded(hasMore: true))

        events.send(.loadMore)
        #expect(await loading.next() == .loadingMore)
        let second = try #require(await rows.next())
        #expect(await loading.next() == .loaded(hasMore: true))

        events.send(.loadMore)
        #expect(await loading.next() == .loadingMore)
        let third = try #require(await rows.next())
        #expect(await loading.next() == .loaded(hasMore: false))

        #expect(first.count < second.count && second.count < third.count)
        #expect(third.count == 250)
        #expect(third.first?.subtitle == "#270 opened by octocat")
        #expect(output.title == "Issues · octocat/Hello-World")
        events.end()
    }

    @Test("a filter event starts over from the first page with the new filter")
    func filterEvents() async throws {
        let (github, output, events) = try makeList(issues: 30, pullRequests: 0)
        defer { github.stop() }
        let rows = Probe(output.rows)
        let filters = Probe(output.filter)

        events.send(.appear, .chooseState(.closed), .toggleAssignedToMe, .toggleLabel("bug"))
        _ = await rows.take(2)
        #expect(await filters.next() == IssueFilter(state: .all))
        _ = await rows.take(2)
        #expect(await filters.next() == IssueFilter(state: .closed))
        _ = await rows.take(2)
        #expect(await filters.next() == IssueFilter(state: .closed, assignee: .me))
        #expect(await rows.next() == [])
        let labelled = try #require(await rows.next())
        #expect(await filters.next() == IssueFilter(state: .closed, assignee: .me, labels: ["bug"]))

        #expect(labelled.allSatisfy { !$0.isOpen && $0.assignees.contains("octocat") && $0.labels.contains("bug") })
        let queries = github.apiRequests.map {
            [$0.queryValue("state"), $0.queryValue("assignee"), $0.queryValue("labels")]
        }
        #expect(
            queries == [
                ["all", nil, nil], ["closed", nil, nil], ["closed", "octocat", nil], ["closed", "octocat", "bug"],
            ])
        events.end()
    }

    @Test("selecting an issue shows its detail; a null body reads as no description")
    func selection() async throws {
        let (github, output, events) = try makeList(issues: 14, pullRequests: 0)
        defer { github.stop() }
        let rows = Probe(output.rows)
        let selection = Probe(output.selection)
        events.send(.appear)
        _ = await rows.take(2)

        events.send(.select(1_000_007), .select(1_000_008), .clearSelection)

        let seventh = try #require(await selection.next() ?? nil)
        #expect(seventh.row.number == 7)
        #expect(seventh.body == "No description provided.")
        #expect(seventh.url.path == "/octocat/Hello-World/issues/7")
        #expect(await selection.next()??.body == "I'm having a problem with this. (8)")
        #expect(await selection.next() == .some(nil))
        events.end()
    }

    @Test("a rate-limited page shows one error with the reset time and the failed state, in Korean too")
    func errors() async throws {
        let (github, output, events) = try makeList(locale: "ko_KR", issues: 5, pullRequests: 0)
        defer { github.stop() }
        let loading = Probe(output.loading)
        let errors = Probe(output.errors)
        github.failNext(.rateLimited)

        events.send(.appear)

        #expect(await loading.next() == .loading)
        #expect(await loading.next() == .failed)
        let message = try #require(await errors.next())
        #expect(message.contains("요청 한도") && message.contains("2026-03-15T13:00:00Z"))
        #expect(output.title == "이슈 · octocat/Hello-World")
        #expect(output.stateChoices.map(\.title) == ["열림", "닫힘", "전체"])
        #expect(github.apiRequests.count == 1)
        events.end()
    }

    @Test("English error text is one line that says what to do and names no command")
    func englishError() async throws {
        let (github, output, events) = try makeList(issues: 5, pullRequests: 0)
        defer { github.stop() }
        let errors = Probe(output.errors)
        github.failNext(.unauthorized)

        events.send(.appear)

        #expect(await errors.next() == "GitHub refused the token: \"Bad credentials\"; sign in again")
        events.end()
    }
}
