import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

@Suite("A sync that one bad item cannot stop")
struct GitHubSyncResilienceTests {
    @Test("an issue titled with control characters comes in cleaned, and every other issue syncs")
    func controlCharacters() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        world.github.edit(2, in: GitHubSyncWorld.repositoryName) { $0.title = "\u{1b}]0;pwned\u{7}Fix \u{202E}it" }
        try await world.link()

        let report = try await world.sync()

        #expect(report.added == 5)
        #expect(report.setAside.isEmpty)
        let title = try await world.card(2).title
        #expect(ProjectRules.invisibleControls(in: title).isEmpty)
        #expect(title.hasSuffix("Fix it"))
    }

    @Test("a title and body longer than a card allows come in cut, with a mark; a second sync sees no change")
    func overLong() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        world.github.edit(1, in: GitHubSyncWorld.repositoryName) { issue in
            issue.title = String(repeating: "t", count: 300)
            issue.body = String(repeating: "b", count: 5_000)
        }
        try await world.link()

        try await world.sync()
        let again = try await world.sync()

        let card = try await world.card(1)
        #expect(card.title.count == ProjectRules.titleLimit && card.title.hasSuffix(GitHubText.cutMark))
        #expect(card.body.count == ProjectRules.bodyLimit && card.body.hasSuffix(GitHubText.cutMark))
        #expect(again.isQuiet)
    }

    @Test(
        "a close that always fails is set aside and reported; the rest syncs; it waits, then is retried after the others",
        arguments: [403, 404, 410, 422])
    func closeThatAlwaysFails(status: Int) async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link()
        try await world.sync()
        try await world.engine.moveProject(try await world.card(1).id, to: .done)
        try await world.engine.moveProject(try await world.card(3).id, to: .done)
        world.github.failChanges(toIssue: 1, in: GitHubSyncWorld.repositoryName, status: status)
        world.github.edit(2, in: GitHubSyncWorld.repositoryName) { $0.title = "Renamed on GitHub" }
        world.github.clearRequests()

        let first = try await world.sync()

        #expect(first.closed == 1)
        #expect(first.updated == 1)
        #expect(first.setAside.count == 1)
        let setAside = try #require(first.setAside.first)
        #expect(setAside.issue == 1 && setAside.direction == .toGitHub)
        switch setAside.reason {
        case .gitHub(.notFound), .gitHub(.status): break
        default: Issue.record("expected GitHub's refusal, got \(setAside.reason)")
        }
        #expect(try await world.card(2).title == "Renamed on GitHub")
        #expect(world.github.issue(3, in: GitHubSyncWorld.repositoryName)?.state == "closed")

        // Within the wait, nothing is sent for it.
        world.github.clearRequests()
        let waiting = try await world.sync()
        #expect(world.patches.isEmpty)
        guard case .waiting(_, let attempts)? = waiting.setAside.first?.reason else {
            Issue.record("expected a wait, got \(waiting.setAside)")
            return
        }
        #expect(attempts == 1)

        // After it, it is sent again, once; when GitHub takes it, it is done.
        world.github.failChanges(toIssue: 1, in: GitHubSyncWorld.repositoryName, status: nil)
        world.clock.advance(by: 61)
        world.github.clearRequests()
        let retried = try await world.sync()
        #expect(retried.closed == 1 && retried.setAside.isEmpty)
        #expect(world.patches.map(\.path) == ["/repos/octocat/Hello-World/issues/1"])
        #expect(world.github.issue(1, in: GitHubSyncWorld.repositoryName)?.state == "closed")
    }

    @Test("the retry waits a minute, doubling with each failure, up to a day")
    func backoff() {
        #expect(GitHubRetry.wait(afterAttempts: 1) == 60)
        #expect(GitHubRetry.wait(afterAttempts: 2) == 120)
        #expect(GitHubRetry.wait(afterAttempts: 5) == 960)
        #expect(GitHubRetry.wait(afterAttempts: 40) == 86_400)
    }

    @Test(
        "a close redirected (307) after the repository's rename on GitHub still closes the issue; reading follows the 301"
    )
    func renamedRepository() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link()
        try await world.sync()
        world.github.rename(GitHubSyncWorld.repositoryName, to: "octocat/Hello-Universe")
        world.github.edit(2, in: "octocat/Hello-Universe") { $0.title = "Edited after the rename" }
        try await world.engine.moveProject(try await world.card(1).id, to: .done)

        let report = try await world.sync()

        #expect(report.closed == 1 && report.setAside.isEmpty)
        #expect(report.updated == 5)  // every issue's page moved with the repository
        #expect(
            try await world.engine.gitHubLinks.cards(on: .default).allSatisfy { $0.url.path.contains("Hello-Universe") }
        )
        #expect(world.github.issue(1, in: "octocat/Hello-Universe")?.state == "closed")
        #expect(try await world.card(2).title == "Edited after the rename")
    }

    @Test("a close answered 301 and re-sent is checked: the card is closed only when GitHub's issue is")
    func closeAfterRedirect() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link()
        try await world.sync()
        try await world.engine.moveProject(try await world.card(1).id, to: .done)
        world.github.failNext(.slow(.zero))  // the listing
        world.github.failNext(.redirect(status: 301, location: "/api/v3/repos/octocat/Hello-World/issues/1"))

        let report = try await world.sync()

        #expect(report.closed == 1)
        #expect(world.github.issue(1, in: GitHubSyncWorld.repositoryName)?.state == "closed")
    }

    @Test("a card entering a done list of one's own closes its issue, and leaving it for an active list reopens it")
    func listsOfOnesOwn() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link()
        try await world.sync()
        let shipped = try await world.engine.addList("Shipped", on: .default, stage: .done)
        let review = try await world.engine.addList("Review", on: .default, stage: .doing)

        try await world.engine.moveProject(try await world.card(1).id, toList: shipped.id)
        #expect(try await world.sync().closed == 1)
        #expect(world.github.issue(1, in: GitHubSyncWorld.repositoryName)?.state == "closed")

        try await world.engine.moveProject(try await world.card(1).id, toList: review.id)
        #expect(try await world.sync().reopened == 1)
        #expect(world.github.issue(1, in: GitHubSyncWorld.repositoryName)?.state == "open")
    }

    @Test("a close GitHub answers with success but without closing is set aside, not taken as done")
    func closeNotApplied() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link()
        try await world.sync()
        try await world.engine.moveProject(try await world.card(1).id, to: .done)
        world.github.failNext(.slow(.zero))  // the listing
        world.github.failNext(.answerWithoutChanging)

        let report = try await world.sync()

        #expect(report.closed == 0)
        #expect(report.setAside.first?.reason == .gitHub(.changeNotApplied(issue: 1, field: "state")))
        world.clock.advance(by: 61)
        let retried = try await world.sync()
        #expect(retried.closed == 1)
        #expect(world.github.issue(1, in: GitHubSyncWorld.repositoryName)?.state == "closed")
    }
}

@Suite("Both ways: edits, merges, new and deleted cards")
struct GitHubTwoWaySyncTests {
    @Test("a card's title and body edited here go to the issue in one PATCH; the next sync sends nothing")
    func editHere() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link()
        try await world.sync()
        try await world.edit(1, title: "Retitled here", body: "Notes here")
        world.github.clearRequests()

        let report = try await world.sync()
        let patches = world.patches
        let again = try await world.sync()

        #expect(report.edited == 1)
        #expect(patches.count == 1)
        #expect(try world.fields(of: patches.first) == ["title": "Retitled here", "body": "Notes here"])
        #expect(world.github.issue(1, in: GitHubSyncWorld.repositoryName)?.title == "Retitled here")
        #expect(world.github.issue(1, in: GitHubSyncWorld.repositoryName)?.body == "Notes here")
        #expect(again.isQuiet)
        #expect(world.patches.count == 1)
    }

    @Test("an issue edited on GitHub changes its card, and nothing is sent back")
    func editThere() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link()
        try await world.sync()
        world.github.edit(1, in: GitHubSyncWorld.repositoryName) { issue in
            issue.title = "Retitled there"
            issue.body = "Line one\r\nLine two"
        }

        let report = try await world.sync()

        #expect(report.updated == 1 && report.edited == 0)
        let card = try await world.card(1)
        #expect(card.title == "Retitled there")
        #expect(card.body == "Line one\nLine two")
        #expect(world.patches.isEmpty)
    }

    @Test("a body changed on different lines on both sides keeps both, here and on GitHub")
    func mergeDifferentLines() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        world.github.edit(1, in: GitHubSyncWorld.repositoryName) { $0.body = "one\ntwo\nthree" }
        try await world.link()
        try await world.sync()
        try await world.edit(1, body: "ONE here\ntwo\nthree")
        world.github.edit(1, in: GitHubSyncWorld.repositoryName) { $0.body = "one\ntwo\nTHREE there" }

        let report = try await world.sync()

        #expect(report.conflicts == 0)
        #expect(try await world.card(1).body == "ONE here\ntwo\nTHREE there")
        #expect(world.github.issue(1, in: GitHubSyncWorld.repositoryName)?.body == "ONE here\ntwo\nTHREE there")
        #expect(world.patches.count == 1)
    }

    @Test("the same line changed on both sides keeps GitHub's, and the local text is in the card's history")
    func mergeSameLine() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        world.github.edit(1, in: GitHubSyncWorld.repositoryName) { $0.body = "one\ntwo\nthree" }
        try await world.link()
        try await world.sync()
        try await world.edit(1, title: "My title", body: "one\nTWO here\nthree")
        world.github.edit(1, in: GitHubSyncWorld.repositoryName) { issue in
            issue.title = "Their title"
            issue.body = "one\nTWO there\nthree"
        }

        let report = try await world.sync()

        #expect(report.conflicts == 1)
        let card = try await world.card(1)
        #expect(card.title == "Their title")
        #expect(card.body == "one\nTWO there\nthree")
        #expect(world.patches.isEmpty)
        let history = try await world.engine.fetchHistory(onBoard: .default)
        #expect(
            history.contains { $0.kind == .keptGitHubText(localTitle: "My title", localBody: "one\nTWO here\nthree") })
    }

    @Test("a card added to a board whose link says so becomes one issue, with one POST, never two")
    func newCard() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link(createsIssues: true)
        try await world.sync()
        let made = try await world.engine.createProject(ProjectDraft(title: "Made here", body: "Its notes"))
        world.github.clearRequests()

        let report = try await world.sync()
        let again = try await world.sync()

        #expect(report.created == 1 && again.isQuiet)
        #expect(world.posts.count == 1)
        let issue = try #require(world.github.issue(6, in: GitHubSyncWorld.repositoryName))
        #expect(issue.title == "Made here")
        #expect(issue.body?.hasPrefix("Its notes") == true)
        #expect(GitHubText.project(markedIn: issue.body) == made.id)
        #expect(try await world.card(6).id == made.id)
        #expect(try await world.card(6).body == "Its notes")
    }

    @Test("a card in Done becomes an issue and is closed; a link that does not say so makes no issue")
    func newCardInDone() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link()
        try await world.sync()
        _ = try await world.engine.createProject(ProjectDraft(title: "Finished"), in: .done)
        world.github.clearRequests()
        try await world.sync()
        #expect(world.posts.isEmpty)

        try await world.link(createsIssues: true)
        let report = try await world.sync()

        #expect(report.created == 1)
        #expect(world.github.issue(6, in: GitHubSyncWorld.repositoryName)?.state == "closed")
        #expect(try await world.sync().isQuiet)
    }

    @Test("a sync that stops between GitHub making the issue and saving the card does not make a second one")
    func crashBetweenPostAndSave() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link(createsIssues: true)
        try await world.sync()
        let made = try await world.engine.createProject(ProjectDraft(title: "Made here"))
        let lost = ConnectionLostAfterCreating(inner: try world.issues)

        await #expect(throws: GitHubSyncError.self) { _ = try await world.engine.syncWithGitHub(over: lost)(.default) }
        #expect(world.posts.count == 1)
        let report = try await world.sync()

        #expect(world.posts.count == 1)
        #expect(report.created == 0 && report.added == 0)
        #expect(try await world.card(6).id == made.id)
    }

    @Test(
        "a card deleted here closes its issue as not planned when the link says so, once; the issue does not come back")
    func deletedCard() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link(closesDeletedIssues: true)
        try await world.sync()
        try await world.engine.deleteProject(try await world.card(2).id)
        world.github.clearRequests()

        let report = try await world.sync()
        let again = try await world.sync()

        #expect(report.closedAsNotPlanned == 1 && again.isQuiet)
        #expect(try world.fields(of: world.patches.first) == ["state": "closed", "state_reason": "not_planned"])
        #expect(world.patches.count == 1)
        let issue = world.github.issue(2, in: GitHubSyncWorld.repositoryName)
        #expect(issue?.state == "closed" && issue?.stateReason == "not_planned")
        #expect(try await world.engine.projects.projects(onBoard: .default).count == 4)
    }

    @Test("a card deleted here leaves its issue alone when the link does not say so, and the issue does not come back")
    func deletedCardLeftAlone() async throws {
        let world = try GitHubSyncWorld()
        defer { world.stop() }
        try await world.link()
        try await world.sync()
        try await world.engine.deleteProject(try await world.card(2).id)
        world.github.edit(2, in: GitHubSyncWorld.repositoryName) { $0.title = "Edited there" }

        let report = try await world.sync()

        #expect(report.added == 0 && world.patches.isEmpty)
        #expect(world.github.issue(2, in: GitHubSyncWorld.repositoryName)?.state == "open")
        #expect(try await world.engine.projects.projects(onBoard: .default).count == 4)
    }
}

@Suite("A board linked to a repository of 5,000 issues")
struct GitHubSyncAtScaleTests {
    @Test(
        "with nothing new, one conditional request per page, every one a 304, and nothing saved; one changed card sends one request"
    )
    func fiveThousand() async throws {
        let world = try GitHubSyncWorld(issues: 5_000)
        defer { world.stop() }
        try await world.link()
        let first = try await world.sync()
        #expect(first.added == 5_000)
        let historyBefore = try await world.engine.fetchHistory(onBoard: .default).count
        world.github.clearRequests()

        let quiet = try await world.sync()

        let pages = world.github.apiRequests
        #expect(pages.count == 50)
        #expect(pages.allSatisfy { $0.method == "GET" && $0.header("If-None-Match") != nil })
        #expect(quiet.isUnchanged && quiet.isQuiet)
        #expect(try await world.engine.fetchHistory(onBoard: .default).count == historyBefore)

        try await world.edit(4_321, title: "One card changed")
        world.github.clearRequests()
        let one = try await world.sync()

        #expect(one.edited == 1)
        let writes = world.github.apiRequests.filter { $0.method != "GET" }
        #expect(writes.count == 1)
        #expect(world.github.apiRequests.count == 51)
    }
}

/// GitHub makes the issue, then the connection drops before its answer arrives: the sync never
/// learns the issue's number.
struct ConnectionLostAfterCreating: GitHubIssueRepository {
    let inner: any GitHubIssueRepository

    func firstPage(of repository: GitHubRepositoryName, matching filter: IssueFilter) async throws(GitHubError)
        -> IssuePage
    {
        try await inner.firstPage(of: repository, matching: filter)
    }

    func page(after cursor: IssuePage.Cursor) async throws(GitHubError) -> IssuePage {
        try await inner.page(after: cursor)
    }

    func update(issue number: Int, in repository: GitHubRepositoryName, with change: IssueChange)
        async throws(GitHubError) -> GitHubIssue
    {
        try await inner.update(issue: number, in: repository, with: change)
    }

    func create(_ issue: NewIssue, in repository: GitHubRepositoryName) async throws(GitHubError) -> GitHubIssue {
        _ = try await inner.create(issue, in: repository)
        throw .transport(URLError(.networkConnectionLost))
    }
}
