import Foundation
import ProjectManagerDomain

/// One issue as the issue list shows it, its text in the locale's language.
public struct IssueRow: Hashable, Sendable, Identifiable {
    /// GitHub's id for the issue.
    public let id: Int64
    /// The issue's number in its repository.
    public let number: Int
    /// The issue's title.
    public let title: String
    /// "#1347 opened by octocat".
    public let subtitle: String
    /// "Open" or "Closed".
    public let stateText: String
    /// Whether the issue is open, for the row's icon.
    public let isOpen: Bool
    /// The issue's labels' names.
    public let labels: [String]
    /// The logins the issue is assigned to.
    public let assignees: [String]

    init(_ issue: GitHubIssue, localizer: Localizer) {
        id = issue.id
        number = issue.number
        title = issue.title
        subtitle = localizer(.gitHub(.opened(number: issue.number, by: issue.author)))
        stateText = localizer(.gitHub(.issueState(issue.state)))
        isOpen = issue.state == .open
        labels = issue.labels
        assignees = issue.assignees
    }
}

/// The issue a user selected, as its detail screen shows it.
public struct IssueDetail: Hashable, Sendable {
    /// The row it was selected from.
    public let row: IssueRow
    /// The description, or the locale's "No description provided."
    public let body: String
    /// Its page on GitHub.
    public let url: URL

    init(_ issue: GitHubIssue, localizer: Localizer) {
        row = IssueRow(issue, localizer: localizer)
        body = issue.body.flatMap { $0.isEmpty ? nil : $0 } ?? localizer(.gitHub(.noDescription))
        url = issue.url
    }
}

/// Whether the issue list is loading, and whether there is more to load.
public enum IssueListLoading: Hashable, Sendable {
    /// The first page of a filter is loading; the rows are empty.
    case loading
    /// The next page is loading; the rows shown stay.
    case loadingMore
    /// What was asked for has come; `hasMore` when another page waits for ``IssueListViewModel/Event/loadMore``.
    case loaded(hasMore: Bool)
    /// The last request failed; the errors stream said why. Refresh or change a filter to retry.
    case failed
}
