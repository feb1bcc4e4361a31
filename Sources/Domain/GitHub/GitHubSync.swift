import Foundation

/// A board shown as a Kanban view of a repository's issues.
public struct GitHubBoardLink: Hashable, Sendable, Codable, Identifiable {
    /// The board, which is linked to one repository at most.
    public let id: Board.ID
    /// The repository whose issues the board shows.
    public var repository: GitHubRepositoryName

    /// A link of `board` to `repository`.
    public init(board: Board.ID, repository: GitHubRepositoryName) {
        id = board
        self.repository = repository
    }
}

/// What GitHub says about a card that stands for an issue, kept apart from the ``Project``.
///
/// It is keyed by the project's id; ``syncedState``, ``syncedTitle`` and ``syncedBody`` are what
/// both sides agreed on at the last sync, so that a sync can tell who changed what since.
public struct GitHubCard: Hashable, Sendable, Codable, Identifiable {
    /// The card's project.
    public let id: Project.ID
    /// The board the card is on, which is linked to the issue's repository.
    public let boardID: Board.ID
    /// GitHub's id for the issue: the key that makes a sync idempotent.
    public let issueID: Int64
    /// The issue's number in its repository, `#1347`.
    public var number: Int
    /// The issue's page on GitHub.
    public var url: URL
    /// The issue's labels, as of the last sync.
    public var labels: [String]
    /// The logins the issue is assigned to, as of the last sync.
    public var assignees: [String]
    /// The issue's state at the last sync: a card whose column says otherwise (in Done or out of it)
    /// is sent to GitHub by the next sync.
    public var syncedState: GitHubIssue.State
    /// The title both sides had at the last sync.
    public var syncedTitle: String
    /// The body both sides had at the last sync; empty when the issue had none.
    public var syncedBody: String

    /// The card of `project` on `board` for `issue`, as the issue is now.
    public init(project: Project.ID, board: Board.ID, issue: GitHubIssue) {
        id = project
        boardID = board
        issueID = issue.id
        number = issue.number
        url = issue.url
        labels = issue.labels
        assignees = issue.assignees
        syncedState = issue.state
        syncedTitle = issue.title
        syncedBody = issue.body ?? ""
    }
}

/// Where links and cards are kept: in the same store as the board.
public protocol GitHubLinkRepository: Sendable {
    /// Links `board` to `repository`, replacing any other link it had.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist,
    ///   ``RepositoryError/storage(_:)``.
    /// - Complexity: One save.
    func link(_ board: Board.ID, to repository: GitHubRepositoryName) async throws(RepositoryError)
    /// The board's link, if it has one.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(1).
    func link(of board: Board.ID) async throws(RepositoryError) -> GitHubBoardLink?
    /// The board's cards that stand for issues.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*c*) for *c* cards on the board.
    func cards(on board: Board.ID) async throws(RepositoryError) -> [GitHubCard]
    /// Saves `cards`, as one save.
    /// - Throws: ``RepositoryError/notFound(_:)`` when a card's project or board does not exist,
    ///   ``RepositoryError/storage(_:)``; nothing is saved.
    /// - Complexity: O(*c*) for *c* cards, plus one save.
    func save(_ cards: [GitHubCard]) async throws(RepositoryError)
}

/// Why a sync stopped.
public enum GitHubSyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The board is linked to no repository.
    case notLinked(Board.ID)
    /// GitHub refused or could not be reached.
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

/// What a sync did.
public struct GitHubSyncReport: Hashable, Sendable {
    /// Issues that became new cards.
    public var added = 0
    /// Cards changed because their issue changed on GitHub.
    public var updated = 0
    /// Issues closed or reopened because their card moved into or out of Done.
    public var closed = 0
    /// Issues reopened because their card moved out of Done.
    public var reopened = 0
    /// Whether every page came back `304 Not Modified`.
    public var isUnchanged = false

    /// A report of a sync that did nothing yet.
    public init() {}
}

/// Syncs a linked board with its repository's issues.
///
/// First the board's own changes go out, card by card in the order they were made: a card moved
/// into Done closes its issue (`state_reason=completed`), one moved out reopens it; each is sent
/// once, and one that fails waits for the next sync. Then the issues come in, every page with
/// `If-None-Match`: a new issue becomes a card (To Do, or Done when closed), a changed one changes
/// its card (GitHub's title and body win; when the card's text changed here too, the local text is
/// recorded in its history first), one closed or reopened on GitHub moves its card. When
/// every page is unchanged, nothing is written.
public struct SyncBoardWithGitHub: Sendable {
    private let links: any GitHubLinkRepository
    private let issues: any GitHubIssueRepository
    private let projects: any ProjectStore
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
        self.projects = store
        self.environment = environment
        importProjects = ImportProjects(store: store, environment: environment)
        updateProject = UpdateProject(store: store, environment: environment)
        moveProject = MoveProject(store: store, environment: environment)
    }

    /// Syncs `board`.
    /// - Throws: ``GitHubSyncError``; what was done before the error stays done and is not redone.
    /// - Complexity: One request per card to send and per page of issues, O(*c* + *i*) for *c*
    ///   cards and *i* issues, and a save for each card that changes.
    public func callAsFunction(_ board: Board.ID = .default) async throws(GitHubSyncError) -> GitHubSyncReport {
        let found = try await repository { () async throws(RepositoryError) in try await links.link(of: board) }
        guard let link = found else {
            throw .notLinked(board)
        }
        var report = GitHubSyncReport()
        var cards = try await repository { () async throws(RepositoryError) in try await links.cards(on: board) }
        try await sendOutbox(&cards, link: link, report: &report)
        let incoming = try await allIssues(of: link.repository)
        report.isUnchanged = incoming.unchanged
        if incoming.unchanged { return report }
        try await receive(incoming.issues, into: &cards, board: board, report: &report)
        return report
    }

    // MARK: - Out

    private func sendOutbox(_ cards: inout [GitHubCard], link: GitHubBoardLink, report: inout GitHubSyncReport) async throws(GitHubSyncError) {
        var pending: [(index: Int, project: Project)] = []
        for (index, card) in cards.enumerated() {
            let project = try await repository { () async throws(RepositoryError) in try await projects.project(id: card.id) }
            if (project.state == .done) != (card.syncedState == .closed) { pending.append((index, project)) }
        }
        for (index, project) in pending.sorted(by: { $0.project.updatedAt < $1.project.updatedAt }) {
            let wanted: GitHubIssue.State = project.state == .done ? .closed : .open
            do throws(GitHubError) {
                _ = try await issues.setState(wanted, ofIssue: cards[index].number, in: link.repository)
            } catch {
                throw .gitHub(error)
            }
            cards[index].syncedState = wanted
            let sent = cards[index]
            try await repository { () async throws(RepositoryError) in try await links.save([sent]) }
            if wanted == .closed { report.closed += 1 } else { report.reopened += 1 }
        }
    }

    // MARK: - In

    private func allIssues(of repository: GitHubRepositoryName) async throws(GitHubSyncError) -> (issues: [GitHubIssue], unchanged: Bool) {
        do throws(GitHubError) {
            var page = try await issues.firstPage(of: repository, matching: IssueFilter(state: .all, sort: .created, direction: .ascending))
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

    private func receive(
        _ incoming: [GitHubIssue], into cards: inout [GitHubCard], board: Board.ID, report: inout GitHubSyncReport
    ) async throws(GitHubSyncError) {
        let known = Dictionary(cards.enumerated().map { ($0.element.issueID, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var changed: [GitHubCard] = []
        var new: [GitHubIssue] = []
        for issue in incoming {
            guard let index = known[issue.id] else {
                new.append(issue)
                continue
            }
            var card = cards[index]
            let before = card
            let (title, body) = Self.text(of: issue)
            if title != card.syncedTitle || body != card.syncedBody {
                let project = try await repository { () async throws(RepositoryError) in try await projects.project(id: card.id) }
                let changedHere = project.title != card.syncedTitle || project.body != card.syncedBody
                if changedHere, project.title != title || project.body != body {
                    try await repository { () async throws(RepositoryError) in try await keepLocalText(of: project) }
                }
                let draft = ProjectDraft(
                    title: title, body: body, deadline: project.deadline, repeatRule: project.recurrence?.rule)
                try await repository { () async throws(RepositoryError) in
                    _ = try await updateProject(card.id, with: draft)
                }
                (card.syncedTitle, card.syncedBody) = (title, body)
            }
            if issue.state != card.syncedState {
                let id = card.id
                try await repository { () async throws(RepositoryError) in
                    _ = try await moveProject(id, to: issue.state == .closed ? .done : .todo)
                }
                card.syncedState = issue.state
            }
            (card.number, card.url, card.labels, card.assignees) = (issue.number, issue.url, issue.labels, issue.assignees)
            if card != before {
                changed.append(card)
                report.updated += 1
            }
        }
        for state in [GitHubIssue.State.open, .closed] {
            let batch = new.filter { $0.state == state }
            guard !batch.isEmpty else { continue }
            let drafts = batch.map { issue in
                let (title, body) = Self.text(of: issue)
                return ProjectDraft(title: title, body: body)
            }
            let saved = try await repository { () async throws(RepositoryError) in
                try await importProjects(drafts, on: board, in: state == .closed ? .done : .todo)
            }
            changed += zip(saved, batch).map { project, issue in
                var card = GitHubCard(project: project.id, board: board, issue: issue)
                (card.syncedTitle, card.syncedBody) = Self.text(of: issue)
                return card
            }
            report.added += batch.count
        }
        guard !changed.isEmpty else { return }
        let toSave = changed
        try await repository { () async throws(RepositoryError) in try await links.save(toSave) }
    }

    /// Records in the project's history the local title and body the sync is about to replace
    /// with GitHub's (``Activity/Kind/keptGitHubText(localTitle:localBody:)``): one save and one
    /// undo step of its board.
    private func keepLocalText(of project: Project) async throws(RepositoryError) {
        var changes = ChangeSet(UserAction(.keepLocalText(project.id), at: environment.now()), undoOn: project.boardID)
        changes.record(.keptGitHubText(localTitle: project.title, localBody: project.body), of: project)
        try await projects.save(changes)
    }

    /// An issue's title and body as a card holds them: cut to the project rules' limits (GitHub
    /// allows longer), so that a long issue still syncs; the whole text stays on GitHub.
    static func text(of issue: GitHubIssue) -> (title: String, body: String) {
        let title = issue.title.trimmingCharacters(in: .whitespacesAndNewlines)
        return (String(title.prefix(ProjectRules.titleLimit)), String((issue.body ?? "").prefix(ProjectRules.bodyLimit)))
    }

    private func repository<Value>(_ work: () async throws(RepositoryError) -> Value) async throws(GitHubSyncError) -> Value {
        do {
            return try await work()
        } catch {
            throw .repository(error)
        }
    }
}
