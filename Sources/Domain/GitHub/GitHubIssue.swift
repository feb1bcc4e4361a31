import Foundation

/// A repository on GitHub, written `OWNER/REPO`.
public struct GitHubRepositoryName: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The user or organization that owns it.
    public let owner: String
    /// The repository's name.
    public let name: String

    /// Reads `OWNER/REPO`; `nil` unless it is two non-empty parts of letters, digits, `-`, `_` and `.`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard parts.count == 2,
            parts.allSatisfy({ part in
                !part.isEmpty && part != "." && part != ".."
                    && part.unicodeScalars.allSatisfy { $0.isASCII && allowed.contains($0) }
            })
        else { return nil }
        owner = String(parts[0])
        name = String(parts[1])
    }

    public var description: String { "\(owner)/\(name)" }
}

/// One issue of a repository (pull requests are never issues here).
public struct GitHubIssue: Hashable, Sendable, Codable, Identifiable {
    /// Whether an issue is open or closed.
    public enum State: String, Hashable, Sendable, Codable, CaseIterable {
        /// `open`: the issue is open; `closed`: it was closed (see ``GitHubIssue/stateReason``).
        case open, closed
    }

    /// GitHub's id for the issue, the same in every repository it moves to.
    public let id: Int64
    /// The number in its repository, `#1347`.
    public var number: Int
    /// The title.
    public var title: String
    /// The description; `nil` when there is none.
    public var body: String?
    /// Whether it is open or closed.
    public var state: State
    /// Why it was closed or reopened (`completed`, `not_planned`, `reopened`), when GitHub says.
    public var stateReason: String?
    /// Its page on the web host.
    public var url: URL
    /// The names of its labels.
    public var labels: [String]
    /// The logins of its assignees.
    public var assignees: [String]
    /// Who opened it; `nil` for a deleted account.
    public var author: String?
    /// When it was opened.
    public var createdAt: Date
    /// When it last changed on GitHub.
    public var updatedAt: Date
    /// When it was closed; `nil` while it is open.
    public var closedAt: Date?

    /// An issue as GitHub describes it; open, with no body, labels or assignees, by default.
    public init(
        id: Int64, number: Int, title: String, body: String? = nil, state: State = .open,
        stateReason: String? = nil, url: URL, labels: [String] = [], assignees: [String] = [],
        author: String? = nil, createdAt: Date, updatedAt: Date, closedAt: Date? = nil
    ) {
        self.id = id
        self.number = number
        self.title = title
        self.body = body
        self.state = state
        self.stateReason = stateReason
        self.url = url
        self.labels = labels
        self.assignees = assignees
        self.author = author
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.closedAt = closedAt
    }
}

/// Which issues to list, as IssueTracker and `gh issue list` offer.
public struct IssueFilter: Hashable, Sendable {
    /// Which states to include.
    public enum State: String, Hashable, Sendable, CaseIterable {
        /// `open` issues only, `closed` ones only, or `all` of them.
        case open, closed, all
    }

    /// Whose issues to include.
    public enum Assignee: Hashable, Sendable {
        /// Assigned to the signed-in user.
        case me
        /// Assigned to this login.
        case login(String)
        /// Assigned to nobody.
        case nobody
        /// Assigned to anybody.
        case anybody
    }

    /// What to sort by.
    public enum Sort: String, Hashable, Sendable, CaseIterable {
        /// By when issues were `created`, last `updated`, or by how many `comments` they have.
        case created, updated, comments
    }

    /// Which way to sort.
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        /// `asc`: oldest or fewest first.
        case ascending = "asc"
        /// `desc`: newest or most first.
        case descending = "desc"
    }

    /// Which states to include; open ones by default.
    public var state: State
    /// Whose issues to include; `nil`: whoever they are assigned to, if anybody.
    public var assignee: Assignee?
    /// Opened by this login.
    public var creator: String?
    /// Mentioning this login.
    public var mentioned: String?
    /// Carrying every one of these labels.
    public var labels: [String]
    /// Updated at or after this instant.
    public var since: Date?
    /// What to sort by; when they were created by default.
    public var sort: Sort
    /// Which way to sort; newest first by default.
    public var direction: Direction

    /// A filter; by default the open issues, newest first, whoever they belong to.
    public init(
        state: State = .open, assignee: Assignee? = nil, creator: String? = nil, mentioned: String? = nil,
        labels: [String] = [], since: Date? = nil, sort: Sort = .created, direction: Direction = .descending
    ) {
        self.state = state
        self.assignee = assignee
        self.creator = creator
        self.mentioned = mentioned
        self.labels = labels
        self.since = since
        self.sort = sort
        self.direction = direction
    }
}

/// How many requests GitHub allows until when.
public struct RateLimit: Hashable, Sendable, Codable {
    /// How many requests the window allows.
    public var limit: Int
    /// How many requests are left in the window.
    public var remaining: Int
    /// When the window resets.
    public var reset: Date

    /// A rate limit as GitHub's `x-ratelimit-*` headers report it.
    public init(limit: Int, remaining: Int, reset: Date) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
    }
}

/// One page of a repository's issues, pull requests left out.
public struct IssuePage: Sendable, Hashable {
    /// Where the next page is, as GitHub's `Link` header gave it; opaque.
    public struct Cursor: Sendable, Hashable {
        /// The address of the next page, exactly as GitHub wrote it.
        public let url: URL
        /// The cursor of the page at `url`.
        public init(url: URL) { self.url = url }
    }

    /// The page's issues, in the order asked for.
    public var issues: [GitHubIssue]
    /// The next page, or `nil` on the last.
    public var next: Cursor?
    /// Whether GitHub answered `304 Not Modified` and the kept copy was used.
    public var isUnchanged: Bool
    /// The rate limit after this request, when GitHub reported it.
    public var rateLimit: RateLimit?

    /// A page of `issues`, with the cursor of the next page and the rate limit GitHub reported.
    public init(issues: [GitHubIssue], next: Cursor?, isUnchanged: Bool, rateLimit: RateLimit?) {
        self.issues = issues
        self.next = next
        self.isUnchanged = isUnchanged
        self.rateLimit = rateLimit
    }
}

/// The signed-in user.
public struct GitHubUser: Hashable, Sendable, Codable {
    /// GitHub's id for the user, which never changes.
    public var id: Int64
    /// The user's login, `octocat`.
    public var login: String
    /// The display name, when set.
    public var name: String?

    /// A user as GitHub describes them.
    public init(id: Int64, login: String, name: String? = nil) {
        self.id = id
        self.login = login
        self.name = name
    }
}
