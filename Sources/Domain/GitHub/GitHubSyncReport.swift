import Foundation

/// What a sync did, each way, and what it set aside.
public struct GitHubSyncReport: Hashable, Sendable {
    /// Something a sync could not apply this time, and why: it is tried again on the next sync.
    public struct SetAside: Hashable, Sendable {
        /// Which way the change was going.
        public enum Direction: String, Hashable, Sendable {
            /// From GitHub to the board.
            case fromGitHub
            /// From the board to GitHub.
            case toGitHub
        }

        /// Why it was set aside.
        public enum Reason: Hashable, Sendable {
            /// GitHub refused or failed the change.
            case gitHub(GitHubError)
            /// The store could not save it.
            case repository(RepositoryError)
            /// It failed `attempts` times in a row before and waits until `until`.
            case waiting(until: Date, attempts: Int)
        }

        /// Which way it was going.
        public var direction: Direction
        /// The issue, when there is one yet.
        public var issue: Int?
        /// The card, when there is one.
        public var project: Project.ID?
        /// Why it was set aside.
        public var reason: Reason

        /// An item set aside.
        public init(direction: Direction, issue: Int?, project: Project.ID?, reason: Reason) {
            self.direction = direction
            self.issue = issue
            self.project = project
            self.reason = reason
        }
    }

    // MARK: From GitHub

    /// Issues that became new cards.
    public var added = 0
    /// Cards changed because their issue changed on GitHub (text, state, labels, assignees).
    public var updated = 0

    // MARK: To GitHub

    /// Cards that became issues.
    public var created = 0
    /// Issues whose title or body was sent from their card.
    public var edited = 0
    /// Issues closed because their card moved into Done.
    public var closed = 0
    /// Issues reopened because their card moved out of Done.
    public var reopened = 0
    /// Issues closed as not planned because their card was deleted.
    public var closedAsNotPlanned = 0

    // MARK: Both

    /// Cards whose text changed on the same lines both here and on GitHub: GitHub's was kept, and
    /// the local text is in the card's history.
    public var conflicts = 0
    /// What was set aside, in the order it happened.
    public var setAside: [SetAside] = []
    /// Whether every page came back `304 Not Modified`.
    public var isUnchanged = false

    /// A report of a sync that did nothing yet.
    public init() {}

    /// Whether nothing went either way and nothing was set aside.
    public var isQuiet: Bool {
        added + updated + created + edited + closed + reopened + closedAsNotPlanned + conflicts == 0 && setAside.isEmpty
    }
}
