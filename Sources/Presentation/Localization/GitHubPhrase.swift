import ProjectManagerDomain

/// The text of the GitHub screens, as a key with its arguments.
public enum GitHubPhrase: Hashable, Sendable {
    /// The issue list's title: "Issues · octocat/Hello-World".
    case issuesTitle(GitHubRepositoryName)
    /// A state filter's name: "Open", "Closed", "All".
    case stateFilter(IssueFilter.State)
    /// An issue's state: "Open", "Closed".
    case issueState(GitHubIssue.State)
    /// The filter that keeps the issues assigned to the signed-in user.
    case assignedToMe
    /// The button that loads the next page.
    case loadMore
    /// Shown while a page loads.
    case loading
    /// The list's text when no issue matches.
    case noIssues
    /// The detail's text for an issue without a body.
    case noDescription
    /// An issue's subtitle: "#1347 opened by octocat"; `nil` author: a deleted account.
    case opened(number: Int, by: String?)
    /// Why loading or changing issues failed, and what to do.
    case failure(GitHubError)
    /// What a sync set aside, which way, and why: "#12, to GitHub: GitHub answered with status 422".
    case setAside(GitHubSyncReport.SetAside)
    /// How many cards kept GitHub's text over theirs, which is in each card's history.
    case keptGitHubText(cards: Int)
    /// Why a board cannot be synced: it is linked to no repository.
    case notLinked
}
