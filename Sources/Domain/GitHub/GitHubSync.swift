import Foundation

/// Why a sync stopped.
public enum GitHubSyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The board is linked to no repository.
    case notLinked(Board.ID)
    /// GitHub could not be used at all: the issues could not be read, or a failure that every
    /// other request would meet too (the connection, the token, the rate limit).
    case gitHub(GitHubError)
    /// The board or its cards could not be read or saved.
    case repository(RepositoryError)

    /// What happened, in English, for logs; `Localizer.message(for:)` puts it in words.
    public var description: String {
        switch self {
        case .notLinked: "the board is not linked to a repository"
        case .gitHub(let error): error.description
        case .repository(let error): error.description
        }
    }
}

/// Syncs a linked board with its repository's issues, both ways.
///
/// First every page of issues comes in, each with `If-None-Match`. Then each issue and its card
/// are merged against what they were at the last sync (``GitHubCard``):
/// - **State.** A card moved into Done closes its issue (`completed`), one moved out reopens it;
///   an issue closed or reopened on GitHub moves its card.
/// - **Title.** Changed on one side, it goes to the other. Changed on both, GitHub's is kept.
/// - **Body.** Changed on one side, it goes to the other. Changed on both, it is merged by lines
///   (``TextMerge``): different lines both kept, the same line changed on both keeps GitHub's.
/// - **Conflicts.** When GitHub's text is kept over the card's, the card's text is recorded in its
///   history first (``Activity/Kind/keptGitHubText(localTitle:localBody:)``), so nothing typed
///   is lost.
///
/// An issue that is new becomes a card; with ``GitHubBoardLink/createsIssues``, a card without an
/// issue becomes one, its body ending with a hidden marker (``GitHubText/marker(for:)``) that the
/// next sync finds if this one stopped before saving; with
/// ``GitHubBoardLink/closesDeletedIssues``, a deleted card closes its issue as not planned.
/// Everything sent to an issue goes in one request.
///
/// Text from GitHub that breaks a card's rules comes in cleaned (``GitHubText``), never refused.
/// Each issue and each change is applied or set aside on its own: what is set aside is reported
/// (``GitHubSyncReport/setAside``), and a change to GitHub that failed waits (a minute, doubling)
/// and is tried after the others. Only a failure every request would meet (no connection, a
/// refused token, the rate limit) stops the sync; what was done before it stays done.
public struct SyncBoardWithGitHub: Sendable {
    private let links: any GitHubLinkRepository
    private let issues: any GitHubIssueRepository
    private let store: any ProjectStore
    private let environment: EngineEnvironment
    private let importProjects: ImportProjects
    private let updateProject: UpdateProject
    private let moveProject: MoveProject

    /// Syncs through `links` and `issues`, saving the cards in `store`, with the ids, the clock and
    /// the calendar of `environment`.
    public init(
        links: any GitHubLinkRepository, issues: any GitHubIssueRepository, store: any ProjectStore,
        environment: EngineEnvironment
    ) {
        self.links = links
        self.issues = issues
        self.store = store
        self.environment = environment
        importProjects = ImportProjects(store: store, environment: environment)
        updateProject = UpdateProject(store: store, environment: environment)
        moveProject = MoveProject(store: store, environment: environment)
    }

    /// Syncs `board`.
    /// - Throws: ``GitHubSyncError``: the board is not linked, the issues could not be read, or
    ///   GitHub or the store failed in a way every other change would meet too. What was done
    ///   before the error stays done and is not redone.
    /// - Complexity: one request per page of issues (a `304` when nothing changed), one per issue
    ///   changed here, one per card made an issue; O(*n*) work for *n* cards and issues.
    public func callAsFunction(_ board: Board.ID = .default) async throws(GitHubSyncError) -> GitHubSyncReport {
        let found = try await repository { () async throws(RepositoryError) in try await links.link(of: board) }
        guard let link = found else { throw .notLinked(board) }
        let cards = try await repository { () async throws(RepositoryError) in try await links.cards(on: board) }
        let projects = try await repository { () async throws(RepositoryError) in
            try await store.projects(onBoard: board)
        }
        let incoming = try await allIssues(of: link.repository)
        var pass = Pass(link: link, cards: cards, projects: projects, now: environment.now())
        pass.report.isUnchanged = incoming.unchanged
        do throws(GitHubSyncError) {
            try await run(&pass, incoming: incoming.issues)
        } catch {
            try await finish(&pass)
            throw error
        }
        try await finish(&pass)
        return pass.report
    }

    // MARK: - The pass

    /// What one sync knows and has done so far.
    private struct Pass {
        var link: GitHubBoardLink
        let board: Board.ID
        let now: Date
        var cards: [Project.ID: GitHubCard]
        let projects: [Project.ID: Project]
        var retries: [Project.ID: GitHubRetry]
        /// Cards changed by what came in, saved together at the end.
        var unsaved: [Project.ID: GitHubCard] = [:]
        var report = GitHubSyncReport()

        init(link: GitHubBoardLink, cards: [GitHubCard], projects: [Project], now: Date) {
            self.link = link
            board = link.id
            self.now = now
            self.cards = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            self.projects = Dictionary(projects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            retries = Dictionary(link.retries.map { ($0.project, $0) }, uniquingKeysWith: { first, _ in first })
        }

        /// Whether a change to GitHub for `project` must wait; reports it when so.
        mutating func mustWait(_ project: Project.ID, issue: Int?) -> Bool {
            guard let retry = retries[project], retry.notBefore > now else { return false }
            report.setAside.append(
                .init(
                    direction: .toGitHub, issue: issue, project: project,
                    reason: .waiting(until: retry.notBefore, attempts: retry.attempts)))
            return true
        }

        /// Records that a change to GitHub for `project` failed with `error`.
        mutating func failed(_ project: Project.ID, issue: Int?, _ error: GitHubError) {
            let retry = retries[project] ?? GitHubRetry(project: project, attempts: 0, notBefore: now)
            retries[project] = retry.failedAgain(at: now)
            report.setAside.append(.init(direction: .toGitHub, issue: issue, project: project, reason: .gitHub(error)))
        }

        mutating func setAsideIncoming(issue: Int, project: Project.ID?, _ error: RepositoryError) {
            report.setAside.append(
                .init(direction: .fromGitHub, issue: issue, project: project, reason: .repository(error)))
        }
    }

    private func run(_ pass: inout Pass, incoming: [GitHubIssue]) async throws(GitHubSyncError) {
        let byIssue = Dictionary(pass.cards.values.map { ($0.issueID, $0.id) }, uniquingKeysWith: { first, _ in first })
        var known: [(card: GitHubCard, project: Project, issue: GitHubIssue)] = []
        var new: [GitHubIssue] = []
        var seen: Set<Int64> = []
        for issue in incoming where seen.insert(issue.id).inserted {
            if let id = byIssue[issue.id] {
                // A card deleted here keeps its record, so its issue does not come back.
                if let card = pass.cards[id], let project = pass.projects[id] { known.append((card, project, issue)) }
            } else if let marked = GitHubText.project(markedIn: issue.body), pass.cards[marked] == nil,
                let project = pass.projects[marked]
            {
                // Made from this card by a sync that stopped before it saved the card's issue.
                var card = GitHubCard(project: marked, board: pass.board, issue: issue)
                (card.syncedTitle, card.syncedBody) = (project.title, project.body)
                pass.cards[marked] = card
                pass.unsaved[marked] = card
                known.append((card, project, issue))
            } else {
                new.append(issue)
            }
        }
        // Changes that failed before go after the others.
        let (fresh, retried) = (
            known.filter { pass.retries[$0.card.id] == nil }, known.filter { pass.retries[$0.card.id] != nil }
        )
        for item in fresh + retried {
            try await merge(item.card, item.project, item.issue, &pass)
        }
        try await bringIn(new, &pass)
        let open = Dictionary(incoming.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        try await closeDeleted(&pass, states: open)
        if pass.link.createsIssues { try await makeIssues(&pass) }
    }

    private func finish(_ pass: inout Pass) async throws(GitHubSyncError) {
        if !pass.unsaved.isEmpty {
            let cards = Array(pass.unsaved.values)
            try await repository { () async throws(RepositoryError) in try await links.save(cards) }
            pass.unsaved = [:]
        }
        let retries = pass.retries.values.sorted { $0.notBefore < $1.notBefore }
        if Set(retries) != Set(pass.link.retries) {
            var link = pass.link
            link.retries = retries
            try await repository { () async throws(RepositoryError) in try await links.save(link) }
            pass.link = link
        }
    }

    // MARK: - One card and its issue

    /// Merges a card and its issue against their last sync, applies the result here, and sends
    /// what GitHub lacks in one request.
    private func merge(_ card: GitHubCard, _ project: Project, _ issue: GitHubIssue, _ pass: inout Pass)
        async throws(GitHubSyncError)
    {
        let theirsTitle = GitHubText.cardTitle(issue.title, number: issue.number)
        let theirsBody = GitHubText.normalizedBody(issue.body)
        let theirsCardBody = GitHubText.fitted(body: theirsBody)
        var change = IssueChange()
        var conflict = false

        var title = theirsTitle
        if project.title != card.syncedTitle, project.title != theirsTitle {
            if theirsTitle == card.syncedTitle {
                (title, change.title) = (project.title, project.title)
            } else {
                conflict = true
            }
        }
        var body = theirsCardBody
        if project.body != card.syncedBody, project.body != theirsCardBody {
            let merged = TextMerge.merge(base: card.syncedBody, ours: project.body, theirs: theirsBody)
            conflict = conflict || merged.conflicts > 0
            body = GitHubText.fitted(body: merged.text)
            if merged.text != theirsBody { change.body = merged.text }
        }
        let ours: GitHubIssue.State = project.state == .done ? .closed : .open
        var move: ProjectState?
        if ours != card.syncedState, issue.state == card.syncedState {
            change.state = ours == .closed ? .closed(.completed) : .open
        } else if issue.state != card.syncedState, issue.state != ours {
            move = issue.state == .closed ? .done : .todo
        }
        if !change.isEmpty, pass.mustWait(card.id, issue: issue.number) { return }

        // In: the card takes the merged text and GitHub's state.
        do throws(RepositoryError) {
            if conflict {
                try await keepLocalText(of: project)
                pass.report.conflicts += 1
            }
            if title != project.title || body != project.body {
                let draft = ProjectDraft(
                    title: title, body: body, deadline: project.deadline, repeatRule: project.recurrence?.rule)
                try await updateProject(card.id, with: draft)
            }
            if let move { try await moveProject(card.id, to: move) }
        } catch {
            pass.setAsideIncoming(issue: issue.number, project: card.id, error)
            return
        }
        var synced = card
        (synced.number, synced.url, synced.labels, synced.assignees) = (
            issue.number, issue.url, issue.labels, issue.assignees
        )
        (synced.syncedTitle, synced.syncedBody, synced.syncedState) = (theirsTitle, theirsCardBody, issue.state)
        let changedHere = title != project.title || body != project.body || move != nil
        if changedHere || synced.number != card.number || synced.labels != card.labels
            || synced.assignees != card.assignees
            || synced.url != card.url
        {
            pass.report.updated += 1
        }

        // Out: what GitHub lacks, in one request.
        if !change.isEmpty {
            do throws(GitHubError) {
                let answer = try await issues.update(issue: issue.number, in: pass.link.repository, with: change)
                (synced.syncedTitle, synced.syncedBody, synced.syncedState) = (title, body, answer.state)
                (synced.labels, synced.assignees) = (answer.labels, answer.assignees)
                if change.title != nil || change.body != nil { pass.report.edited += 1 }
                switch change.state {
                case .closed?: pass.report.closed += 1
                case .open?: pass.report.reopened += 1
                case nil: break
                }
                pass.retries[card.id] = nil
            } catch  where Self.stopsTheSync(error) {
                pass.unsaved[card.id] = synced
                throw .gitHub(error)
            } catch {
                pass.failed(card.id, issue: issue.number, error)
            }
        }
        if synced != card {
            pass.cards[card.id] = synced
            pass.unsaved[card.id] = synced
        }
    }

    // MARK: - New issues

    /// Makes a card of each new issue: open ones in To Do, closed ones in Done, each column as one
    /// import; an import that fails is tried issue by issue, and what still fails is set aside.
    private func bringIn(_ new: [GitHubIssue], _ pass: inout Pass) async throws(GitHubSyncError) {
        for state in [GitHubIssue.State.open, .closed] {
            let batch = new.filter { $0.state == state }
            guard !batch.isEmpty else { continue }
            let column: ProjectState = state == .closed ? .done : .todo
            let drafts = batch.map {
                ProjectDraft(
                    title: GitHubText.cardTitle($0.title, number: $0.number), body: GitHubText.cardBody($0.body))
            }
            do throws(RepositoryError) {
                let saved = try await importProjects(drafts, on: pass.board, in: column)
                for (project, issue) in zip(saved, batch) {
                    keep(GitHubCard(project: project.id, board: pass.board, issue: issue), &pass)
                }
                pass.report.added += batch.count
            } catch {
                for (draft, issue) in zip(drafts, batch) {
                    do throws(RepositoryError) {
                        let saved = try await importProjects([draft], on: pass.board, in: column)
                        if let project = saved.first {
                            keep(GitHubCard(project: project.id, board: pass.board, issue: issue), &pass)
                        }
                        pass.report.added += 1
                    } catch {
                        pass.setAsideIncoming(issue: issue.number, project: nil, error)
                    }
                }
            }
        }
    }

    private func keep(_ card: GitHubCard, _ pass: inout Pass) {
        pass.cards[card.id] = card
        pass.unsaved[card.id] = card
    }

    // MARK: - Cards made or deleted here

    /// Closes, as not planned, the open issue of each card deleted here (when the link says so).
    private func closeDeleted(_ pass: inout Pass, states: [Int64: GitHubIssue.State]) async throws(GitHubSyncError) {
        guard pass.link.closesDeletedIssues else { return }
        let gone = pass.cards.values.filter {
            pass.projects[$0.id] == nil && $0.syncedState == .open && states[$0.issueID] == .open
        }
        for card in gone.sorted(by: { $0.number < $1.number }) {
            // A card moved to another board is not deleted.
            do throws(RepositoryError) {
                _ = try await store.project(id: card.id)
                continue
            } catch .notFound {
            } catch {
                throw .repository(error)
            }
            if pass.mustWait(card.id, issue: card.number) { continue }
            let closing = await attempt { () async throws(GitHubError) in
                try await issues.update(
                    issue: card.number, in: pass.link.repository, with: IssueChange(state: .closed(.notPlanned)))
            }
            switch closing {
            case .success(let answer):
                var closed = card
                closed.syncedState = answer.state
                try await save(closed, &pass)
                pass.report.closedAsNotPlanned += 1
                pass.retries[card.id] = nil
            case .failure(let error) where Self.stopsTheSync(error):
                throw .gitHub(error)
            case .failure(let error):
                pass.failed(card.id, issue: card.number, error)
            }
        }
    }

    /// Makes an issue of each card without one, oldest first, saving each card's issue as soon as
    /// GitHub has made it; a card in Done has its issue closed in a second request.
    private func makeIssues(_ pass: inout Pass) async throws(GitHubSyncError) {
        let waiting = pass.projects.values.filter { pass.cards[$0.id] == nil }.sorted {
            ($0.createdAt, $0.rank) < ($1.createdAt, $1.rank)
        }
        let (fresh, retried) = (
            waiting.filter { pass.retries[$0.id] == nil }, waiting.filter { pass.retries[$0.id] != nil }
        )
        for project in fresh + retried {
            if pass.mustWait(project.id, issue: nil) { continue }
            let making = await attempt { () async throws(GitHubError) in
                try await issues.create(
                    NewIssue(title: project.title, body: GitHubText.body(project.body, markedFor: project.id)),
                    in: pass.link.repository)
            }
            let made: GitHubIssue
            switch making {
            case .success(let issue): made = issue
            case .failure(let error) where Self.stopsTheSync(error): throw .gitHub(error)
            case .failure(let error):
                pass.failed(project.id, issue: nil, error)
                continue
            }
            var card = GitHubCard(project: project.id, board: pass.board, issue: made)
            (card.syncedTitle, card.syncedBody) = (project.title, project.body)
            try await save(card, &pass)
            pass.report.created += 1
            pass.retries[project.id] = nil
            guard project.state == .done else { continue }
            let closing = await attempt { () async throws(GitHubError) in
                try await issues.update(
                    issue: made.number, in: pass.link.repository, with: IssueChange(state: .closed(.completed)))
            }
            switch closing {
            case .success(let answer):
                card.syncedState = answer.state
                try await save(card, &pass)
            case .failure(let error) where Self.stopsTheSync(error):
                throw .gitHub(error)
            case .failure(let error):
                pass.failed(project.id, issue: made.number, error)
            }
        }
    }

    /// Saves one card at once: what GitHub now has must not be sent again.
    private func save(_ card: GitHubCard, _ pass: inout Pass) async throws(GitHubSyncError) {
        pass.cards[card.id] = card
        pass.unsaved[card.id] = nil
        try await repository { () async throws(RepositoryError) in try await links.save([card]) }
    }

    private func attempt<Value>(_ work: () async throws(GitHubError) -> Value) async -> Result<Value, GitHubError> {
        do {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Reading

    private func allIssues(of repository: GitHubRepositoryName) async throws(GitHubSyncError) -> (
        issues: [GitHubIssue], unchanged: Bool
    ) {
        do throws(GitHubError) {
            var page = try await issues.firstPage(
                of: repository, matching: IssueFilter(state: .all, sort: .created, direction: .ascending))
            var all = page.issues
            var unchanged = page.isUnchanged
            while let next = page.next {
                page = try await issues.page(after: next)
                all += page.issues
                unchanged = unchanged && page.isUnchanged
            }
            return (all, unchanged)
        } catch {
            throw .gitHub(error)
        }
    }

    /// Whether `error` is one every other request would meet too, so that going on is pointless.
    static func stopsTheSync(_ error: GitHubError) -> Bool {
        switch error {
        case .transport, .unauthorized, .rateLimited, .notSignedIn, .insecureAddress: true
        default: false
        }
    }

    /// Records in the project's history the local title and body the sync is about to replace
    /// with GitHub's (``Activity/Kind/keptGitHubText(localTitle:localBody:)``): one save and one
    /// undo step of its board.
    private func keepLocalText(of project: Project) async throws(RepositoryError) {
        var changes = ChangeSet(UserAction(.keepLocalText(project.id), at: environment.now()), undoOn: project.boardID)
        changes.record(.keptGitHubText(localTitle: project.title, localBody: project.body), of: project)
        try await store.save(changes)
    }

    private func repository<Value>(_ work: () async throws(RepositoryError) -> Value) async throws(GitHubSyncError)
        -> Value
    {
        do {
            return try await work()
        } catch {
            throw .repository(error)
        }
    }
}
