import Foundation

/// A board shown as a Kanban view of a repository's issues, and what its sync may do there.
public struct GitHubBoardLink: Hashable, Sendable, Codable, Identifiable {
    /// The board, which is linked to one repository at most.
    public let id: Board.ID
    /// The repository whose issues the board shows.
    public var repository: GitHubRepositoryName
    /// Whether a card added to the board becomes an issue.
    public var createsIssues: Bool
    /// Whether a card deleted from the board closes its issue, as not planned.
    public var closesDeletedIssues: Bool
    /// The changes to GitHub that failed and wait for their turn, one per card.
    public var retries: [GitHubRetry]

    /// A link of `board` to `repository`, with what its sync may do there and nothing waiting.
    public init(
        board: Board.ID, repository: GitHubRepositoryName, createsIssues: Bool = false,
        closesDeletedIssues: Bool = false
    ) {
        id = board
        self.repository = repository
        self.createsIssues = createsIssues
        self.closesDeletedIssues = closesDeletedIssues
        retries = []
    }

    private enum CodingKeys: String, CodingKey {
        case id, repository, createsIssues, closesDeletedIssues, retries
    }

    /// Reads a link, one saved before the options and retries existed included.
    /// - Throws: `DecodingError` when the board or the repository is missing or unreadable.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Board.ID.self, forKey: .id)
        repository = try container.decode(GitHubRepositoryName.self, forKey: .repository)
        createsIssues = try container.decodeIfPresent(Bool.self, forKey: .createsIssues) ?? false
        closesDeletedIssues = try container.decodeIfPresent(Bool.self, forKey: .closesDeletedIssues) ?? false
        retries = try container.decodeIfPresent([GitHubRetry].self, forKey: .retries) ?? []
    }
}

/// A change to GitHub for a card that failed: when it may be tried again.
///
/// The wait starts at a minute and doubles with each failure, up to a day.
public struct GitHubRetry: Hashable, Sendable, Codable {
    /// The card.
    public var project: Project.ID
    /// How many times in a row it failed.
    public var attempts: Int
    /// When it may be tried again.
    public var notBefore: Date

    /// A retry of `project`'s change after `attempts` failures, not before `notBefore`.
    public init(project: Project.ID, attempts: Int, notBefore: Date) {
        self.project = project
        self.attempts = attempts
        self.notBefore = notBefore
    }

    /// The wait after the `attempts`th failure in a row: a minute, doubled each time, a day at most.
    public static func wait(afterAttempts attempts: Int) -> TimeInterval {
        min(60 * pow(2, Double(max(attempts, 1) - 1)), 86_400)
    }

    /// The retry after one more failure at `now`.
    public func failedAgain(at now: Date) -> GitHubRetry {
        GitHubRetry(project: project, attempts: attempts + 1, notBefore: now + Self.wait(afterAttempts: attempts + 1))
    }
}

/// What GitHub says about a card that stands for an issue, kept apart from the ``Project``.
///
/// It is keyed by the project's id, and stays when the project is deleted, so that the sync knows
/// the issue was a card (and closes it, when the link says so) instead of bringing it in again.
/// ``syncedState``, ``syncedTitle`` and ``syncedBody`` are GitHub's as of the last sync, as a card
/// holds them: the base a sync merges both sides' changes against.
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
    /// changed here, or the issue on GitHub.
    public var syncedState: GitHubIssue.State
    /// The issue's title at the last sync, as a card holds it.
    public var syncedTitle: String
    /// The issue's body at the last sync, as a card holds it; empty when it had none.
    public var syncedBody: String

    /// The card of `issue`, its synced text as a card holds it (``GitHubText``).
    public init(project: Project.ID, board: Board.ID, issue: GitHubIssue) {
        id = project
        boardID = board
        issueID = issue.id
        number = issue.number
        url = issue.url
        labels = issue.labels
        assignees = issue.assignees
        syncedState = issue.state
        syncedTitle = GitHubText.cardTitle(issue.title, number: issue.number)
        syncedBody = GitHubText.cardBody(issue.body)
    }
}

/// Where links and cards are kept: in the same store as the board.
public protocol GitHubLinkRepository: Sendable {
    /// Saves `link`, replacing any link its board had.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist,
    ///   ``RepositoryError/storage(_:)``.
    /// - Complexity: One save.
    func save(_ link: GitHubBoardLink) async throws(RepositoryError)
    /// The board's link, if it has one.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(1).
    func link(of board: Board.ID) async throws(RepositoryError) -> GitHubBoardLink?
    /// The board's cards that stand for issues, those of deleted projects included.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*c*) for *c* cards on the board.
    func cards(on board: Board.ID) async throws(RepositoryError) -> [GitHubCard]
    /// Saves `cards`, as one save.
    /// - Throws: ``RepositoryError/notFound(_:)`` when a card's board does not exist,
    ///   ``RepositoryError/storage(_:)``; nothing is saved.
    /// - Complexity: O(*c*) for *c* cards, plus one save.
    func save(_ cards: [GitHubCard]) async throws(RepositoryError)
}

extension GitHubLinkRepository {
    /// Links `board` to `repository`, replacing any other link it had, with neither option.
    /// - Throws: As ``save(_:)-(GitHubBoardLink)``.
    public func link(_ board: Board.ID, to repository: GitHubRepositoryName) async throws(RepositoryError) {
        try await save(GitHubBoardLink(board: board, repository: repository))
    }
}
