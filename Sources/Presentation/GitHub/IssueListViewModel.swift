import Foundation
import ProjectManagerDomain

/// The issue list of a repository: filters, pages as they arrive, selection, loading and errors.
///
/// Every filter event starts over from the first page; ``Event/loadMore`` appends the next page
/// (followed from GitHub's `Link` header). Nothing is retried by itself: after an error the list
/// says so once and waits for the user.
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: IssueListViewModel.Event.self)
/// let output = issueList.transform(IssueListViewModel.Input(events: events))
/// Task { for await rows in output.rows { render(rows) } }
/// send.yield(.appear)
/// send.yield(.chooseState(.closed))
/// ```
@MainActor
public final class IssueListViewModel: ViewModelType {
    /// What the user does on the issue list.
    public enum Event: Hashable, Sendable {
        /// The screen appeared: load the first page.
        case appear
        /// Pull to refresh: load the first page again (unchanged pages cost a `304`).
        case refresh
        /// Show open, closed or all issues.
        case chooseState(IssueFilter.State)
        /// Show only the issues assigned to the signed-in user, or everyone's again.
        case toggleAssignedToMe
        /// Show only issues assigned to this login; `nil` shows everyone's.
        case chooseAssignee(String?)
        /// Add a label to the filter, or take it out.
        case toggleLabel(String)
        /// Sort by this key, this way.
        case sort(IssueFilter.Sort, IssueFilter.Direction)
        /// The list was scrolled to its end: load the next page, when there is one.
        case loadMore
        /// An issue was tapped.
        case select(GitHubIssue.ID)
        /// The detail was closed.
        case clearSelection
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the issue list renders.
    public struct Output: Sendable {
        /// The screen's title, "Issues · octocat/hello-world".
        public let title: String
        /// The state filter's choices, in order, with their names.
        public let stateChoices: [(state: IssueFilter.State, title: String)]
        /// The "Assigned to me" filter's title.
        public let assignedToMeTitle: String
        /// The title of the button that loads the next page.
        public let loadMoreTitle: String
        /// The text to show while the first page loads.
        public let loadingText: String
        /// The text to show when no issue matches.
        public let emptyText: String
        /// The filter in force, each time it changes.
        public let filter: AsyncStream<IssueFilter>
        /// The rows so far: a new filter's first page, then longer as pages arrive.
        public let rows: AsyncStream<[IssueRow]>
        /// Whether a page is loading, and whether another waits: each time it changes.
        public let loading: AsyncStream<IssueListLoading>
        /// The selected issue, `nil` when the selection is cleared.
        public let selection: AsyncStream<IssueDetail?>
        /// What went wrong, in the locale's language.
        public let errors: AsyncStream<String>
    }

    private let repository: GitHubRepositoryName
    private let issues: any GitHubIssueRepository
    private let initialFilter: IssueFilter
    private let localizer: Localizer

    /// An issue list of `repository`, starting with `filter`.
    public init(
        repository: GitHubRepositoryName, filter: IssueFilter = IssueFilter(), issues: any GitHubIssueRepository,
        localizer: Localizer
    ) {
        self.repository = repository
        self.issues = issues
        self.initialFilter = filter
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let outputs = Outputs()
        let binding = Binding(filter: initialFilter)
        Task {
            for await event in input.events { await handle(event, binding, outputs) }
            outputs.finish()
        }
        return Output(
            title: localizer(.gitHub(.issuesTitle(repository))),
            stateChoices: IssueFilter.State.allCases.map { ($0, localizer(.gitHub(.stateFilter($0)))) },
            assignedToMeTitle: localizer(.gitHub(.assignedToMe)), loadMoreTitle: localizer(.gitHub(.loadMore)),
            loadingText: localizer(.gitHub(.loading)), emptyText: localizer(.gitHub(.noIssues)),
            filter: outputs.filter.stream, rows: outputs.rows.stream, loading: outputs.loading.stream,
            selection: outputs.selection.stream, errors: outputs.errors.stream)
    }

    // MARK: - Handling

    /// One binding's state.
    @MainActor
    private final class Binding {
        var filter: IssueFilter
        var issues: [GitHubIssue] = []
        var next: IssuePage.Cursor?
        var hasLoaded = false

        init(filter: IssueFilter) {
            self.filter = filter
        }
    }

    @MainActor
    private final class Outputs {
        let filter = OutputChannel<IssueFilter>()
        let rows = OutputChannel<[IssueRow]>()
        let loading = OutputChannel<IssueListLoading>()
        let selection = OutputChannel<IssueDetail?>()
        let errors = OutputChannel<String>()

        func finish() {
            filter.finish()
            rows.finish()
            loading.finish()
            selection.finish()
            errors.finish()
        }
    }

    private func handle(_ event: Event, _ binding: Binding, _ outputs: Outputs) async {
        var filter = binding.filter
        switch event {
        case .appear, .refresh:
            await loadFirstPage(binding, outputs)
            return
        case .loadMore:
            await loadNextPage(binding, outputs)
            return
        case .select(let id):
            if let issue = binding.issues.first(where: { $0.id == id }) {
                outputs.selection.send(IssueDetail(issue, localizer: localizer))
            }
            return
        case .clearSelection:
            outputs.selection.send(nil)
            return
        case .chooseState(let state): filter.state = state
        case .toggleAssignedToMe: filter.assignee = filter.assignee == .me ? nil : .me
        case .chooseAssignee(let login): filter.assignee = login.map(IssueFilter.Assignee.login)
        case .toggleLabel(let label):
            if let index = filter.labels.firstIndex(of: label) {
                filter.labels.remove(at: index)
            } else {
                filter.labels.append(label)
            }
        case .sort(let key, let direction):
            filter.sort = key
            filter.direction = direction
        }
        guard filter != binding.filter || !binding.hasLoaded else { return }
        binding.filter = filter
        await loadFirstPage(binding, outputs)
    }

    private func loadFirstPage(_ binding: Binding, _ outputs: Outputs) async {
        outputs.filter.update(binding.filter)
        outputs.loading.update(.loading)
        binding.issues = []
        binding.next = nil
        binding.hasLoaded = true
        outputs.rows.send([])
        do throws(GitHubError) {
            let page = try await issues.firstPage(of: repository, matching: binding.filter)
            show(page, binding, outputs)
        } catch {
            fail(error, outputs)
        }
    }

    private func loadNextPage(_ binding: Binding, _ outputs: Outputs) async {
        guard let cursor = binding.next else { return }
        outputs.loading.update(.loadingMore)
        do throws(GitHubError) {
            show(try await issues.page(after: cursor), binding, outputs)
        } catch {
            fail(error, outputs)
        }
    }

    private func show(_ page: IssuePage, _ binding: Binding, _ outputs: Outputs) {
        binding.issues += page.issues
        binding.next = page.next
        outputs.rows.send(binding.issues.map { IssueRow($0, localizer: localizer) })
        outputs.loading.update(.loaded(hasMore: page.next != nil))
    }

    private func fail(_ error: GitHubError, _ outputs: Outputs) {
        outputs.loading.update(.failed)
        outputs.errors.send(localizer(.gitHub(.failure(error))))
    }
}
